import { convertToWav } from './convert-to-wav.ts';
import type { FinishedRecording } from './recorder-machine.ts';
import { type RecordingFile, recordingFileName, recordingFormat } from './upload-recording.ts';

/**
 * The file to upload for a recording: 16-bit PCM WAV when the browser can convert it (spec
 * section 5), otherwise the original MediaRecorder file, so a conversion problem never blocks
 * the upload. It goes without a title: the server names a recording after its first words.
 */
export async function prepareRecordingFile(
  recording: FinishedRecording,
  language: string,
  convert: (blob: Blob) => Promise<Blob> = convertToWav,
): Promise<RecordingFile> {
  const createdAt = new Date(recording.createdAt);
  try {
    const wav = await convert(recording.blob);
    return { blob: wav, format: 'wav', fileName: recordingFileName(createdAt, 'wav'), language };
  } catch {
    const format = recordingFormat(recording.mimeType);
    return { blob: recording.blob, format, fileName: recordingFileName(createdAt, format), language };
  }
}
