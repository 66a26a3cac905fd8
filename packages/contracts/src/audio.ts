import { z } from 'zod';
import { zAudioOrigin } from './audio-import.ts';
import { LIMITS } from './limits.ts';
import { zLanguageCode, zText } from './text.ts';

export const audioFormats = ['mp3', 'wav', 'm4a', 'ogg', 'webm'] as const;
export const zAudioFormat = z.enum(audioFormats);
export type AudioFormat = z.infer<typeof zAudioFormat>;

/** Video containers accepted for their sound (the item keeps the video, a poster frame and the audio taken out). */
export const videoFormats = ['mp4', 'mov', 'm4v', 'mkv', 'webm', 'avi'] as const;
export type VideoFormat = (typeof videoFormats)[number];
/** An item's stored file: an audio format, or a video container when a video was uploaded. */
export const zMediaFormat = z
  .enum([...audioFormats, 'mp4', 'mov', 'm4v', 'mkv', 'avi'])
  .meta({ id: 'MediaFormat' });
export type MediaFormat = z.infer<typeof zMediaFormat>;

/** Where an audio item is in its life: waiting for its bytes, then transcribed. */
export const zAudioStatus = z
  .enum(['pending_upload', 'uploaded', 'processing', 'completed', 'failed'])
  .meta({ id: 'AudioStatus' });
export type AudioStatus = z.infer<typeof zAudioStatus>;

export const zTranscriptionStatus = z
  .enum(['not_started', 'queued', 'processing', 'completed', 'failed'])
  .meta({ id: 'TranscriptionStatus' });
export type TranscriptionStatus = z.infer<typeof zTranscriptionStatus>;

export const zProgress = z
  .object({
    /** 0–100, from real work done (decoded seconds over total), never a timer. */
    percent: z.number(),
    message: z.string().nullable(),
  })
  .meta({ id: 'Progress' });
export type Progress = z.infer<typeof zProgress>;

/** One audio item as every audio route returns it. */
export const zAudio = z
  .object({
    audio_id: z.string(),
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    source: z.enum(['recording', 'upload']),
    /** Where an imported file came from (a link, a feed episode, a video site); absent otherwise. */
    origin: zAudioOrigin.optional(),
    file_name: z.string().nullable(),
    file_format: zMediaFormat.nullable(),
    mime_type: z.string().nullable(),
    /** Present when the file uploaded was a video: the item plays it, or its sound, with a poster frame. */
    video: z
      .object({
        /** `GET /api/v1/audio/{id}/poster`: a frame of the video (JPEG; 404 when none could be made). */
        poster_path: z.string(),
        /** `GET /api/v1/audio/{id}/sound`: its sound alone (AAC), for browsers that cannot play the video. */
        sound_path: z.string(),
      })
      .optional(),
    file_size_bytes: z.number().int().nullable(),
    duration_s: z.number().nullable(),
    codec: z.string().nullable(),
    language: z.string(),
    status: zAudioStatus,
    transcription_status: zTranscriptionStatus,
    transcription_id: z.string().nullable(),
    /** How many voices speaker detection looks for: `auto`, or a number (1: detection is off). */
    speakers: z.union([z.literal('auto'), z.number().int()]).optional(),
    /** Where speaker detection stands; it runs after transcription (see `GET …/speakers`). */
    speakers_status: z.enum(['not_started', 'off', 'queued', 'processing', 'completed', 'failed']).optional(),
    progress: zProgress,
    error: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Audio' });
export type Audio = z.infer<typeof zAudio>;

/**
 * `GET /api/v1/audio/{id}/links`: addresses for what a browser opens without headers (the player,
 * the status stream). Each carries a ticket for that address only, valid `expires_in` seconds.
 */
export const zAudioLinks = z
  .object({
    download_url: z.string(),
    status_url: z.string(),
    /** For a video item: its poster frame and its sound alone, each with its own ticket. */
    poster_url: z.string().optional(),
    sound_url: z.string().optional(),
    expires_in: z.number().int(),
  })
  .meta({ id: 'AudioLinks' });
export type AudioLinks = z.infer<typeof zAudioLinks>;

/** `POST /api/v1/audio/upload`: start an upload; the bytes go to `presigned_url` with a PUT. */
export const zUploadInitRequest = z.object({
  title: zText({ trim: true, max: 200 }).optional(),
  description: zText({ trim: true, max: 5000, multiline: true }).optional(),
  file_format: zMediaFormat,
  file_size_bytes: z
    .number()
    .int()
    .min(1, 'The audio file is empty.')
    // The server holds it to its upload limit (MAX_UPLOAD_MB or the administrator's setting).
    .max(LIMITS.maxUploadCeilingBytes, 'File size must be less than 100MB.'),
  file_name: zText({ max: 255 }).optional(),
  language: zLanguageCode.optional(),
  google_language_code: zLanguageCode.optional(),
  use_whisper_for_english: z.boolean().optional(),
  source: z.enum(['recording', 'upload']).optional(),
  /** How many voices to look for: `auto` (the default) or 1–10; 1 turns speaker detection off. */
  speakers: z.union([z.literal('auto'), z.number().int().min(1).max(10)]).optional(),
});
export type UploadInitRequest = z.infer<typeof zUploadInitRequest>;

export const zUploadInitResponse = z.object({
  audio_id: z.string(),
  presigned_url: z.string(),
  method: z.literal('PUT'),
  /** Headers the PUT must carry (the content type the link was signed for). */
  headers: z.record(z.string(), z.string()),
  expires_at: z.string(),
});
export type UploadInitResponse = z.infer<typeof zUploadInitResponse>;

/** `GET /api/v1/audio`. */

export const zAudioListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(LIMITS.defaultPageSize),
  status: zAudioStatus.optional(),
  q: zText({ trim: true, max: 200 })
    .optional()
    .describe('Words to find in the title, the description or the transcript (any case).'),
});
export const zAudioList = z.object({
  items: z.array(
    zAudio.extend({
      match: z
        .string()
        .optional()
        .describe('With `q`: the passage of the transcript around the first word found, when found there.'),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AudioList = z.infer<typeof zAudioList>;

/**
 * The text fields of the multipart `POST /api/v1/files/upload/audio` form (beside `file`), checked
 * like every JSON body.
 */
export const zFileUploadFields = z.object({
  title: zText({ trim: true, max: 200 }).optional(),
  description: zText({ trim: true, max: 5000, multiline: true }).optional(),
  language: zLanguageCode.optional(),
  google_language_code: zLanguageCode.optional(),
  use_whisper_for_english: z.enum(['true', 'false']).optional(),
  source: z.enum(['recording', 'upload']).optional(),
  /** How many voices to look for: `auto` (the default) or 1–10; 1 turns speaker detection off. */
  speakers: z
    .string()
    .regex(/^(auto|[1-9]|10)$/, 'Number of speakers must be auto or a number from 1 to 10.')
    .optional(),
});
export type FileUploadFields = z.infer<typeof zFileUploadFields>;

/** `POST /api/v1/files/upload/audio` answers the new audio inside `data`. */
export const zFileUploadResponse = z.object({
  message: z.string(),
  data: zAudio,
});
export type FileUploadResponse = z.infer<typeof zFileUploadResponse>;

/** `GET /api/v1/audio/stats` query: where the user's month began, in their own time zone. */
export const zAudioStatsQuery = z.object({
  month_start: z.iso
    .datetime({ offset: true })
    .optional()
    .describe('Start of the current month for `this_month` (default: the first of the month, UTC).'),
});

/** `GET /api/v1/audio/stats`: the dashboard's figures, computed from the user's own audio. */
export const zAudioStats = z.object({
  total_recordings: z.number().int(),
  total_duration_s: z.number(),
  storage_bytes: z.number(),
  /** Storage each account may use (uploads in progress count too); null when there is no limit. */
  storage_quota_bytes: z.number().nullable(),
  transcribed: z.number().int(),
  processing: z.number().int(),
  failed: z.number().int(),
  /** Of items that finished, the share transcribed successfully (0–1); null before any finished. */
  success_rate: z.number().nullable(),
  /**
   * The speech engines' own confidence in what they heard (0–1), averaged over the account's
   * transcripts and weighted by length; null until an engine that reports one has run.
   */
  accuracy_rate: z.number().nullable(),
  performance: z.object({
    /** Seconds of audio heard per second of engine time (all attempts); null before any transcript. */
    speed: z.number().nullable(),
    /** Mean seconds from the start of an upload to its finished transcript. */
    turnaround_s: z.number().nullable(),
    /** Transcripts per speech engine, most used first. */
    engines: z.array(z.object({ provider: z.string(), transcripts: z.number().int() })),
  }),
  this_month: z.object({
    since: z.string(),
    recordings: z.number().int(),
    duration_s: z.number(),
    transcribed: z.number().int(),
  }),
});
export type AudioStats = z.infer<typeof zAudioStats>;
