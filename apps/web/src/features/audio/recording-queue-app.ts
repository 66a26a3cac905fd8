import { i18n } from '../../i18n/i18n.ts';
import { api } from '../../lib/api.ts';
import { getDefaultLanguage } from './default-language.ts';
import { deletePendingRecording, listPendingRecordings, savePendingRecording } from './pending-recordings.ts';
import { prepareRecordingFile } from './prepare-recording.ts';
import { createRecordingQueue } from './recording-queue.ts';
import { uploadErrorMessage } from './upload-errors.ts';
import { putToStorage, uploadRecording } from './upload-recording.ts';

/** The app's one queue of recordings made offline, kept in IndexedDB, sent through the API. */
export const recordingQueue = createRecordingQueue({
  list: listPendingRecordings,
  save: savePendingRecording,
  remove: deletePendingRecording,
  send: async (recording, onProgress) => {
    const file = await prepareRecordingFile(recording, recording.language ?? getDefaultLanguage());
    if (recording.speakers !== undefined) file.speakers = recording.speakers;
    return uploadRecording(file, onProgress, { request: api.request, put: putToStorage });
  },
  online: () => navigator.onLine,
  describe: (error) => uploadErrorMessage(error, i18n.t('audio:errors.uploadRecording')),
  later: (fn, ms) => {
    const timer = window.setTimeout(fn, ms);
    return () => window.clearTimeout(timer);
  },
});
