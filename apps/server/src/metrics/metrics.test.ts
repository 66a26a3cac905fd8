import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/harness.ts';
import { redisAvailable, removeRedisKeys, TEST_REDIS_URL } from '../../test/redis.ts';
import { testMarkerJob } from '../jobs/test-marker.job.ts';

const queues: { name: string; env: Record<string, string> }[] = [{ name: 'embedded', env: {} }];
if (await redisAvailable())
  queues.push({
    name: 'bullmq',
    env: { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `vx-metrics-${randomBytes(6).toString('hex')}` },
  });

/** The value of one sample line of a Prometheus text exposition, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.indexOf('}'));
    if (wanted.every((w) => inside.split(',').includes(w))) return Number(line.slice(line.indexOf('}') + 2));
  }
  return undefined;
}

describe('/metrics', () => {
  it.each(queues)(
    'reports request latency per route, queue depth per kind and state, and job durations ($name queue)',
    async ({ name, env }) => {
      const t = await createTestContext('pglite', { env: { VOXPRESS_TEST_JOBS: 'true', ...env } });
      try {
        for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/v1/health' });
        await t.ctx.queue.enqueue(testMarkerJob, { file: path.join(t.dataDir, 'marker'), workMs: 10 });
        const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
        const finished = { name: 'test.marker', outcome: 'completed' };
        // The job's end reaches the metrics as an event, a moment after the queue stores it.
        await expect
          .poll(async () => sample(await scrape(), 'voxpress_job_duration_seconds_count', finished), {
            timeout: 30_000,
          })
          .toBe(1);
        // Held back while running so the queue shows one queued job of its kind.
        await t.ctx.queue.enqueue(
          testMarkerJob,
          { file: path.join(t.dataDir, 'later'), workMs: 10 },
          { delayMs: 600_000 },
        );

        const res = await t.app.inject({ method: 'GET', url: '/metrics' });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
        const text = res.body;
        expect(
          sample(text, 'voxpress_http_request_duration_seconds_count', {
            method: 'GET',
            route: '/api/v1/health',
            status_code: '200',
          }),
        ).toBe(3);
        expect(sample(text, 'voxpress_queue_jobs', { name: 'test.marker', status: 'completed' })).toBe(1);
        expect(sample(text, 'voxpress_queue_jobs', { name: 'test.marker', status: 'queued' })).toBe(1);
        expect(text).toMatch(/^voxpress_process_resident_memory_bytes \d+/m);
        // What BullMQ itself holds in Redis, beside the records (the delayed job reaches Redis
        // when the outbox relays it, a moment after the enqueue).
        const engine = async (state: string) =>
          sample(await scrape(), 'voxpress_queue_engine_jobs', { state });
        if (name === 'bullmq') {
          await expect.poll(() => engine('delayed'), { timeout: 30_000 }).toBe(1);
          expect(await engine('completed')).toBe(1);
          expect(await engine('active')).toBe(0);
        } else expect(text).not.toMatch(/^voxpress_queue_engine_jobs\{/m);
      } finally {
        await t.close();
        if (env.REDIS_PREFIX) await removeRedisKeys(env.REDIS_PREFIX);
      }
    },
  );

  it('asks for the token when METRICS_TOKEN is set', async () => {
    const t = await createTestContext('pglite', {
      startWorkers: false,
      env: { METRICS_TOKEN: 'prometheus-scrape-token' },
    });
    try {
      const refused = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ detail: 'Authentication required', code: 'unauthorized' });
      const allowed = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer prometheus-scrape-token' },
      });
      expect(allowed.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
