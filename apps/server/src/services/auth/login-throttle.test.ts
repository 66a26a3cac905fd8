import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/harness.ts';
import { HttpError } from '../../lib/http-error.ts';
import { LoginThrottlesRepository } from '../../repositories/login-throttles.repository.ts';
import { LoginThrottle, THROTTLE } from './login-throttle.ts';

describe.each(drivers)('per-account sign-in throttle on %s', (driver) => {
  let t: TestContext;
  let clock: Date;
  let throttle: LoginThrottle;
  beforeAll(async () => {
    t = await createTestContext(driver, { startWorkers: false });
    clock = new Date('2026-01-01T00:00:00Z');
    throttle = new LoginThrottle(new LoginThrottlesRepository(t.ctx.database.db), () => clock);
  });
  afterAll(async () => t?.close());

  const tick = (seconds: number) => {
    clock = new Date(clock.getTime() + seconds * 1000);
  };
  /** The wait a locked attempt reports, or 0 when the attempt ran. */
  const wait = async (email: string, result: boolean) => {
    try {
      await throttle.guard(email, async () => result);
      return 0;
    } catch (err) {
      if (!(err instanceof HttpError) || err.statusCode !== 429) throw err;
      expect(err.headers['retry-after']).toBe(String(Math.ceil(Number(err.headers['retry-after']))));
      return Number(err.headers['retry-after']);
    }
  };

  it('lets a few failures through, then doubles the wait after each one', async () => {
    const email = 'ada@example.com';
    for (let i = 0; i < THROTTLE.freeFailures; i++) expect(await wait(email, false)).toBe(0);
    expect(await wait(email, false)).toBe(0); // the sixth failure runs, and locks for 1 s
    expect(await wait(email, true)).toBe(1); // even the right password waits
    tick(1);
    expect(await wait(email, false)).toBe(0);
    expect(await wait(email, false)).toBe(2);
    tick(2);
    expect(await wait(email, false)).toBe(0);
    expect(await wait(email, true)).toBe(4);
    tick(3);
    expect(await wait(email, true)).toBe(1);
    tick(1);
    expect(await wait(email, true)).toBe(0); // the right password after the wait gets in...
    expect(await wait(email, false)).toBe(0); // ...and starts the count afresh
  });

  it('caps the wait and forgets failures after a day', async () => {
    const email = 'bob@example.com';
    for (let i = 0; i < 40; i++) {
      const seconds = await wait(email, false);
      if (seconds) tick(seconds);
    }
    expect(await wait(email, true)).toBe(THROTTLE.maxDelayS);
    tick(THROTTLE.forgetAfterS + 1);
    for (let i = 0; i < THROTTLE.freeFailures; i++) expect(await wait(email, false)).toBe(0);
  });

  it('keeps accounts apart', async () => {
    for (let i = 0; i < 10; i++) await wait('carol@example.com', false);
    expect(await wait('carol@example.com', true)).toBeGreaterThan(0);
    expect(await wait('dave@example.com', true)).toBe(0);
  });
});
