import type { AudioFormat, SpeakersRequest, UploadInitRequest } from '@voxpress/contracts';
import { createRoutes } from '../../lib/api/routes.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { transcriptionLanguageFields } from './language-fields.ts';
import { StorageUploadError, storageErrorMessage } from './upload-errors.ts';
import { sendXhr } from './xhr-send.ts';

/** A recording ready to send: WAV after conversion, or the original when conversion failed. */
export interface RecordingFile {
  blob: Blob;
  format: AudioFormat;
  fileName: string;
  /** The user's title, if they gave one; without it the server names the recording. */
  title?: string;
  language: string;
  /** How many voices to look for; the server's default (auto) when absent. */
  speakers?: SpeakersRequest;
}

/** Sends bytes to a presigned URL; rejects with StorageUploadError or XhrFailure. */
export type PutToStorage = (
  url: string,
  blob: Blob,
  headers: Record<string, string>,
  onProgress: (percent: number) => void,
) => Promise<void>;

export interface RecordingUploadDeps {
  request: ApiClient['request'];
  put: PutToStorage;
}

/** The PUT to the presigned URL (S3 or our own server), without cookies, with progress. */
export const putToStorage: PutToStorage = async (url, blob, headers, onProgress) => {
  const res = await sendXhr({ method: 'PUT', url, body: blob, headers, onProgress });
  if (res.status < 200 || res.status >= 300) {
    throw new StorageUploadError(res.status, storageErrorMessage(res.status, res.body));
  }
};

/** The container MediaRecorder produced, as the server names formats. */
export function recordingFormat(mimeType: string): AudioFormat {
  if (mimeType.includes('ogg')) return 'ogg';
  if (mimeType.includes('mp4') || mimeType.includes('aac')) return 'm4a';
  return 'webm';
}

/** `voice-recording-20250301-142530.wav`, from the local time the recording was made. */
export function recordingFileName(createdAt: Date, format: AudioFormat): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const d = createdAt;
  const stamp = `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
  return `voice-recording-${stamp}.${format}`;
}

/** An expired link (410) means starting over with a fresh one, once. */
function isExpired(error: unknown): boolean {
  return (error instanceof ApiError || error instanceof StorageUploadError) && error.status === 410;
}

/**
 * Uploads a recording (spec section 7, Audio): ask for a presigned link, PUT the bytes, then ask
 * the server to check them and start transcription (202, without waiting for the result).
 * Progress runs 0–95 during the PUT; the caller shows 100 when this resolves.
 */
export async function uploadRecording(
  file: RecordingFile,
  onProgress: (percent: number) => void,
  deps: RecordingUploadDeps,
) {
  const { post } = createRoutes(deps.request);
  const fields = transcriptionLanguageFields(file.language);
  for (let attempt = 0; ; attempt++) {
    try {
      const init: UploadInitRequest = {
        ...(file.title?.trim() ? { title: file.title.trim() } : {}),
        file_format: file.format,
        file_size_bytes: file.blob.size,
        file_name: file.fileName,
        language: fields.language,
        google_language_code: fields.google_language_code,
        use_whisper_for_english: fields.use_whisper_for_english,
        source: 'recording',
        ...(file.speakers !== undefined ? { speakers: file.speakers } : {}),
      };
      const link = await post('/api/v1/audio/upload', { json: init });
      onProgress(0);
      await deps.put(link.presigned_url, file.blob, link.headers, (p) => onProgress(p * 0.95));
      return await post('/api/v1/audio/{id}/transcribe', {
        path: { id: link.audio_id },
        query: { language: file.language },
        json: {
          audio_id: link.audio_id,
          expected_languages: fields.expected_languages,
          auto_detect_language: false,
          force_language: fields.force_language,
          dialect: fields.dialect,
          google_language_code: fields.google_language_code,
          use_whisper_for_english: fields.use_whisper_for_english,
        },
      });
    } catch (err) {
      if (attempt === 0 && isExpired(err)) continue;
      throw err;
    }
  }
}
