import type { Content } from '@voxpress/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../test/harness.ts';
import { multipartBody, signUp } from '../../test/http.ts';
import { readUntil } from '../../test/wait.ts';
import { content, jobs } from '../db/schema.ts';
import { NoEngineError } from '../engines/engine.ts';
import { contentTranslateJob } from '../jobs/content-translate.job.ts';
import { contentWriteJob } from '../jobs/content-write.job.ts';
import type { JobContext, Queue } from '../queue/queue.ts';
import { LeaseLostError } from '../queue/queue.ts';

/** Content and transcription take up to a minute and a half on a loaded machine. */
const PATIENTLY = { timeoutMs: 90_000 };

describe.each(drivers)('content pipeline on %s', (driver) => {
  let t: TestContext;
  let token: string;
  let source: string;
  const headers = () => ({ authorization: `Bearer ${token}` });
  const piece = async (id: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/v1/content/${id}`, headers: headers() })
    ).json() as Content;
  const settled = (c: Content) => c.status === 'completed' || c.status === 'failed';
  const jobsOf = async (id: string) =>
    (await t.ctx.database.db.select().from(jobs)).filter(
      (j) => (j.payload as { contentId?: string }).contentId === id,
    );
  const enhance = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/content/enhance', headers: headers(), payload });

  beforeAll(async () => {
    t = await createTestContext(driver, { env: { AUTH_RATE_LIMIT: '1000', OLLAMA_DISCOVERY: 'false' } });
    token = await signUp(t.app, 'pipeline@example.com');
    const form = multipartBody(
      { language: 'en' },
      {
        field: 'file',
        name: 'garden.txt',
        content: Buffer.from(
          'The garden needs water every morning.\n\nWe plant tomatoes in May and pick them in August.\n\nThe team meets on Friday to plan the beds.',
        ),
      },
    );
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files/upload/content',
      headers: { ...headers(), 'content-type': form.contentType },
      payload: form.body,
    });
    source = up.json().data.transcription_id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes, then translates in a second job queued with the first stage’s result', async () => {
    const res = await enhance({
      transcription_id: source,
      content_type: 'blog_post',
      language: ['en', 'es'],
    });
    const id = res.json().data.content_id as string;
    const done = await readUntil(() => piece(id), settled, PATIENTLY);
    expect(done.status).toBe('completed');
    expect(done.metadata.translation_status).toEqual({ en: 'completed', es: 'completed' });
    const stages = await jobsOf(id);
    expect(stages.map((j) => [j.name, j.status]).sort()).toEqual([
      [contentTranslateJob.name, 'completed'],
      [contentWriteJob.name, 'completed'],
    ]);
    // The piece points at the job of its last stage.
    const [row] = await t.ctx.database.db.select().from(content);
    expect(row?.jobId).toBe(stages.find((j) => j.name === contentTranslateJob.name)?.id);

    // One language: no translate stage at all.
    const single = await enhance({ transcription_id: source, content_type: 'tutorial', language: ['en'] });
    const singleId = single.json().data.content_id as string;
    expect((await readUntil(() => piece(singleId), settled, PATIENTLY)).status).toBe('completed');
    expect((await jobsOf(singleId)).map((j) => j.name)).toEqual([contentWriteJob.name]);
  });

  it('writes a piece’s state and its first job together: a failure between them leaves neither', async () => {
    const queue = t.ctx.queue as Queue & { enqueue: Queue['enqueue'] };
    const real = queue.enqueue.bind(queue);
    queue.enqueue = async (...args) => {
      await real(...args);
      throw new Error('connection to the database was lost');
    };
    let res: Awaited<ReturnType<typeof enhance>>;
    try {
      res = await enhance({ transcription_id: source, content_type: 'recipe' });
    } finally {
      queue.enqueue = real;
    }
    expect(res.statusCode).toBe(500);
    const rows = await t.ctx.database.db.select().from(content);
    expect(rows.map((r) => r.contentType).sort()).toEqual(['blog_post', 'tutorial']);
    const orphans = (await t.ctx.database.db.select().from(jobs)).filter(
      (j) => j.name === contentWriteJob.name,
    );
    expect(orphans).toHaveLength(2);
  });

  it('stores nothing from a run that lost its lease', async () => {
    const res = await enhance({
      transcription_id: source,
      content_type: 'enhanced',
      language: ['en', 'es'],
    });
    const id = res.json().data.content_id as string;
    await readUntil(() => piece(id), settled, PATIENTLY);
    // The same piece written again by a run whose lease another worker took meanwhile.
    await t.ctx.database.db.update(content).set({ status: 'processing', body: null });
    const lost: JobContext<{ contentId: string }> = {
      id: 'lost-run',
      payload: { contentId: id },
      attempt: 1,
      maxAttempts: 3,
      signal: new AbortController().signal,
      progress: async () => {},
      commit: async () => {
        throw new LeaseLostError('lost-run');
      },
    };
    await expect(t.ctx.writeContent.run(lost)).rejects.toBeInstanceOf(LeaseLostError);
    const after = await piece(id);
    expect(after.body).toBeNull();
    expect(after.status).toBe('processing');
    expect(await jobsOf(id)).toHaveLength(2);
  });

  it('translates again only the languages not done yet', async () => {
    // German and the like are refused before anything starts, so French stands for a language
    // that fails while the piece is made: its translator breaks at run time, Spanish works.
    const asked: string[] = [];
    const real = t.ctx.translators.translate.bind(t.ctx.translators);
    t.ctx.translators.translate = (request) => {
      asked.push(request.target);
      if (request.target === 'fr')
        return Promise.reject(
          new NoEngineError('No French translator today', 'French translation is not available.'),
        );
      return real(request);
    };
    try {
      const res = await enhance({
        transcription_id: source,
        content_type: 'meeting_notes',
        language: ['en', 'es', 'fr'],
      });
      const id = res.json().data.content_id as string;
      const done = await readUntil(() => piece(id), settled, PATIENTLY);
      expect(done.metadata.translation_status).toEqual({ en: 'completed', es: 'completed', fr: 'failed' });
      asked.length = 0;
      const [row] = (await t.ctx.database.db.select().from(content)).filter((r) => r.id === id);
      const fr = row?.translations.fr;
      if (!fr) throw new Error('no French entry');
      await t.ctx.database.db.update(content).set({
        status: 'processing',
        translations: { ...row.translations, fr: { ...fr, status: 'pending' } },
      });
      await t.ctx.queue.enqueue(contentTranslateJob, { contentId: id });
      t.ctx.queue.wake();
      const again = await readUntil(() => piece(id), settled, PATIENTLY);
      expect(again.metadata.translation_status).toEqual({ en: 'completed', es: 'completed', fr: 'failed' });
      expect(asked).toEqual(['fr']);
    } finally {
      t.ctx.translators.translate = real;
    }
  });
});
