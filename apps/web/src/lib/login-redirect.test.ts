import { describe, expect, it } from 'vitest';
import { createLoginRedirect, LOGIN_REDIRECT_DELAY_MS } from './login-redirect.ts';

function fakeEnv(path = '/home') {
  const state = { path, assigned: [] as string[], timers: [] as Array<{ fn: () => void; ms: number }> };
  const env = {
    pathname: () => state.path,
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
    expect(state.assigned).toEqual(['/login']);
    expect(state.timers).toHaveLength(0);
  });

  it('waits 2 s otherwise, and schedules only one redirect', () => {
    const { state, redirect } = fakeEnv();
    redirect({ immediate: false });
    redirect({ immediate: false });
    expect(state.assigned).toEqual([]);
    expect(state.timers).toHaveLength(1);
    expect(state.timers[0]?.ms).toBe(LOGIN_REDIRECT_DELAY_MS);
    state.timers[0]?.fn();
    expect(state.assigned).toEqual(['/login']);
  });

  it('does nothing when already on /login', () => {
    const { state, redirect } = fakeEnv('/login');
    redirect({ immediate: true });
    redirect({ immediate: false });
    expect(state.assigned).toEqual([]);
    expect(state.timers).toHaveLength(0);
  });
});
