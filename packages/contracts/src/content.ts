import { z } from 'zod';
import { zContentDetails } from './content-details.ts';
import { ENHANCE_CONTENT_TYPES } from './content-rules.ts';
import { zText } from './text.ts';

export const zEnhanceContentType = z.enum(ENHANCE_CONTENT_TYPES).meta({ id: 'EnhanceContentType' });

const zLanguageCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/, 'Not a language code');

/** `POST /api/v1/content/enhance` (spec §3 Enhance request). */
export const zEnhanceRequest = z.object({
  transcription_id: z.uuid('No transcription available'),
  content_type: zEnhanceContentType.default('enhanced'),
  /** The first language is written; every other one is translated from it. */
  language: z
    .union([zLanguageCode, z.array(zLanguageCode)])
    .default(['en'])
    .transform((l) => [...new Set((Array.isArray(l) ? l : [l]).map((c) => c.toLowerCase()))])
    .pipe(z.array(z.string()).min(1, 'Choose at least one language').max(10)),
  title: zText({ trim: true, max: 300 }).optional(),
  keywords: z
    .array(zText({ trim: true, max: 100 }))
    .max(30)
    .optional(),
  /** wordpress, medium, linkedin, facebook, twitter, instagram, or custom names. */
  target_blog_platforms: z
    .array(zText({ trim: true, max: 60, min: { length: 1, message: 'A platform name cannot be blank' } }))
    .max(20)
    .optional(),
});
export type EnhanceRequest = z.input<typeof zEnhanceRequest>;

/** The 202 answer (spec §3 Enhance response), with the new piece's id to follow. */
export const zEnhanceResponse = z.object({
  data: z.object({
    transcription_id: z.string(),
    content_id: z.string(),
    status: z.string(),
    /** Seconds the piece is expected to take, from the source length and the engines in use. */
    estimated_time: z.number(),
  }),
  message: z.string(),
});
export type EnhanceResponse = z.infer<typeof zEnhanceResponse>;

/**
 * What a block rests on: indexes into the source's segments and the time in seconds the first
 * starts (null for a written document, which has no times).
 */
const grounding = {
  segment_ids: z.array(z.number().int().nonnegative()),
  start: z.number().nullable(),
};

/** One block of a piece in reading order; translations keep the kinds and the grounding. */
export const zContentBlock = z
  .object({
    type: z.enum(['heading', 'paragraph', 'bullet', 'numbered', 'quote']),
    text: z.string(),
    ...grounding,
  })
  .meta({ id: 'ContentBlock' });
export type ContentBlock = z.infer<typeof zContentBlock>;

export const zGroundedItem = z.object({ text: z.string(), ...grounding }).meta({ id: 'GroundedItem' });
export type GroundedItem = z.infer<typeof zGroundedItem>;

/**
 * A quote: words exactly as said, where they were said, and, when one voice the user named said
 * them all, that speaker's name (`— Ana, 12:03`). Absent for an unnamed voice ("Speaker 2"), a
 * quote across voices, or a transcript without speakers.
 */
export const zQuote = zGroundedItem.extend({ speaker: z.string().optional() }).meta({ id: 'Quote' });
export type Quote = z.infer<typeof zQuote>;

/**
 * One written piece in one language, whichever engine wrote it (the built-in composer or a
 * language model): blocks with their sources, key points, quotes checked against the transcript,
 * the content type's own fields in `details` (recipe, tutorial_steps, meeting_data, product_data…).
 */
export const zContentBody = z
  .object({
    title: z.string(),
    /** The blocks as Markdown. */
    text: z.string(),
    blocks: z.array(zContentBlock),
    key_points: z.array(zGroundedItem),
    quotes: z.array(zQuote),
    keywords: z.array(z.string()),
    /** The content type's own fields (recipe, tutorial steps, meeting data…); null for the plain types. */
    details: zContentDetails.nullable(),
    word_count: z.number().int().nonnegative(),
  })
  .meta({ id: 'ContentBody' });
export type ContentBody = z.infer<typeof zContentBody>;

export const zTranslationStatus = z
  .enum(['pending', 'completed', 'failed'])
  .meta({ id: 'TranslationStatus' });
export type TranslationStatus = z.infer<typeof zTranslationStatus>;

/** One language of a piece (spec: metadata.translations[lang]). */
export const zContentTranslation = z
  .object({
    title: z.string(),
    text: z.string(),
    status: zTranslationStatus,
    /** How it came to be: `written` (the first language) or `machine`. */
    method: z.enum(['written', 'machine']),
    /** The engine that wrote or translated it (`composer`, `openai`, `apertium`, `deepl`…). */
    service: z.string().nullable(),
    reason: z.string().nullable(),
    error: z.string().nullable(),
    blocks: z.array(zContentBlock),
    metadata: z.object({ word_count: z.number().int().nonnegative() }),
    /**
     * `low` when some paragraphs do not read as the language asked for, or words of a pivot
     * language were left in (`warning` says which); absent for the written language.
     */
    quality: z.enum(['ok', 'low']).optional(),
    warning: z.string().nullable().optional(),
  })
  .meta({ id: 'ContentTranslation' });
export type ContentTranslation = z.infer<typeof zContentTranslation>;

export const zEngineTry = z
  .object({
    engine: z.string(),
    reason: z.string(),
    duration_ms: z.number(),
    error: z.string().optional(),
  })
  .meta({ id: 'EngineTry' });

/** A piece of content (spec §3 Content). */
export const zContent = z
  .object({
    id: z.string(),
    content_id: z.string(),
    transcription_id: z.string(),
    content_type: z.string(),
    title: z.string(),
    /** The first language's text (Markdown). */
    text: z.string(),
    language: z.string(),
    author: z.string().nullable(),
    status: z.enum(['pending', 'processing', 'completed', 'failed']),
    progress: z.object({ percent: z.number(), message: z.string().nullable() }),
    /**
     * Languages asked for that ended failed (`metadata.translations[lang].error` says why): a piece
     * is `completed` when its work ended, but it has no version in these languages.
     */
    failed_languages: z.array(z.string()),
    /** Raised on every save; send it back with an edit. */
    revision: z.number().int(),
    body: zContentBody.nullable(),
    metadata: z.object({
      translations: z.record(z.string(), zContentTranslation),
      languages: z.array(z.string()),
      /** Earlier saved versions per language, newest first (title and text). */
      versions: z.record(
        z.string(),
        z.array(z.object({ title: z.string(), text: z.string(), saved_at: z.string() })),
      ),
      target_blog_platforms: z.array(z.string()),
      keywords: z.array(z.string()),
      word_count: z.number().int().nonnegative(),
      translation_method: z.string().nullable(),
      service_used: z.string().nullable(),
      translation_status: z.record(z.string(), zTranslationStatus),
      writer: z.object({ engine: z.string(), reason: z.string(), attempts: z.array(zEngineTry) }).nullable(),
      error: z.string().nullable(),
    }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Content' });
export type Content = z.infer<typeof zContent>;

/** `GET /api/v1/content`: `page`, `limit` (or `per_page`, the spec's polling name), `transcription_id`. */
export const zContentListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  per_page: z.coerce.number().int().min(1).max(100).optional(),
  transcription_id: z.uuid('Content not found').optional(),
});
export type ContentListQuery = z.input<typeof zContentListQuery>;

export const zContentList = z.object({
  items: z.array(zContent),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
});
export type ContentList = z.infer<typeof zContentList>;

/** `PUT /api/v1/content/{id}`: edit one language's title or text, based on `revision`. */
export const zContentEdit = z.object({
  language: zLanguageCode.optional(),
  title: zText({ trim: true, max: 300, min: { length: 1, message: 'The title cannot be blank' } }).optional(),
  text: zText({ max: 1_000_000, multiline: true }).optional(),
  /** The revision the edit was made on; a newer one on the server answers 409. */
  revision: z.number().int().min(1),
});
export type ContentEdit = z.infer<typeof zContentEdit>;

/** Messages on the `GET /api/v1/content/{id}/status` event stream. */
export const zContentStatusEvent = z.object({
  content_id: z.string(),
  status: z.string(),
  progress: z.object({ percent: z.number(), message: z.string().nullable() }),
  translation_status: z.record(z.string(), zTranslationStatus),
  error: z.string().nullable(),
});
export type ContentStatusEvent = z.infer<typeof zContentStatusEvent>;

/**
 * `GET /api/v1/content/{id}/links`: the status stream's address with a ticket for that address
 * only (EventSource cannot send headers), valid `expires_in` seconds.
 */
export const zContentLinks = z
  .object({ status_url: z.string(), expires_in: z.number().int() })
  .meta({ id: 'ContentLinks' });
export type ContentLinks = z.infer<typeof zContentLinks>;

/** `POST /api/v1/files/upload/content` answer: the new content source (spec: data.content_id). */
export const zContentUploadResponse = z.object({
  message: z.string(),
  data: z.object({
    /** The source to enhance: pass it as `transcription_id` to `POST /content/enhance`. */
    content_id: z.string(),
    transcription_id: z.string(),
    title: z.string(),
    language: z.string(),
    word_count: z.number().int(),
    blocks: z.number().int(),
  }),
});
export type ContentUploadResponse = z.infer<typeof zContentUploadResponse>;

/** `PUT /api/v1/users/me`: the author's note on how they write, given to language-model writers. */
export const zUserSettingsUpdate = z.object({
  writing_voice: zText({ trim: true, max: 1000, multiline: true }).nullable(),
});

/** The text fields of `POST /api/v1/files/upload/content`. */
export const zContentUploadFields = z.object({
  title: zText({ trim: true, max: 300 }).optional(),
  language: zText({ trim: true, max: 35 })
    .regex(/^(?:[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*)?$/, 'Must be a language code such as en or en-US')
    .optional(),
});
export type UserSettingsUpdate = z.infer<typeof zUserSettingsUpdate>;
