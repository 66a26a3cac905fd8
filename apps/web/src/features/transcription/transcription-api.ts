import { i18n } from '../../i18n/i18n.ts';
import { api, tokens } from '../../lib/api.ts';
import { ApiError } from '../../lib/api-error.ts';
import { transcriptionLanguageFields } from '../audio/language-fields.ts';

export type ExportFormat = 'txt' | 'srt' | 'vtt' | 'json' | 'docx';

export const audioKey = (id: string) => ['audio', id] as const;
export const transcriptionKey = (id: string) => ['audio', id, 'transcription'] as const;

export const getAudio = (id: string) => api.get('/api/v1/audio/{id}', { path: { id } });

export const getTranscription = (audioId: string) =>
  api.get('/api/v1/audio/{id}/transcription', { path: { id: audioId } });

/** Saves an edit made from `version`; a transcript saved elsewhere since answers 409 (code `conflict`). */
export const saveTranscription = (audioId: string, edit: { text: string; html?: string }, version: number) =>
  api.put('/api/v1/audio/{id}/transcription', {
    path: { id: audioId },
    json: { ...edit, version },
  });

/** Starts (again) the transcription of an audio item, optionally in another language. */
export const transcribeAudio = (audioId: string, language?: string) =>
  api.post('/api/v1/audio/{id}/transcribe', {
    path: { id: audioId },
    json: language ? { audio_id: audioId, ...transcriptionLanguageFields(language) } : {},
  });

/**
 * Addresses for what the browser opens without headers (`<audio>`, EventSource): each carries a
 * short-lived ticket for that address only, never the access token.
 */
export const getAudioLinks = (audioId: string) =>
  api.get('/api/v1/audio/{id}/links', { path: { id: audioId } });

/** Downloads the transcript as a file (TXT, SRT or VTT) through the browser's save dialog. */
export async function downloadTranscript(audioId: string, format: ExportFormat): Promise<void> {
  const fetchOnce = () =>
    fetch(`/api/v1/audio/${audioId}/transcription/export?format=${format}`, {
      headers: { Authorization: `Bearer ${tokens.getAccessToken() ?? ''}` },
    });
  let res = await fetchOnce();
  if (res.status === 401 && (await api.refresh())) res = await fetchOnce();
  if (!res.ok)
    throw new ApiError(
      res.status,
      null,
      i18n.t('transcription:export.failedStatus', { status: res.status, statusText: res.statusText }),
    );
  const name = /filename\*=UTF-8''([^;]+)/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name ? decodeURIComponent(name) : `transcript.${format}`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
