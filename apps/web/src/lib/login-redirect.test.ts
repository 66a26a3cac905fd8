import { describe, expect, it } from 'vitest';
import {
  createLoginRedirect,
  LOGIN_REDIRECT_DELAY_MS,
  loginPath,
  safeReturnPath,
  signInTarget,
} from './login-redirect.ts';

function fakeEnv(path = '/home', query = '') {
  const state = { path, assigned: [] as string[], timers: [] as Array<{ fn: () => void; ms: number }> };
  const env = {
    pathname: () => state.path,
    here: () => `${state.path}${query}`,
    assign: (p: string) => {
      state.assigned.push(p);
      state.path = p;
    },
    setTimeout: (fn: () => void, ms: number) => state.timers.push({ fn, ms }),
  };
  return { state, redirect: createLoginRedirect(env) };
}

describe('createLoginRedirect', () => {
  it('goes to /login at once when there was no refresh token', () => {
    const { state, redirect } = fakeEnv();
    redirect({ immediate: true });
    expect(state.assigned).toEqual(['/login?next=%2Fhome']);
    expect(state.timers).toHaveLength(0);
  });

  it('takes the page open when the session ended along, query and fragment included', () => {
    const { state, redirect } = fakeEnv('/gallery', '?tab=collections#top');
    redirect({ immediate: true });
    expect(state.assigned).toEqual(['/login?next=%2Fgallery%3Ftab%3Dcollections%23top']);
  });

  it('waits 2 s otherwise, and schedules only one redirect', () => {
    const { state, redirect } = fakeEnv();
    redirect({ immediate: false });
    redirect({ immediate: false });
    expect(state.assigned).toEqual([]);
    expect(state.timers).toHaveLength(1);
    expect(state.timers[0]?.ms).toBe(LOGIN_REDIRECT_DELAY_MS);
    state.timers[0]?.fn();
    expect(state.assigned).toEqual(['/login?next=%2Fhome']);
  });

  it('does nothing when already on /login', () => {
    const { state, redirect } = fakeEnv('/login');
    redirect({ immediate: true });
    redirect({ immediate: false });
    expect(state.assigned).toEqual([]);
    expect(state.timers).toHaveLength(0);
  });
});

describe('where signing in lands', () => {
  it('is the page that asked, for a sign-in and a sign-up alike', () => {
    expect(signInTarget('/gallery?tab=collections', false)).toBe('/gallery?tab=collections');
    expect(signInTarget('/gallery?tab=collections', true)).toBe('/gallery?tab=collections');
  });

  it('else the features page for a new account and the dashboard for a returning one', () => {
    expect(signInTarget(null, true)).toBe('/features');
    expect(signInTarget(null, false)).toBe('/home');
  });

  it('never another site, nor /login again', () => {
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'home',
      '/login',
      '/login?next=%2Fhome',
      '/',
    ]) {
      expect(safeReturnPath(bad), bad).toBeNull();
      expect(signInTarget(bad, false), bad).toBe('/home');
    }
    expect(loginPath('//evil.example')).toBe('/login');
    expect(loginPath('/')).toBe('/login');
  });
});
