import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeAudioFile } from '@voxpress/test-kit/speech-fixtures';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../test/harness.ts';
import { postAudioFile, signUp } from '../../test/http.ts';
import { readUntil } from '../../test/wait.ts';
import { startWorkers } from '../boot.ts';
import { audio, jobs, transcriptions } from '../db/schema.ts';
import { speakersJob } from '../jobs/speakers.job.ts';
import { transcribeJob } from '../jobs/transcribe.job.ts';
import type { Queue } from '../queue/queue.ts';

/** Content and transcription take up to a minute and a half on a loaded machine. */
const PATIENTLY = { timeoutMs: 90_000 };

describe.each(drivers)('item pipeline on %s', (driver) => {
  let t: TestContext;
  let token: string;
  let fixtures: string;
  let speech: Buffer;
  beforeAll(async () => {
    t = await createTestContext(driver, { startWorkers: false, env: { SPEECH_ENGINES: 'pocketsphinx' } });
    token = await signUp(t.app, 'pipeline@example.com');
    fixtures = mkdtempSync(path.join(tmpdir(), 'voxpress-pipeline-'));
    speech = readFileSync(await makeAudioFile('Hello there, this is a short test.', 'wav', fixtures));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(fixtures, { recursive: true, force: true });
  });

  const rowOf = async (id: string) => {
    const [row] = await t.ctx.database.db.select().from(audio).where(eq(audio.id, id));
    return row;
  };
  /** The item's jobs of one kind (transcription unless said). */
  const jobsOf = (id: string, name = transcribeJob.name) =>
    t.ctx.database.db
      .select()
      .from(jobs)
      .then((all) =>
        all.filter((j) => j.name === name && (j.payload as { audioId?: string }).audioId === id),
      );

  it('writes the item’s status and its first job together: a failure between them leaves neither, and start-up queues it', async () => {
    const queue = t.ctx.queue as Queue & { enqueue: Queue['enqueue'] };
    const real = queue.enqueue.bind(queue);
    // The job's insert happens, then the process is cut off before the status change commits.
    queue.enqueue = async (...args) => {
      await real(...args);
      throw new Error('connection to the database was lost');
    };
    let res: Awaited<ReturnType<typeof postAudioFile>>;
    try {
      res = await postAudioFile(t.app, token, { name: 'short.wav', content: speech }, { language: 'en-US' });
    } finally {
      queue.enqueue = real;
    }
    expect(res.statusCode).toBe(500);
    const [item] = await t.ctx.database.db.select().from(audio);
    expect(item).toMatchObject({ status: 'uploaded', transcriptionStatus: 'not_started', jobId: null });
    expect(await jobsOf(item?.id ?? '')).toEqual([]);

    // Starting the workers finds the item with no job and queues it once, however often it looks.
    await startWorkers(t.ctx);
    await Promise.all([t.ctx.pipeline.sweep(), t.ctx.pipeline.sweep()]);
    const done = await readUntil(
      () => rowOf(item?.id ?? ''),
      (row) => row?.status === 'completed' || row?.status === 'failed',
      PATIENTLY,
    );
    expect(done).toMatchObject({ status: 'completed', transcriptionStatus: 'completed' });
    expect(await jobsOf(item?.id ?? '')).toHaveLength(1);
    const stored = await t.ctx.database.db
      .select()
      .from(transcriptions)
      .where(eq(transcriptions.audioId, item?.id ?? ''));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.originalText).toMatch(/test/i);
    // Speaker detection was queued with the transcript, in the same transaction.
    const speakers = await jobsOf(item?.id ?? '', speakersJob.name);
    expect(speakers).toHaveLength(1);
    expect(speakers[0]?.payload).toEqual({ audioId: item?.id, transcriptionId: stored[0]?.id });
  });

  it('does not queue an item twice while its transcription is queued or running', async () => {
    const id = await t.ctx.database.db
      .select({ id: audio.id })
      .from(audio)
      .then((rows) => rows[0]?.id ?? '');
    expect(await t.ctx.pipeline.start(id)).toBe(true);
    expect(await t.ctx.pipeline.start(id)).toBe(false);
    expect(await rowOf(id)).toMatchObject({ status: 'processing', transcriptionStatus: 'queued' });
    const queued = (await jobsOf(id)).filter((j) => j.status === 'queued' || j.status === 'running');
    expect(queued).toHaveLength(1);
    expect((await rowOf(id))?.jobId).toBe(queued[0]?.id);
    await readUntil(
      () => rowOf(id),
      (row) => row?.status === 'completed',
      PATIENTLY,
    );
  });
});
