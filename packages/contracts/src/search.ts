import { z } from 'zod';
import { zItemKind } from './items.ts';
import { SEARCH_MAX_QUERY } from './limits.ts';
import { zText } from './text.ts';

/** The words of a library search (`q`), as the server matches them and the browser marks them. */
export function searchWords(q: string): string[] {
  return q.split(/\s+/).filter(Boolean).slice(0, 10);
}

/** Where a search hit was found: an item's title or description, its transcript, or a written piece. */
export const zSearchHitType = z.enum(['title', 'description', 'transcript', 'content']);
export type SearchHitType = z.infer<typeof zSearchHitType>;

/** `GET /api/v1/search`: words in web-search syntax ("a phrase", -left out, this or that). */
export const zSearchQuery = z.object({
  q: zText({
    trim: true,
    max: SEARCH_MAX_QUERY,
    min: { length: 1, message: 'Type something to search for' },
  }).describe('Words to find, in web-search syntax: "a quoted phrase", -excluded, one or other.'),
  type: zSearchHitType.optional().describe('Only hits of this type.'),
  page: z.coerce.number().int().min(1).max(50).default(1),
});
export type SearchQuery = z.input<typeof zSearchQuery>;

export const zSearchHit = z
  .object({
    item_id: z.string(),
    kind: zItemKind,
    title: z.string(),
    type: zSearchHitType,
    /**
     * The passage around the words found, HTML-escaped, the words found within `<mark>…</mark>`
     * (no other markup).
     */
    snippet: z.string(),
    /** For a transcript hit: the second the passage starts at in the recording (null for documents). */
    start: z.number().nullable(),
    end: z.number().nullable(),
    /** For a transcript hit once speakers are detected: the voice's id (`S1`) and name. */
    speaker: z.string().nullable(),
    speaker_name: z.string().nullable(),
    /** Relevance: higher first; only comparable within one answer. */
    rank: z.number(),
  })
  .meta({ id: 'SearchHit' });
export type SearchHit = z.infer<typeof zSearchHit>;

export const zSearchResults = z.object({
  hits: z.array(zSearchHit),
  page: z.number().int(),
  limit: z.number().int(),
  /** Hits found, counted up to a ceiling (`total_capped` then true): ranking looks at that many at most. */
  total: z.number().int(),
  total_capped: z.boolean(),
  /** `words` when the words were found as typed (stems included); `similar` when only similar spellings were. */
  match: z.enum(['words', 'similar']),
});
export type SearchResults = z.infer<typeof zSearchResults>;
