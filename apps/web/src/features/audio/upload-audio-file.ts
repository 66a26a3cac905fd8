import type { Audio, FileUploadResponse, SpeakersRequest } from '@voxpress/contracts';
import { i18n } from '../../i18n/i18n.ts';
import { API_BASE } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { transcriptionLanguageFields } from './language-fields.ts';
import { type MultipartPostDeps, postMultipart } from './multipart-post.ts';
import { RESUMABLE_FROM_BYTES, uploadResumable } from './resumable-upload.ts';

/** What the upload form sends. */
export interface AudioFileUpload {
  file: File;
  /** The user's title; when blank none is sent and the server names the upload after its file. */
  title: string;
  description: string;
  language: string;
  /** How many voices to look for; the server's default (auto) when absent. */
  speakers?: SpeakersRequest;
}

const MIME_BY_EXTENSION: Record<string, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  webm: 'audio/webm',
};

/**
 * The content type sent for a file (spec section 5): one of the audio/wav, mpeg, mp4, ogg, webm
 * family by extension, else by the browser's type, else a generic binary type.
 */
export function uploadMimeType(file: { name: string; type: string }): string {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const byExt = MIME_BY_EXTENSION[ext];
  if (byExt) return byExt;
  const type = file.type.toLowerCase();
  if (type.includes('wav')) return 'audio/wav';
  if (type.includes('mpeg') || type.includes('mp3')) return 'audio/mpeg';
  if (type.includes('mp4') || type.includes('m4a') || type.includes('aac')) return 'audio/mp4';
  if (type.includes('ogg')) return 'audio/ogg';
  if (type.includes('webm')) return 'audio/webm';
  return 'application/octet-stream';
}

/** The multipart form (spec section 3): title and description only when non-empty, the flag as a string. */
export function buildAudioUploadForm(input: AudioFileUpload): FormData {
  const fields = transcriptionLanguageFields(input.language);
  const form = new FormData();
  const file = new File([input.file], input.file.name, { type: uploadMimeType(input.file) });
  form.append('file', file, input.file.name);
  const title = input.title.trim();
  if (title) form.append('title', title);
  const description = input.description.trim();
  if (description) form.append('description', description);
  form.append('language', fields.language);
  form.append('google_language_code', fields.google_language_code);
  form.append('use_whisper_for_english', String(fields.use_whisper_for_english));
  if (input.speakers !== undefined) form.append('speakers', String(input.speakers));
  return form;
}

export type AudioFileUploadDeps = MultipartPostDeps & {
  /** Stops a resumable upload (a form upload is stopped through `send`'s own signal). */
  signal?: AbortSignal;
};

/**
 * `POST /files/upload/audio` with XMLHttpRequest for progress, the bearer token, and one refresh
 * and retry on a 401. Resolves with the new audio item; rejects with ApiError or XhrFailure.
 */
export async function uploadAudioFile(
  input: AudioFileUpload,
  onProgress: (percent: number) => void,
  deps: AudioFileUploadDeps,
): Promise<Audio> {
  const fallback = () => i18n.t('audio:errors.uploadAudio');
  if (input.file.size > RESUMABLE_FROM_BYTES)
    return uploadResumable(
      input.file,
      {
        ...input,
        name: input.file.name,
        ...(input.speakers !== undefined ? { speakers: input.speakers } : {}),
      },
      onProgress,
      deps,
      deps.signal,
    );
  const { status, body } = await postMultipart(
    `${API_BASE}/files/upload/audio`,
    () => buildAudioUploadForm(input),
    onProgress,
    deps,
    fallback,
  );
  const parsed = JSON.parse(body) as Partial<FileUploadResponse>;
  if (!parsed.data?.audio_id) throw new ApiError(status, null, fallback());
  return parsed.data;
}
