import type { Audio, AudioFormat, AudioStatusEvent } from '@voxpress/contracts';
import type { AudioRow } from '../../repositories/audio.repository.ts';

/** The API shape of an audio row. */
export function toAudio(row: AudioRow): Audio {
  return {
    audio_id: row.id,
    id: row.id,
    title: row.title,
    description: row.description,
    source: row.source,
    file_name: row.fileName,
    file_format: (row.fileFormat as AudioFormat | null) ?? null,
    mime_type: row.mimeType,
    file_size_bytes: row.sizeBytes,
    duration_s: row.durationS,
    codec: row.codec,
    language: row.language,
    status: row.status,
    transcription_status: row.transcriptionStatus,
    transcription_id: row.transcriptionId,
    progress: { percent: Math.round(row.progress * 10) / 10, message: row.progressMessage },
    error: row.error,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the status stream says about an audio item: the status fields of its API shape. */
export function statusEvent(row: AudioRow): AudioStatusEvent {
  const { audio_id, status, transcription_status, transcription_id, progress, error } = toAudio(row);
  return { audio_id, status, transcription_status, transcription_id, progress, error };
}

/** Default title when the user gives none (spec: 'Audio Upload' or 'Voice Recording' plus a date-time). */
export function defaultTitle(source: 'recording' | 'upload', now = new Date()): string {
  const stamp = now.toISOString().slice(0, 16).replace('T', ' ');
  return `${source === 'recording' ? 'Voice Recording' : 'Audio Upload'} ${stamp}`;
}

export const mimeByFormat: Record<AudioFormat, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  webm: 'audio/webm',
};
