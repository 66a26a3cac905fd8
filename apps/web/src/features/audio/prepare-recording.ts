import { formatDateTime } from '../../i18n/format.ts';
import { i18n } from '../../i18n/i18n.ts';
import { convertToWav } from './convert-to-wav.ts';
import type { FinishedRecording } from './recorder-machine.ts';
import { type RecordingFile, recordingFileName, recordingFormat } from './upload-recording.ts';

/** 'Voice Recording <local date-time>' (spec section 3, default titles). */
export function recordingTitle(createdAt: Date): string {
  return i18n.t('audio:recordingTitle', { date: formatDateTime(createdAt) });
}

/**
 * The file to upload for a recording: 16-bit PCM WAV when the browser can convert it (spec
 * section 5), otherwise the original MediaRecorder file, so a conversion problem never blocks
 * the upload.
 */
export async function prepareRecordingFile(
  recording: FinishedRecording,
  language: string,
  convert: (blob: Blob) => Promise<Blob> = convertToWav,
): Promise<RecordingFile> {
  const createdAt = new Date(recording.createdAt);
  const title = recordingTitle(createdAt);
  try {
    const wav = await convert(recording.blob);
    return { blob: wav, format: 'wav', fileName: recordingFileName(createdAt, 'wav'), title, language };
  } catch {
    const format = recordingFormat(recording.mimeType);
    return { blob: recording.blob, format, fileName: recordingFileName(createdAt, format), title, language };
  }
}
