import { z } from 'zod';
import { zAudio, zAudioStatus } from './audio.ts';
import { zItemSource } from './audio-import.ts';
import { zText } from './text.ts';

/** What an item is: a recording or upload (audio), or a written document used as a source. */
export const zItemKind = z.enum(['audio', 'document']).meta({ id: 'ItemKind' });
export type ItemKind = z.infer<typeof zItemKind>;

/**
 * One item of the library, whatever it is: the page `/items/{id}` shows it with its transcript
 * (or document text), its content and its images. An audio item's id is its audio id; a
 * document's is its source id (the `transcription_id` content is written from).
 */
export const zItem = z
  .object({
    id: z.string(),
    kind: zItemKind,
    title: z.string(),
    description: z.string().nullable(),
    /** The spoken (or written) language as chosen or detected: `en-US`, `es`… */
    language: z.string(),
    /** The source content is written from; null while audio is not transcribed yet. */
    transcription_id: z.string().nullable(),
    /** The recording or upload with its status; null for a written document. */
    audio: zAudio.nullable(),
    /** Where the item came from (this server always sends it). */
    source: zItemSource.optional(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Item' });
export type Item = z.infer<typeof zItem>;

/** `PUT /api/v1/items/{id}`: a new title or description (null or blank clears the description). */
export const zItemUpdate = z
  .object({
    title: zText({
      trim: true,
      max: 300,
      min: { length: 1, message: 'The title cannot be blank' },
    }).optional(),
    description: zText({ trim: true, max: 5000, multiline: true }).nullable().optional(),
  })
  .refine((u) => u.title !== undefined || u.description !== undefined, {
    message: 'Send a title or a description',
  });
export type ItemUpdate = z.input<typeof zItemUpdate>;

/** `GET /api/v1/items`: every recording, upload and document, newest first. */
export const zItemListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  /** Audio by its status; a document counts as `completed`. */
  status: zAudioStatus.optional(),
  kind: zItemKind.optional(),
  q: zText({ trim: true, max: 200 })
    .optional()
    .describe('Words to find in the title, the description or the transcript / document (any case).'),
});
export type ItemListQuery = z.input<typeof zItemListQuery>;

export const zItemList = z.object({
  items: z.array(
    zItem.extend({
      match: z
        .string()
        .optional()
        .describe('With `q`: the passage of the text around the first word found, when found there.'),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ItemList = z.infer<typeof zItemList>;
