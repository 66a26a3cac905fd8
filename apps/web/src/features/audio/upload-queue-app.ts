import { i18n } from '../../i18n/i18n.ts';
import { api, endSession, tokens } from '../../lib/api.ts';
import { deletePendingUpload, listPendingUploads, savePendingUpload } from './pending-uploads.ts';
import { uploadAudioFile } from './upload-audio-file.ts';
import { uploadErrorMessage } from './upload-errors.ts';
import { createUploadQueue } from './upload-queue.ts';
import { sendXhr } from './xhr-send.ts';

/**
 * The app's one queue of chosen files, kept in IndexedDB. It lives beside the page, so files go
 * on uploading while the user looks elsewhere in the app.
 */
export const uploadQueue = createUploadQueue({
  list: listPendingUploads,
  save: savePendingUpload,
  remove: deletePendingUpload,
  send: (entry, onProgress) =>
    uploadAudioFile(
      {
        // Its date too: a large file's resumable upload is found again by name, size and date.
        file: new File([entry.file], entry.name, {
          type: entry.file.type,
          ...(entry.file instanceof File ? { lastModified: entry.file.lastModified } : {}),
        }),
        // Blank: the server names each item after its file.
        title: '',
        description: '',
        language: entry.language,
        ...(entry.speakers !== undefined ? { speakers: entry.speakers } : {}),
      },
      onProgress,
      {
        send: sendXhr,
        accessToken: () => tokens.getAccessToken(),
        refresh: () => api.refresh(),
        endSession,
      },
    ),
  describe: (error) => uploadErrorMessage(error, i18n.t('audio:errors.uploadAudio')),
  newId: () => crypto.randomUUID(),
  now: () => new Date(),
});
