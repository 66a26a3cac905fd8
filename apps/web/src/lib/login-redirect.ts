/** Delay before sending the browser to /login after the session could not be renewed (spec: 2 s). */
export const LOGIN_REDIRECT_DELAY_MS = 2000;

export interface RedirectEnv {
  pathname(): string;
  assign(path: string): void;
  setTimeout(fn: () => void, ms: number): unknown;
}

/**
 * Sends the browser to /login: at once when there was no refresh token, otherwise after 2 s,
 * and not at all when it is already there. Repeated calls schedule one redirect.
 */
export function createLoginRedirect(env: RedirectEnv): (info: { immediate: boolean }) => void {
  let scheduled = false;
  return ({ immediate }) => {
    if (env.pathname() === '/login' || scheduled) return;
    if (immediate) {
      env.assign('/login');
      return;
    }
    scheduled = true;
    env.setTimeout(() => {
      scheduled = false;
      if (env.pathname() !== '/login') env.assign('/login');
    }, LOGIN_REDIRECT_DELAY_MS);
  };
}
