/** Delay before sending the browser to /login after the session could not be renewed (spec: 2 s). */
export const LOGIN_REDIRECT_DELAY_MS = 2000;

export interface RedirectEnv {
  pathname(): string;
  /** The page open now, with its query and fragment: where signing in again leads back to. */
  here(): string;
  assign(path: string): void;
  setTimeout(fn: () => void, ms: number): unknown;
}

/**
 * A page of this app to go back to after signing in, or null: only a path of this origin (not
 * `//elsewhere`, not a full address), and never /login itself.
 */
export function safeReturnPath(path: string | null | undefined): string | null {
  if (!path?.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  if (path === '/' || path === '/login' || path.startsWith('/login?') || path.startsWith('/login#'))
    return null;
  return path;
}

/** /login, remembering the page that asked (`/login?next=%2Fgallery`), so signing in returns to it. */
export function loginPath(from: string): string {
  const next = safeReturnPath(from);
  return next ? `/login?next=${encodeURIComponent(next)}` : '/login';
}

/**
 * Where a sign-in or a sign-up lands, by the same rule for both: the page that asked for it, else
 * the features page for a new account (what it can do) and the dashboard for a returning one.
 */
export function signInTarget(returnTo: string | null, isNew: boolean): string {
  return safeReturnPath(returnTo) ?? (isNew ? '/features' : '/home');
}

/**
 * Sends the browser to /login: at once when there was no refresh token, otherwise after 2 s,
 * and not at all when it is already there. Repeated calls schedule one redirect. The page open
 * when the session ended goes along, so signing in again leads back to it.
 */
export function createLoginRedirect(env: RedirectEnv): (info: { immediate: boolean }) => void {
  let scheduled = false;
  return ({ immediate }) => {
    if (env.pathname() === '/login' || scheduled) return;
    if (immediate) {
      env.assign(loginPath(env.here()));
      return;
    }
    scheduled = true;
    env.setTimeout(() => {
      scheduled = false;
      if (env.pathname() !== '/login') env.assign(loginPath(env.here()));
    }, LOGIN_REDIRECT_DELAY_MS);
  };
}
