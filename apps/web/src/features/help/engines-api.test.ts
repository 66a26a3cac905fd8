import type { User } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import { enginesQuery } from './engines-api.ts';

const user = { id: 'u1' } as User;

/** `GET /system/engines` answers signed-in users only: the help page must not ask for it otherwise. */
describe('the engines query', () => {
  it('does not run while nobody is signed in, nor while the sign-in is being checked', () => {
    expect(enginesQuery({ status: 'signed-out', user: null }).enabled).toBe(false);
    expect(enginesQuery({ status: 'checking', user: null }).enabled).toBe(false);
  });

  it('runs for a signed-in user, keyed by the account', () => {
    const query = enginesQuery({ status: 'signed-in', user });
    expect(query.enabled).toBe(true);
    expect(query.queryKey).toEqual(['system', 'engines', 'u1']);
  });
});
