import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { redisAvailable, TEST_REDIS_URL } from '../../test/redis.ts';

// A database of its own on the Redis server, so other tests' counters never mix in.
const url = `${TEST_REDIS_URL.replace(/\/\d*$/, '')}/${9 + Math.floor(Math.random() * 6)}`;

describe.runIf(await redisAvailable())('sign-in rate limit across API processes', () => {
  const processes: TestContext[] = [];
  beforeAll(async () => {
    const redis = new Redis(url);
    await redis.flushdb();
    redis.disconnect();
    for (let i = 0; i < 2; i++) {
      processes.push(
        await createTestContext('pglite', {
          env: { AUTH_RATE_LIMIT: '3', REDIS_URL: url, REDIS_PREFIX: `vx-limits-${process.pid}` },
          startWorkers: false,
        }),
      );
    }
  });
  afterAll(async () => {
    for (const t of processes) await t.close();
  });

  it('counts one address across processes, so switching process does not reset the limit', async () => {
    const attempt = (t: TestContext) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: 'someone@example.com', password: 'wrong password' },
      });
    const [a, b] = processes as [TestContext, TestContext];
    expect((await attempt(a)).statusCode).toBe(401);
    expect((await attempt(b)).statusCode).toBe(401);
    expect((await attempt(a)).statusCode).toBe(401);
    const limited = await attempt(b);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
  });
});
