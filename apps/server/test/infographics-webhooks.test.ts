import { setTimeout as sleep } from 'node:timers/promises';
import type { InfographicJob, WebhookDelivery } from '@voxpress/contracts';
import { FakeHttpServer } from '@voxpress/test-kit/fake-http-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../src/services/webhooks/webhook-signature.ts';
import { createTestContext, drivers, type TestContext } from './harness.ts';
import { type Client, client } from './http.ts';
import { writtenContent } from './infographics-client.ts';

const API = '/api/v1/infographics';

/** Waits for a condition with a deadline (no fixed sleeps). */
async function until<T>(read: () => Promise<T> | T, done: (v: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await sleep(50);
  }
}

describe.each(drivers)('images.completed webhooks on %s', (driver) => {
  const receiver = new FakeHttpServer();
  const bodies: { headers: Record<string, unknown>; raw: string }[] = [];
  let t: TestContext;
  let ada: Client;
  let eve: Client;
  let secret: string;
  let hookId: string;
  let contentId: string;
  let firstJobId: string;

  beforeAll(async () => {
    await receiver.start();
    receiver.handler = (req, res) => {
      bodies.push({ headers: req.headers, raw: JSON.stringify(req.body) });
      res.writeHead(204).end();
    };
    t = await createTestContext(driver, {
      env: { AUTH_RATE_LIMIT: '1000', OLLAMA_DISCOVERY: 'false', PUBLISH_ALLOW_PRIVATE: 'true' },
    });
    ada = await client(t, 'ada@example.com');
    eve = await client(t, 'eve@example.com');
    const hook = await ada.send('POST', '/api/v1/publishing/webhooks', {
      url: `${receiver.url}/zapier/catch`,
      events: ['images.completed'],
    });
    expect(hook.statusCode).toBe(201);
    secret = hook.json().secret;
    hookId = hook.json().id;
    contentId = (await writtenContent(ada)).id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await receiver.stop();
  });

  /** Submits a set as a job and waits until it is completed. */
  async function completedJob(c: Client, request: object): Promise<InfographicJob> {
    const submitted = await c.send('POST', `${API}/queue/submit`, request);
    expect(submitted.statusCode).toBe(202);
    const job = await until(
      async () => (await c.get(submitted.json().status_url)).json() as InfographicJob,
      (j) => j.status === 'completed' || j.status === 'failed',
      'the job',
    );
    expect(job.status).toBe('completed');
    return job;
  }

  it('sends one signed images.completed event per finished set, naming every image', async () => {
    const job = await completedJob(ada, {
      content_id: contentId,
      variation_count: 2,
      sizes: ['1080x1080', '1080x1920'],
    });
    firstJobId = job.job_id;
    await until(
      () => bodies,
      (b) => b.length >= 1,
      'the delivery',
    );
    const [{ headers, raw } = { headers: {}, raw: '' }] = bodies;
    expect(headers['x-voxpress-event']).toBe('images.completed');
    expect(verifyWebhook(secret, raw, String(headers['x-voxpress-signature']))).toBe(true);
    expect(verifyWebhook('whsec_wrong', raw, String(headers['x-voxpress-signature']))).toBe(false);
    const payload = JSON.parse(raw);
    expect(payload).toMatchObject({
      id: `images:${job.job_id}`,
      type: 'images.completed',
      data: {
        set_id: job.job_id,
        job_id: job.job_id,
        content_id: contentId,
        content_type: 'recipe',
        total_generated: 4,
        total_failed: 0,
        api_url: expect.stringMatching(new RegExp(`${API}/queue/status/${job.job_id}$`)),
      },
    });
    expect(
      payload.data.images.map((i: { id: string; size: string; variation_index: number }) => [
        i.id,
        i.variation_index,
        i.size,
      ]),
    ).toEqual(job.results.map((r) => [r.id, r.variation_index, r.size]));
    expect(new Set(payload.data.images.map((i: { size: string }) => i.size))).toEqual(
      new Set(['1080x1080', '1080x1920']),
    );
  });

  it('sends a second set its own event, never the first again, and nothing for what is not subscribed', async () => {
    const second = await completedJob(ada, { content_id: contentId, variation_count: 1 });
    // The owner's own content being written again is not an event this webhook asked for.
    await writtenContent(ada, 'A short note\n\nWe planted three apple trees this spring.', {
      type: 'enhanced',
    });
    // Someone else's set is not the owner's event.
    const eveContent = await writtenContent(eve, 'Eve notes\n\nThe river rose by a metre overnight.', {
      type: 'enhanced',
    });
    await completedJob(eve, { content_id: eveContent.id, variation_count: 1 });
    const log = await until(
      async () =>
        (await ada.get(`/api/v1/publishing/webhooks/${hookId}/deliveries`)).json().items as WebhookDelivery[],
      (items) => items.length >= 2 && items.every((d) => d.status === 'delivered'),
      'both deliveries',
    );
    await until(
      () => bodies,
      (b) => b.length >= 2,
      'the second delivery',
    );
    // Deliveries are queued in the transaction that completes the work, so any wrong one would
    // already be in the log.
    expect(log.map((d) => d.event_id).sort()).toEqual(
      [`images:${firstJobId}`, `images:${second.job_id}`].sort(),
    );
    expect(bodies.map((b) => JSON.parse(b.raw).type)).toEqual(['images.completed', 'images.completed']);
    expect(JSON.parse(bodies[1]?.raw ?? '{}').data).toMatchObject({
      job_id: second.job_id,
      total_generated: 1,
    });
  });
});
