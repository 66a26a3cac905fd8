import { z } from 'zod';

/** What a personal access token may do: `read` (GET and HEAD routes), `write` (every other method). */
export const zApiTokenScope = z.enum(['read', 'write']);
export type ApiTokenScope = z.infer<typeof zApiTokenScope>;

export const API_TOKEN_NAME_MAX = 100;
/** Tokens a user may hold at once (revoked and expired ones do not count). */
export const API_TOKENS_MAX = 50;

/** `POST /api/v1/users/me/tokens`: a new personal access token. */
export const zApiTokenCreate = z.object({
  name: z.string().trim().min(1).max(API_TOKEN_NAME_MAX),
  scopes: z
    .array(zApiTokenScope)
    .min(1)
    .max(2)
    .refine((s) => new Set(s).size === s.length, 'Each scope once'),
  /** When the token stops working; must be in the future. Omitted: it works until revoked. */
  expires_at: z.iso.datetime({ offset: true }).nullish(),
});
export type ApiTokenCreate = z.infer<typeof zApiTokenCreate>;

/** A token as listed: never the token itself, which is shown once when it is made. */
export const zApiToken = z
  .object({
    id: z.uuid(),
    name: z.string(),
    scopes: z.array(zApiTokenScope),
    /** The token's first characters (`vxp_` and four more), to tell tokens apart. */
    prefix: z.string(),
    created_at: z.string(),
    expires_at: z.string().nullable(),
    /** Last time a request used it, to the minute; null if never. */
    last_used_at: z.string().nullable(),
  })
  .meta({ id: 'ApiToken' });
export type ApiToken = z.infer<typeof zApiToken>;

export const zApiTokenList = z.object({ tokens: z.array(zApiToken) });
export type ApiTokenList = z.infer<typeof zApiTokenList>;

/** The new token: `token` is shown this once and cannot be read again. */
export const zApiTokenCreated = zApiToken.extend({ token: z.string() });
export type ApiTokenCreated = z.infer<typeof zApiTokenCreated>;
