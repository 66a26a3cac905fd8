// Which API answers the service worker keeps for offline use, and under whose name. Shared by the
// service worker and the page (which empties the caches on sign-out); no DOM or worker types here.

/** Every API cache name starts so; the account's id follows. */
export const API_CACHE_PREFIX = 'voxpress-api-v1-';

/** Paths whose answers are live or short-lived: streams, file bytes, signed links, exports. */
const LIVE = /\/(status|download|links|export)$|^\/api\/v1\/(storage|auth)\//;

/**
 * True for a GET of our API whose answer is worth showing again offline: not a live stream, not
 * the bytes of a recording (range requests), not a link that expires, not a signed upload.
 */
export function isCacheableApiRequest(
  request: { method: string; headers: { get(name: string): string | null } },
  url: URL,
): boolean {
  if (request.method !== 'GET' || !url.pathname.startsWith('/api/v1/')) return false;
  if (LIVE.test(url.pathname)) return false;
  if (url.searchParams.has('ticket') || url.searchParams.has('token')) return false;
  if (request.headers.get('range')) return false;
  return !(request.headers.get('accept') ?? '').includes('text/event-stream');
}

/** The subject (account id) of a JWT, read without checking the signature (the server checks it). */
function subjectOf(token: string): string | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub ? sub : null;
  } catch {
    return null;
  }
}

/**
 * The cache an answer belongs in: the signed-in account's own (from the bearer token), or the
 * shared one for answers nobody signed in for; null when the token cannot be read (not kept).
 */
export function apiCacheName(authorization: string | null): string | null {
  if (!authorization) return `${API_CACHE_PREFIX}public`;
  const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
  const subject = match?.[1] ? subjectOf(match[1]) : null;
  return subject ? `${API_CACHE_PREFIX}user-${subject}` : null;
}
