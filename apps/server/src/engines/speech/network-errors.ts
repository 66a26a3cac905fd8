/** Error codes of failed connections, in words a person can act on. */
const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused (nothing is listening there)',
  ENOTFOUND: 'the host name could not be resolved (offline, or a typo in the address?)',
  EAI_AGAIN: 'the host name could not be resolved (offline?)',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable (offline?)',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  UND_ERR_HEADERS_TIMEOUT: 'no answer came in time',
  UND_ERR_BODY_TIMEOUT: 'the answer stopped arriving',
  UND_ERR_SOCKET: 'the connection was closed',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate could not be verified',
};

/**
 * Explains why a `fetch` failed: undici wraps the real cause (an errno such as ECONNREFUSED, or an
 * AggregateError when every address of a host failed) in a bare "fetch failed".
 */
export function describeNetworkError(err: unknown): string {
  let current: unknown = err;
  let deepest = err instanceof Error ? err.message : String(err);
  for (let depth = 0; depth < 5 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return REASONS[code] ?? `${code}`;
    if (current instanceof Error && current.message) deepest = current.message;
    const inner = (current as { errors?: unknown[] }).errors?.[0];
    current = inner ?? (current as { cause?: unknown }).cause;
  }
  // fetch refuses some ports outright (e.g. 9, 25) whatever listens there.
  return deepest === 'bad port' ? 'fetch refuses to connect to that port (a "bad port")' : deepest;
}
