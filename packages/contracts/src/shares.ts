import { z } from 'zod';

/** Share links one user may hold at once (revoked and expired ones do not count). */
export const SHARES_MAX = 200;

/**
 * What a share page shows besides the item's title and date: the transcript (with speakers and
 * times), the player, and the written pieces and images the owner ticked (ids of the item's own).
 */
export const zShareParts = z
  .object({
    transcript: z.boolean().default(true),
    audio: z.boolean().default(true),
    content_ids: z.array(z.uuid()).max(50).default([]),
    infographic_ids: z.array(z.uuid()).max(50).default([]),
  })
  .meta({ id: 'ShareParts' });
export type ShareParts = z.infer<typeof zShareParts>;

/** `POST /api/v1/items/{id}/shares`: a new public read-only link to the item. */
export const zShareCreate = z.object({
  /** Omitted: the transcript and the recording. */
  parts: zShareParts.default({ transcript: true, audio: true, content_ids: [], infographic_ids: [] }),
  /** When the link stops working (its page then answers 410); must be in the future. */
  expires_at: z.iso.datetime({ offset: true }).nullish(),
  /** Let search engines index the page; otherwise it carries `noindex`. */
  allow_indexing: z.boolean().default(false),
});
export type ShareCreate = z.input<typeof zShareCreate>;

/**
 * A share link as its owner sees it. The token is kept sealed on the server, so the owner can copy
 * the link again; `token` and `url` are null only when the server secret changed since it was made.
 */
export const zShare = z
  .object({
    id: z.uuid(),
    item_id: z.uuid(),
    item_title: z.string(),
    token: z.string().nullable(),
    /** The page's address: absolute when the server knows its public address, else a path. */
    url: z.string().nullable(),
    parts: z.object({
      transcript: z.boolean(),
      audio: z.boolean(),
      content_ids: z.array(z.string()),
      infographic_ids: z.array(z.string()),
    }),
    allow_indexing: z.boolean(),
    expires_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'Share' });
export type Share = z.infer<typeof zShare>;

export const zShareList = z.object({ shares: z.array(zShare) });
export type ShareList = z.infer<typeof zShareList>;
