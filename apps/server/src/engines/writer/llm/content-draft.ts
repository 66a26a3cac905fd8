import { z } from 'zod';

/** Ids of the transcript segments a piece of writing rests on (`#12` in the lines → 12). */
export const zSegmentIds = z.array(z.number().int()).describe('ids of the transcript lines this rests on');

/** A sentence or passage with its sources. */
export const zGroundedText = z.object({ text: z.string(), segment_ids: zSegmentIds });
export type GroundedText = z.infer<typeof zGroundedText>;

export const BLOCK_TYPES = ['heading', 'paragraph', 'bullet', 'numbered'] as const;

/** One block of the piece, in reading order. Headings may have no sources. */
export const zContentBlock = z.object({
  type: z.enum(BLOCK_TYPES),
  text: z.string(),
  segment_ids: zSegmentIds,
});
export type ContentBlock = z.infer<typeof zContentBlock>;

/**
 * What the model returns for one piece (or one part of a long transcript). Optional parts are
 * nullable rather than absent: strict structured-output modes require every field.
 */
export function draftSchema<D extends z.ZodType>(details: D) {
  return z.object({
    title: z.string(),
    blocks: z.array(zContentBlock),
    key_points: z.array(zGroundedText),
    quotes: z.array(zGroundedText).describe('exact words from the transcript, copied verbatim'),
    details: details.nullable(),
  });
}

/** A draft whose `details` are whatever the content type defines (checked by its own schema). */
export interface Draft {
  title: string;
  blocks: ContentBlock[];
  key_points: GroundedText[];
  quotes: GroundedText[];
  details: unknown;
}
