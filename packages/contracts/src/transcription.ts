import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { zLanguageCode, zText } from './text.ts';

/** `POST /api/v1/audio/{id}/transcribe` body (all optional; `?language=` works too). */
export const zTranscribeRequest = z.object({
  audio_id: zText({ max: 64 }).optional(),
  expected_languages: z.array(zLanguageCode).max(10).optional(),
  auto_detect_language: z.boolean().optional(),
  force_language: zLanguageCode.nullable().optional(),
  dialect: zLanguageCode.nullable().optional(),
  google_language_code: zLanguageCode.nullable().optional(),
  use_whisper_for_english: z.boolean().optional(),
});
export type TranscribeRequest = z.infer<typeof zTranscribeRequest>;

export const zSegment = z
  .object({ start: z.number(), end: z.number(), text: z.string() })
  .meta({ id: 'Segment' });
export type Segment = z.infer<typeof zSegment>;

/**
 * A segment of a transcript as the API returns it: with its voice once speakers are detected.
 * `speaker` is a stable id (`S1`) for the transcript; `speaker_name` the user's name for it, else
 * `Speaker 1`. A recording of one voice has every segment `S1`. Both null before detection, when
 * detection is off (an upload asked for one speaker), and for documents.
 */
export const zTranscriptSegment = zSegment
  .extend({
    speaker: z.string().nullable(),
    speaker_name: z.string().nullable(),
  })
  .meta({ id: 'TranscriptSegment' });
export type TranscriptSegment = z.infer<typeof zTranscriptSegment>;

/** A sentence as read: its text, when it was spoken, and the `segments` indexes it was heard in. */
export const zTranscriptSentence = z
  .object({
    text: z.string(),
    segment_ids: z.array(z.number().int().nonnegative()),
    start: z.number().nullable(),
    end: z.number().nullable(),
  })
  .meta({ id: 'TranscriptSentence' });
export type TranscriptSentence = z.infer<typeof zTranscriptSentence>;

/** A paragraph as read: its sentences joined, with their span and segments, and the sentences. */
export const zTranscriptParagraph = zTranscriptSentence
  .extend({ sentences: z.array(zTranscriptSentence) })
  .meta({ id: 'TranscriptParagraph' });
export type TranscriptParagraph = z.infer<typeof zTranscriptParagraph>;

/** One engine's attempt, kept in `metadata.transcriptions` (the spec's provider list). */
export const zTranscriptionAttempt = z
  .object({
    provider: z.string(),
    model: z.string().nullable(),
    language: z.string(),
    reason: z.string(),
    text: z.string(),
    duration_ms: z.number(),
    /** Set when this engine failed and the next one was tried. */
    error: z.string().optional(),
    /**
     * The engines preferred to this one that were not used (not ready, or failed on this
     * recording), each with why in plain words: non-empty when a fallback made the transcript.
     */
    passed_over: z.array(z.object({ provider: z.string(), reason: z.string() })).optional(),
  })
  .meta({ id: 'TranscriptionAttempt' });
export type TranscriptionAttempt = z.infer<typeof zTranscriptionAttempt>;

export const zTranscription = z
  .object({
    id: z.string(),
    /** Null for a written document uploaded as a content source. */
    audio_id: z.string().nullable(),
    /** The text later steps use: the user's latest edit, else what the engine heard. */
    text: z.string(),
    /** The same as rich text (HTML) when the user edited it in the editor; null otherwise. */
    html: z.string().nullable(),
    original_text: z.string(),
    /** True when `text` is the user's edit rather than what the engine heard. */
    edited: z.boolean(),
    language: z.string(),
    primary_language: z.string(),
    languages: z.array(z.string()),
    confidence_score: z.number().nullable(),
    provider: z.string(),
    segments: z.array(zTranscriptSegment),
    /**
     * `text` laid out for reading: sentence breaks only where a sentence ends or a long pause falls,
     * paragraphs at longer pauses. Every word of `text` appears once, in order.
     */
    paragraphs: z.array(zTranscriptParagraph),
    metadata: z.object({ transcriptions: z.array(zTranscriptionAttempt) }),
    /** The current version: send it back with an edit (or as `If-Match`), so no save is lost. */
    version: z.number().int(),
    /** How many earlier saved versions are kept: read them from `GET …/transcription/versions`. */
    versions_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Transcription' });
export type Transcription = z.infer<typeof zTranscription>;

/** An earlier saved version of a transcript: its text as it stood, and when it was replaced. */
export const zTranscriptVersion = z
  .object({
    text: z.string(),
    html: z.string().nullable(),
    saved_at: z.string(),
  })
  .meta({ id: 'TranscriptVersion' });
export type TranscriptVersion = z.infer<typeof zTranscriptVersion>;

/** `GET /api/v1/audio/{id}/transcription/versions`: `page` (from 1) and `page_size` (at most 20). */
export const zTranscriptVersionsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(20).default(5),
});
/** Earlier versions of a transcript, newest first, a page at a time. */
export const zTranscriptVersions = z.object({
  items: z.array(zTranscriptVersion),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TranscriptVersions = z.infer<typeof zTranscriptVersions>;

/**
 * `PUT /api/v1/audio/{id}/transcription`: save an edit (the original stays). `text` is the plain
 * text later steps use; `html` the rich text the editor shows (stored sanitised). Saving the
 * original text again returns to the engine's version. An edit names the version it was made from;
 * when the transcript has moved on since, the answer is 409 and nothing is stored.
 */
export const zTranscriptionEdit = z.object({
  text: zText({ max: LIMITS.transcriptTextChars, multiline: true }),
  html: zText({ max: LIMITS.transcriptHtmlChars, multiline: true }).optional(),
  version: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('The version the edit was made from (or send it as the If-Match header).'),
});
export type TranscriptionEdit = z.infer<typeof zTranscriptionEdit>;

/** Messages on the `GET /api/v1/audio/{id}/status` event stream. */
export const zAudioStatusEvent = z.object({
  audio_id: z.string(),
  status: z.string(),
  transcription_status: z.string(),
  transcription_id: z.string().nullable(),
  progress: z.object({ percent: z.number(), message: z.string().nullable() }),
  error: z.string().nullable(),
  /** Where speaker detection stands (absent from servers without it). */
  speakers_status: z.string().optional(),
});
export type AudioStatusEvent = z.infer<typeof zAudioStatusEvent>;
