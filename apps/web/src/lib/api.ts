import { createApiClient } from './api-client.ts';
import { createLoginRedirect } from './login-redirect.ts';
import { createMemoryStorage, createTokenStore, type KeyValueStorage } from './token-store.ts';

function browserStorage(): KeyValueStorage {
  try {
    const probe = '__voxpress_probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    return createMemoryStorage();
  }
}

/** The browser's session tokens. */
export const tokens = createTokenStore(browserStorage());

const onSessionExpired = createLoginRedirect({
  pathname: () => window.location.pathname,
  here: () => `${window.location.pathname}${window.location.search}${window.location.hash}`,
  assign: (path) => window.location.assign(path),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
});

/** The one API client of the app: bearer token, one refresh on a 401, /login when expired. */
export const api = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  tokens,
  onSessionExpired,
});

/**
 * Ends the session as the API client does when a refresh fails: both tokens dropped, then /login.
 * For requests that cannot go through `api.request` (uploads with progress).
 */
export function endSession(): void {
  const immediate = !tokens.getRefreshToken();
  tokens.clear();
  onSessionExpired({ immediate });
}
