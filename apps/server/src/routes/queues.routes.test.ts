import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/harness.ts';
import { signUp } from '../../test/http.ts';
import { redisAvailable, removeRedisKeys, TEST_REDIS_URL } from '../../test/redis.ts';
import { testMarkerJob } from '../jobs/test-marker.job.ts';

const queues: { name: string; env: Record<string, string> }[] = [{ name: 'embedded', env: {} }];
if (await redisAvailable())
  queues.push({
    name: 'bullmq',
    env: { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `vx-admin-queues-${randomBytes(6).toString('hex')}` },
  });

describe.each(queues)('the administrator’s queue view ($name queue)', ({ name, env }) => {
  it('shows jobs per kind and state and the failed ones with their reason, runs a failed job again, and is for the administrator only', async () => {
    const t = await createTestContext('pglite', { env: { VOXPRESS_TEST_JOBS: 'true', ...env } });
    try {
      const admin = { authorization: `Bearer ${await signUp(t.app, 'admin@example.com')}` };
      const someone = { authorization: `Bearer ${await signUp(t.app, 'someone@example.com')}` };
      const overview = async () => {
        const res = await t.app.inject({ method: 'GET', url: '/api/v1/system/queues', headers: admin });
        expect(res.statusCode).toBe(200);
        return res.json();
      };

      // The marker job writes into a folder that does not exist yet: every run fails.
      const folder = path.join(t.dataDir, 'not-yet');
      const { id } = await t.ctx.queue.enqueue(testMarkerJob, {
        file: path.join(folder, 'marker'),
        workMs: 0,
      });
      const { id: done } = await t.ctx.queue.enqueue(testMarkerJob, {
        file: path.join(t.dataDir, 'ok'),
        workMs: 0,
      });
      await expect.poll(async () => (await t.ctx.queue.get(id))?.status, { timeout: 30_000 }).toBe('failed');
      await expect
        .poll(async () => (await t.ctx.queue.get(done))?.status, { timeout: 30_000 })
        .toBe('completed');

      const seen = await overview();
      expect(seen.driver).toBe(name);
      expect(seen.kinds).toContainEqual({
        name: 'test.marker',
        counts: { queued: 0, running: 0, completed: 1, failed: 1, cancelled: 0 },
      });
      expect(seen.failed_total).toBe(1);
      expect(seen.failed).toEqual([
        expect.objectContaining({
          id,
          name: 'test.marker',
          attempts: 3,
          max_attempts: 3,
          error: expect.stringMatching(/ENOENT/),
        }),
      ]);
      // BullMQ moves a job to its failed set a moment after our record says failed: wait for it.
      if (name === 'bullmq')
        await expect
          .poll(async () => (await overview()).engine, { timeout: 30_000 })
          .toMatchObject({ failed: 1, completed: 1, active: 0 });
      else expect(seen.engine).toBeNull();

      // Nobody else sees or retries anything.
      for (const [method, url] of [
        ['GET', '/api/v1/system/queues'],
        ['POST', `/api/v1/system/queues/jobs/${id}/retry`],
      ] as const) {
        const refused = await t.app.inject({ method, url, headers: someone });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ code: 'forbidden' });
        expect((await t.app.inject({ method, url })).statusCode).toBe(401);
      }

      // The cause is fixed, and the job runs again from its first attempt.
      mkdirSync(folder);
      const retried = await t.app.inject({
        method: 'POST',
        url: `/api/v1/system/queues/jobs/${id}/retry`,
        headers: admin,
      });
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toEqual({ id, status: 'queued' });
      await expect
        .poll(async () => (await t.ctx.queue.get(id))?.status, { timeout: 30_000 })
        .toBe('completed');
      expect(await t.ctx.queue.get(id)).toMatchObject({ attempts: 1, error: null });
      const after = await overview();
      expect(after.failed).toEqual([]);
      expect(after.kinds).toContainEqual(
        expect.objectContaining({
          name: 'test.marker',
          counts: expect.objectContaining({ completed: 2, failed: 0 }),
        }),
      );

      // Only a failed job can be run again; an unknown one is not found.
      const again = await t.app.inject({
        method: 'POST',
        url: `/api/v1/system/queues/jobs/${id}/retry`,
        headers: admin,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'job_not_failed', params: { status: 'completed' } });
      const unknown = await t.app.inject({
        method: 'POST',
        url: `/api/v1/system/queues/jobs/${randomUUID()}/retry`,
        headers: admin,
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'job_not_found' });
      const malformed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/system/queues/jobs/nope/retry',
        headers: admin,
      });
      expect(malformed.statusCode).toBe(422);
    } finally {
      await t.close();
      if (env.REDIS_PREFIX) await removeRedisKeys(env.REDIS_PREFIX);
    }
  });
});
