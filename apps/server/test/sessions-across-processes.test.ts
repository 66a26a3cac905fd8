import { randomBytes } from 'node:crypto';
import { freePort } from '@voxpress/test-kit/server-process';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../src/events/create-event-bus.ts';
import type { BusEvent } from '../src/events/event-bus.ts';
import { SESSIONS_TOPIC } from '../src/services/auth/session-gate.ts';
import { drivers } from './harness.ts';
import { cleanupAfter, serverSetup, startServer } from './process-setup.ts';
import { redisAvailable, removeRedisKeys, TEST_REDIS_URL } from './redis.ts';
import { readUntil } from './wait.ts';

const legs: { name: string; env: Record<string, string> }[] = [];
if (drivers.includes('postgres')) {
  legs.push({ name: 'PostgreSQL LISTEN/NOTIFY', env: {} });
  if (await redisAvailable())
    legs.push({
      name: 'Redis pub/sub',
      env: { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `vx-sessions-${randomBytes(6).toString('hex')}` },
    });
}

interface Pair {
  access_token: string;
  refresh_token: string;
}

/**
 * Two API processes on one database: a session signed out (or whose refresh token came back a
 * second time) on one of them stops working on the other too, although the other had just read
 * the session as open and keeps such answers for a few seconds.
 */
describe.skipIf(legs.length === 0).each(legs)(
  'sessions end across processes over $name',
  ({ env: extra }) => {
    const cleanups = cleanupAfter(afterAll, 60_000);
    let processes: Awaited<ReturnType<typeof twoProcesses>>;
    beforeAll(async () => {
      processes = await twoProcesses();
    }, 420_000);

    async function twoProcesses() {
      const {
        env,
        base: a,
        databaseUrl,
      } = await serverSetup('postgres', cleanups, {
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT: '1000',
        ...extra,
      });
      if (extra.REDIS_PREFIX) cleanups.push(() => removeRedisKeys(extra.REDIS_PREFIX as string));
      const portB = await freePort();
      await startServer(env, cleanups, 180_000);
      await startServer(
        { ...env, PORT: String(portB), VOXPRESS_ROLES: 'api', BLOBS_SHARED: 'true' },
        cleanups,
        180_000,
      );
      // The test listens on the same bus, to know when an announcement has gone out.
      const bus = createEventBus(
        { databaseUrl, redisUrl: extra.REDIS_URL, redisPrefix: extra.REDIS_PREFIX },
        pino({ level: 'silent' }),
      );
      cleanups.push(() => bus.close());
      const heard: BusEvent[] = [];
      bus.subscribe(SESSIONS_TOPIC, (event) => heard.push(event));
      await bus.settled();
      return { a, b: `http://127.0.0.1:${portB}`, heard };
    }

    const post = async (base: string, path: string, body: Record<string, unknown>) =>
      fetch(`${base}/api/v1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const me = async (base: string, token: string) => {
      const res = await fetch(`${base}/api/v1/users/me`, { headers: { authorization: `Bearer ${token}` } });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const signIn = async (base: string, email: string): Promise<Pair> => {
      const res = await fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: email, password: 'correct horse battery' }).toString(),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as Pair;
    };

    it('signing out on one process ends the access token on the other', async () => {
      const { a, b, heard } = processes;
      const announced = heard.length;
      const email = `out${randomBytes(4).toString('hex')}@example.com`;
      const register = await post(a, '/auth/register', {
        email,
        password: 'correct horse battery',
        full_name: 'Ada',
      });
      expect(register.status).toBe(201);
      const session = await signIn(a, email);
      const other = await signIn(b, email);
      // Process B reads the session as open, and keeps that answer.
      expect((await me(b, session.access_token)).status).toBe(200);

      expect((await post(a, '/auth/logout', { refresh_token: session.refresh_token })).status).toBe(200);
      await readUntil(
        () => heard.length,
        (n) => n > announced,
      );
      const after = await readUntil(
        () => me(b, session.access_token),
        (res) => res.status !== 200,
      );
      expect(after).toEqual({
        status: 401,
        body: { detail: 'Session has ended', code: 'invalid_token', params: {} },
      });
      expect((await me(a, session.access_token)).status).toBe(401);
      // The account's other session is untouched, on both processes.
      expect((await me(a, other.access_token)).status).toBe(200);
      expect((await me(b, other.access_token)).status).toBe(200);
    });

    it('a refresh token used twice on one process ends the session’s access tokens on the other', async () => {
      const { a, b, heard } = processes;
      const announced = heard.length;
      const email = `reuse${randomBytes(4).toString('hex')}@example.com`;
      expect(
        (await post(a, '/auth/register', { email, password: 'correct horse battery', full_name: 'Bo' }))
          .status,
      ).toBe(201);
      const first = await signIn(a, email);
      const rotated = (await (
        await post(b, '/auth/refresh', { refresh_token: first.refresh_token })
      ).json()) as Pair;
      expect((await me(b, rotated.access_token)).status).toBe(200);

      // The old refresh token comes back on process A: the whole session ends.
      expect((await post(a, '/auth/refresh', { refresh_token: first.refresh_token })).status).toBe(401);
      await readUntil(
        () => heard.length,
        (n) => n > announced,
      );
      const after = await readUntil(
        () => me(b, rotated.access_token),
        (res) => res.status !== 200,
      );
      expect(after.body).toMatchObject({ code: 'invalid_token', detail: 'Session has ended' });
    });
  },
);
