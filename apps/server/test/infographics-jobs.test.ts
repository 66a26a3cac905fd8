import type {
  GenerationResult,
  InfographicJob,
  InfographicJobEvent,
  InfographicJobSubmitted,
} from '@voxpress/contracts';
import { FakeHttpServer } from '@voxpress/test-kit/fake-http-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../src/boot.ts';
import { jobs } from '../src/db/schema.ts';
import { type ChatBody, openAiChatHandler, userText } from './fake-llm-servers.ts';
import { createTestContext, drivers, type TestContext } from './harness.ts';
import { type Client, client } from './http.ts';
import { decoded, openLink, writtenContent } from './infographics-client.ts';

const API = '/api/v1/infographics';

/** The events of a server-sent event stream, read to its end. */
type StreamEvent = { event: string; data: InfographicJobEvent };

/**
 * Reads a status stream to its end. `opened` settles once its first state has arrived: the
 * server subscribes to the job's events before it sends that state, so nothing later is missed.
 */
function readStream(url: string): { opened: Promise<void>; events: Promise<StreamEvent[]> } {
  let opened!: () => void;
  const first = new Promise<void>((resolve) => {
    opened = resolve;
  });
  const events = (async () => {
    const res = await fetch(url);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    if (!res.body) throw new Error('the status stream has no body');
    const decoder = new TextDecoder();
    let text = '';
    for await (const chunk of res.body) {
      text += decoder.decode(chunk, { stream: true });
      if (/^data: /m.test(text)) opened();
    }
    return text
      .split('\n\n')
      .filter((block) => block.includes('data: '))
      .map((block) => ({
        event: /^event: (.+)$/m.exec(block)?.[1] ?? 'message',
        data: JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? '{}'),
      }));
  })();
  // A stream that fails before its first state fails the wait for it too.
  return { opened: Promise.race([first, events.then(() => {})]), events };
}

describe.each(drivers)('infographic jobs on %s', (driver) => {
  let t: TestContext;
  let ada: Client;
  let eve: Client;
  let base: string;
  let contentId: string;
  let walkId: string;

  beforeAll(async () => {
    // Workers start once a stream is open, so the stream sees the job from its first step.
    t = await createTestContext(driver, {
      startWorkers: false,
      env: { AUTH_RATE_LIMIT: '1000', OLLAMA_DISCOVERY: 'false' },
    });
    ada = await client(t, 'ada@example.com');
    eve = await client(t, 'eve@example.com');
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  let submitted: InfographicJobSubmitted;

  it('queues a set as a job that waits in queue, with a link to follow it', async () => {
    // The content is written by a worker; the infographic job then waits for one.
    await t.ctx.queue.start();
    contentId = (await writtenContent(ada)).id;
    walkId = (
      await writtenContent(ada, 'Notes from the walk\n\nWe walked by the river. The light was soft.', {
        type: 'enhanced',
      })
    ).id;
    await t.ctx.queue.stop();
    const res = await ada.send('POST', `${API}/queue/submit`, {
      content_id: contentId,
      variation_count: 10,
      size: '420x640',
      priority: 5,
    });
    expect(res.statusCode).toBe(202);
    submitted = res.json();
    expect(submitted).toMatchObject({
      status: 'pending',
      current_step: 'Waiting in queue...',
      total_variations: 10,
      status_url: `${API}/queue/status/${submitted.job_id}`,
    });
    expect(submitted.stream_url).toMatch(
      new RegExp(`^${API}/queue/status/${submitted.job_id}/stream\\?ticket=`),
    );
    const status = (await ada.get(submitted.status_url)).json() as InfographicJob;
    expect(status).toMatchObject({ status: 'pending', progress: 0, completed_variations: 0, results: [] });
  });

  it('shows a job cancelled from the queue while it waited as failed, with the reason', async () => {
    const job = (
      await ada.send('POST', `${API}/queue/submit`, { content_id: contentId, variation_count: 1 })
    ).json();
    const [row] = await t.ctx.database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'jobId' = ${job.job_id}`);
    expect(await t.ctx.queue.cancel(row?.id as string)).toBe(true);
    const status = (await ada.get(`${API}/queue/status/${job.job_id}`)).json() as InfographicJob;
    expect(status).toMatchObject({
      status: 'failed',
      current_step: 'Generation failed.',
      error_message: 'Generation was cancelled.',
    });
  });

  it('is followed over server-sent events through every status to completed, with the spec’s messages', async () => {
    const stream = readStream(`${base}${submitted.stream_url}`);
    // The stream is subscribed and has sent its first state before the workers take the job.
    await stream.opened;
    await startWorkers(t.ctx);
    const events = await stream.events;
    const steps = events.filter((e) => e.event === 'message').map((e) => e.data.current_step);
    expect(steps[0]).toBe('Waiting in queue...');
    expect(steps).toContain('Analyzing content...');
    expect(steps).toContain('Generating design variations...');
    const generating = steps.filter((s) => s.startsWith('Generating infographics...'));
    expect(generating.at(-1)).toBe('Generating infographics... (10/10)');
    expect(generating.length).toBeGreaterThanOrEqual(5);
    const counts = generating.map((s) => Number(/\((\d+)\/10\)/.exec(s)?.[1]));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    const percents = events.map((e) => e.data.progress);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    const last = events.at(-1);
    expect(last?.event).toBe('complete');
    expect(last?.data).toMatchObject({
      status: 'completed',
      progress: 100,
      current_step: 'Completed! Generated 10 variations.',
      completed_variations: 10,
      error_message: null,
    });
  });

  it('gives the variations with the job’s status, and lists the user’s jobs', async () => {
    const job = (await ada.get(`${API}/queue/status/${submitted.job_id}`)).json() as InfographicJob;
    expect(job.results).toHaveLength(10);
    expect(job.results.map((r) => r.variation_index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const r of job.results) {
      const png = await openLink(t, r.infographic_url as string);
      expect(await decoded(png.rawPayload)).toEqual({ format: 'png', width: 420, height: 640 });
    }
    const list = (await ada.get(`${API}/queue/jobs?status=completed&content_id=${contentId}`)).json();
    expect(list.items.map((j: InfographicJob) => j.job_id)).toEqual([submitted.job_id]);
    const failed = (await ada.get(`${API}/queue/jobs?status=failed`)).json();
    expect(failed.items.map((j: InfographicJob) => j.error_message)).toEqual(['Generation was cancelled.']);
  });

  it('keeps jobs to their owner: status, stream and list', async () => {
    expect((await eve.get(`${API}/queue/status/${submitted.job_id}`)).statusCode).toBe(404);
    const stream = await fetch(`${base}${API}/queue/status/${submitted.job_id}/stream?token=${eve.token}`);
    expect(stream.status).toBe(404);
    expect((await eve.get(`${API}/queue/jobs`)).json().total).toBe(0);
    const unsigned = await fetch(`${base}${API}/queue/status/${submitted.job_id}/stream`);
    expect(unsigned.status).toBe(401);
    expect(((await unsigned.json()) as { detail: string }).detail).toBe('Authentication required');
    expect((await eve.send('POST', `${API}/queue/submit`, { content_id: contentId })).statusCode).toBe(404);
  });

  it('refuses a job without sizes or content in the spec’s words, before queueing anything', async () => {
    const none = await ada.send('POST', `${API}/queue/submit`, { content_id: contentId, sizes: [] });
    expect(none.json().detail).toBe('Please select at least one size above to generate infographics');
    const empty = await ada.send('POST', `${API}/queue/submit`, {});
    expect(empty.json().code).toBe('infographic_content_missing');
  });

  it('goes with its content: a job of deleted content is gone, and its worker draws nothing', async () => {
    const job = (
      await ada.send('POST', `${API}/queue/submit`, { content_id: walkId, variation_count: 2 })
    ).json();
    expect((await ada.send('DELETE', `/api/v1/content/${walkId}`)).statusCode).toBe(200);
    expect((await ada.get(`${API}/queue/status/${job.job_id}`)).statusCode).toBe(404);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [queued] = await t.ctx.database.db
        .select()
        .from(jobs)
        .where(sql`${jobs.payload}->>'jobId' = ${job.job_id}`);
      // Whether the worker took it before the content went (and found it gone) or after (and
      // found no job left), it ends without drawing anything.
      if (queued?.status === 'completed' || queued?.status === 'failed') {
        if (queued.status === 'completed') expect(queued.result).toEqual({ generated: 0 });
        else expect(queued.error).toBe('Content not found');
        break;
      }
      if (Date.now() > deadline) throw new Error(`the queue job never finished: ${JSON.stringify(queued)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});

describe('variations designed by the configured language model', () => {
  const fake = new FakeHttpServer();
  let t: TestContext;
  let ada: Client;

  beforeAll(async () => {
    await fake.start();
    t = await createTestContext('pglite', {
      env: {
        AUTH_RATE_LIMIT: '1000',
        OLLAMA_DISCOVERY: 'false',
        LLM_BASE_URL: `${fake.url}/v1`,
        LLM_MODEL: 'designer',
        INFOGRAPHIC_LLM_TEMPLATES: 'true',
        INFOGRAPHIC_HYBRID_TEMPLATES: 'true',
      },
    });
    ada = await client(t, 'ada@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await fake.stop();
  });

  it('mixes built-in and model designs; the model chooses among the content’s own texts', async () => {
    fake.handler = openAiChatHandler((body: ChatBody) => {
      const prompt = userText(body);
      if (!prompt.includes('POINTS:'))
        return {
          text: JSON.stringify({
            content_type: 'enhanced',
            target_audience: 'general',
            cultural_context: 'international',
            layout_style: 'modern',
            reason: '',
          }),
        };
      return {
        text: JSON.stringify({
          designs: [
            {
              layout_style: 'elegant',
              emphasis: 'quote',
              lead_points: [1, 0],
              quote: 0,
              reason: 'A quiet, quotable look.',
            },
            {
              layout_style: 'vibrant',
              emphasis: 'key_points',
              lead_points: [2],
              quote: null,
              reason: 'Bold for stories.',
            },
          ],
        }),
      };
    });
    const res = (
      await ada.send('POST', `${API}/react/generate`, {
        content_data: {
          title: 'Why we write things down',
          key_points: [
            'Decisions survive time zones.',
            'A weekly note replaces meetings.',
            'New people read their way in.',
          ],
          quote: 'If it is not written down, it did not happen.',
        },
        variation_count: 4,
        size: '800x800',
        enable_debugging: true,
      })
    ).json() as GenerationResult;
    expect(res.variations.map((v) => v.variation_type)).toEqual(['fixed', 'fixed', 'llm', 'llm']);
    const [designed] = res.variations.filter((v) => v.variation_type === 'llm');
    expect(designed).toMatchObject({ style: 'elegant', template_info: { emphasis: 'quote' } });
    expect(designed?.data?.quote?.text).toBe('If it is not written down, it did not happen.');
    expect(designed?.data?.points[0]?.text).toBe('A weekly note replaces meetings.');
    expect(designed?.debug).toMatchObject({ reason: 'A quiet, quotable look.' });
    expect(res.notices).toEqual([]);
  });

  it('falls back to built-in designs, and says so, when the model fails', async () => {
    fake.handler = openAiChatHandler(() => ({ status: 400, message: 'bad request' }));
    const res = (
      await ada.send('POST', `${API}/react/generate`, {
        content_data: 'A short note\n\nWe planted three apple trees this spring.',
        variation_count: 4,
        size: '512x512',
      })
    ).json() as GenerationResult;
    expect(res.variations.every((v) => v.variation_type === 'fixed')).toBe(true);
    expect(res.variations).toHaveLength(4);
    expect(res.notices[0]).toMatch(/could not design variations this time/);
  });
});
