import type { Audio, AudioStatusEvent, MediaFormat } from '@voxpress/contracts';
import type { AudioRow } from '../repositories/audio.repository.ts';

/** The API shape of an audio row. */
export function toAudio(row: AudioRow): Audio {
  return {
    audio_id: row.id,
    id: row.id,
    title: row.title,
    description: row.description,
    source: row.source,
    ...(row.origin ? { origin: row.origin } : {}),
    file_name: row.fileName,
    file_format: (row.fileFormat as MediaFormat | null) ?? null,
    mime_type: row.mimeType,
    ...(row.mimeType?.startsWith('video/')
      ? {
          video: {
            poster_path: `/api/v1/audio/${row.id}/poster`,
            sound_path: `/api/v1/audio/${row.id}/sound`,
          },
        }
      : {}),
    file_size_bytes: row.sizeBytes,
    duration_s: row.durationS,
    codec: row.codec,
    language: row.language,
    status: row.status,
    transcription_status: row.transcriptionStatus,
    transcription_id: row.transcriptionId,
    speakers: row.speakersRequested ?? 'auto',
    speakers_status: row.speakersStatus,
    progress: { percent: Math.round(row.progress * 10) / 10, message: row.progressMessage },
    error: row.error,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the status stream says about an audio item: the status fields of its API shape. */
export function statusEvent(row: AudioRow): AudioStatusEvent {
  const { audio_id, status, transcription_status, transcription_id, progress, error, speakers_status } =
    toAudio(row);
  return { audio_id, status, transcription_status, transcription_id, progress, error, speakers_status };
}

const TITLE_CHARS = 80;
const TITLE_WORDS = 8;

/** A stand-in title ('Audio Upload' or 'Voice Recording' plus a date-time) until a better one is known. */
export function defaultTitle(source: 'recording' | 'upload', now = new Date()): string {
  const stamp = now.toISOString().slice(0, 16).replace('T', ' ');
  return `${source === 'recording' ? 'Voice Recording' : 'Audio Upload'} ${stamp}`;
}

/** Cuts `text` at the last word boundary within `max` characters, with an ellipsis when cut. */
function capAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const boundary = cut.lastIndexOf(' ');
  return `${(boundary > 0 ? cut.slice(0, boundary) : cut).replace(/[\s,;:.!?-]+$/u, '')}…`;
}

/**
 * A title from an uploaded file's name: no extension, underscores and dashes read as spaces.
 * Empty when the name holds no letters or digits (then a stand-in title is used).
 */
export function titleFromFileName(fileName: string | null | undefined): string {
  const base = (fileName ?? '').split(/[\\/]/).pop() ?? '';
  const stem = base.replace(/\.[\p{L}\p{N}]{1,5}$/u, '');
  const words = stem
    .replace(/[_\-.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return /[\p{L}\p{N}]/u.test(words) ? capAtWord(words, TITLE_CHARS) : '';
}

/** A title from a transcript's first words, cut at a word boundary, with an ellipsis when cut. */
export function titleFromTranscript(text: string): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '';
  const cut = words.length > TITLE_WORDS;
  const title = words
    .slice(0, TITLE_WORDS)
    .join(' ')
    .replace(/[,;:.!?-]+$/u, '');
  return capAtWord(cut ? `${title}…` : title, TITLE_CHARS);
}

/**
 * The title an item starts with: the user's, else an upload's file name; otherwise a stand-in
 * the transcript's first words replace (`provisional`).
 */
export function initialTitle(
  given: string | null | undefined,
  source: 'recording' | 'upload',
  fileName: string | null | undefined,
): { title: string; titleProvisional: boolean } {
  const title = given?.trim();
  if (title) return { title, titleProvisional: false };
  const fromName = source === 'upload' ? titleFromFileName(fileName) : '';
  if (fromName) return { title: fromName, titleProvisional: false };
  return { title: defaultTitle(source), titleProvisional: true };
}

export const mimeByFormat: Record<MediaFormat, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  webm: 'audio/webm',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  m4v: 'video/x-m4v',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
};

/** Where the sound taken out of an uploaded video is kept, beside the video. */
export const videoAudioKey = (blobKey: string) => `${blobKey}.audio.m4a`;
/** Where a video's poster frame is kept, beside the video. */
export const videoPosterKey = (blobKey: string) => `${blobKey}.poster.jpg`;
