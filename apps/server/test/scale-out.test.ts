import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { S3RVER_CREDENTIALS, startS3Server } from '@voxpress/test-kit/s3-server';
import { freePort, startServerProcess, stopProcess, waitForHealth } from '@voxpress/test-kit/server-process';
import { FIXTURE_PARAGRAPH, FIXTURE_PARAGRAPH_2, makeAudioFile } from '@voxpress/test-kit/speech-fixtures';
import { wordErrorRate } from '@voxpress/test-kit/wer';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { audio, jobs, transcriptions } from '../src/db/schema.ts';
import { MemoryEventBus } from '../src/events/event-bus.ts';
import { testMarkerJob, testMarkerWorker } from '../src/jobs/test-marker.job.ts';
import { BullmqQueue } from '../src/queue/bullmq-queue.ts';
import { createPostgresDatabase, drivers } from './harness.ts';
import { signUpAt, uploadAudioAt } from './http.ts';
import { cleanupAfter, startServer } from './process-setup.ts';
import { redisAvailable, removeRedisKeys, TEST_REDIS_URL } from './redis.ts';
import { parseSse } from './sse.ts';
import { until } from './wait.ts';

// Five recordings of different lengths, spoken by flite's kal16 voice (2–3 % WER with PocketSphinx).
const TEXTS = [
  `${FIXTURE_PARAGRAPH} ${FIXTURE_PARAGRAPH_2} ${FIXTURE_PARAGRAPH}`,
  `${FIXTURE_PARAGRAPH_2} ${FIXTURE_PARAGRAPH} ${FIXTURE_PARAGRAPH_2}`,
  FIXTURE_PARAGRAPH,
  FIXTURE_PARAGRAPH_2,
  `${FIXTURE_PARAGRAPH} ${FIXTURE_PARAGRAPH_2}`,
];

/** Starting workers and transcribing take minutes on a loaded machine. */
const PATIENTLY = { timeoutMs: 240_000, everyMs: 200 };

/** Resolves once the worker process at `url` answers on its health port. */
const workerHealthy = (url: string) =>
  until(
    'a worker to report healthy',
    () =>
      fetch(`${url}/health`)
        .then((r) => (r.ok ? true : undefined))
        .catch(() => undefined),
    PATIENTLY,
  );

const ready = drivers.includes('postgres') && (await redisAvailable());

// The scale-out deployment for real: two API processes and two worker processes (each `main.ts`,
// each with a data folder of its own) on one PostgreSQL, one Redis (BullMQ, events, rate limits)
// and an S3-compatible store. A worker is killed in the middle of a transcription.
describe.runIf(ready)('two API processes and two workers on PostgreSQL, Redis and S3', () => {
  const cleanups = cleanupAfter(afterAll, 60_000);
  const api: string[] = [];
  const workers: ChildProcess[] = [];
  let files: Buffer[] = [];
  let databaseUrl = '';
  let s3: Awaited<ReturnType<typeof startS3Server>>;

  beforeAll(async () => {
    const db = await createPostgresDatabase();
    cleanups.push(() => db.drop());
    databaseUrl = db.url;
    s3 = await startS3Server();
    cleanups.push(() => s3.close());
    const prefix = `vx-scale-${randomBytes(6).toString('hex')}`;
    cleanups.push(() => removeRedisKeys(prefix));
    const shared: Record<string, string> = {
      DATABASE_URL: db.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      ...s3.env,
      VOXPRESS_SECRET: `scale-out-${randomBytes(24).toString('hex')}`,
      SPEECH_ENGINES: 'pocketsphinx',
      WHISPER_AUTO_DOWNLOAD: 'false',
      JOB_CONCURRENCY: '1',
      // A killed worker's job is taken over within seconds, not the default half minute.
      JOB_LEASE_MS: '3000',
    };
    const start = async (role: 'api' | 'worker') => {
      const dataDir = mkdtempSync(path.join(tmpdir(), `voxpress-scale-${role}-`));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const port = await freePort();
      const child = startServerProcess({
        ...shared,
        VOXPRESS_DATA_DIR: dataDir,
        VOXPRESS_ROLES: role,
        ...(role === 'api' ? { PORT: String(port) } : { WORKER_HEALTH_PORT: String(port) }),
      });
      cleanups.push(() => stopProcess(child, 'SIGKILL'));
      return { child, url: `http://127.0.0.1:${port}` };
    };
    // The first process migrates the database; the others start together.
    const first = await start('api');
    await waitForHealth(first.url, { child: first.child, timeoutMs: 120_000 });
    const rest = await Promise.all([start('api'), start('worker'), start('worker')]);
    const [second, w1, w2] = rest as [(typeof rest)[0], (typeof rest)[0], (typeof rest)[0]];
    await waitForHealth(second.url, { child: second.child, timeoutMs: 120_000 });
    for (const worker of [w1, w2]) await workerHealthy(worker.url);
    api.push(first.url, second.url);
    workers.push(w1.child, w2.child);
    const fixtures = mkdtempSync(path.join(tmpdir(), 'voxpress-scale-speech-'));
    cleanups.push(() => rmSync(fixtures, { recursive: true, force: true }));
    files = await Promise.all(
      TEXTS.map(async (text) => readFileSync(await makeAudioFile(text, 'wav', fixtures))),
    );
  }, 300_000);

  it('transcribes five uploads exactly once while a worker dies, and every status stream ends complete', async () => {
    const [apiA = '', apiB = ''] = api;
    const token = await signUpAt(apiA, 'scale@example.com', 'S');
    const headers = { authorization: `Bearer ${token}` };

    // Uploads alternate between the API processes; each stream is followed on the other one.
    const items: { id: string; text: string; stream: Promise<string> }[] = [];
    for (const [i, file] of files.entries()) {
      const [through, follow] = i % 2 === 0 ? [apiA, apiB] : [apiB, apiA];
      const id = await uploadAudioAt(
        through,
        token,
        { name: `talk-${i + 1}.wav`, content: file },
        { language: 'en-US' },
      );
      const links = await fetch(`${follow}/api/v1/audio/${id}/links`, { headers });
      expect(links.status).toBe(200);
      const { status_url } = (await links.json()) as { status_url: string };
      // The stream ends by itself after its `complete` (or `error`) event.
      const stream = fetch(`${follow}${status_url}`).then((res) => res.text());
      items.push({ id, text: TEXTS[i] ?? '', stream });
    }

    // Both workers are transcribing (one job each): kill one of them in the middle of its work.
    const database = await openDatabase({ url: databaseUrl, dataDir: 'memory' });
    try {
      await until(
        'both workers to be transcribing',
        async () => {
          const running = await database.db.select().from(jobs).where(eq(jobs.status, 'running'));
          return running.length === 2 && running.every((j) => j.progress >= 10) ? true : undefined;
        },
        PATIENTLY,
      );
      const killed = workers[0] as ChildProcess;
      await stopProcess(killed, 'SIGKILL');

      const streams = await Promise.all(items.map((item) => item.stream));
      for (const body of streams) {
        const { data, events } = parseSse(body);
        expect(events).toEqual(['complete']);
        expect(data.at(-1)).toMatchObject({ status: 'completed', transcription_status: 'completed' });
      }

      for (const item of items) {
        const res = await fetch(`${apiB}/api/v1/audio/${item.id}/transcription`, { headers });
        expect(res.status).toBe(200);
        const { text } = (await res.json()) as { text: string };
        expect(wordErrorRate(item.text, text), text).toBeLessThanOrEqual(0.15);
      }

      // Exactly once: one transcript per item, one completed job per item, the killed run counted.
      const stored = await database.db.select().from(transcriptions);
      expect(stored.map((t) => t.audioId).sort()).toEqual(items.map((i) => i.id).sort());
      const done = await database.db.select().from(jobs).where(eq(jobs.name, 'audio.transcribe'));
      expect(done).toHaveLength(5);
      expect(done.every((j) => j.status === 'completed')).toBe(true);
      expect(done.map((j) => j.attempts).sort()).toEqual([1, 1, 1, 1, 2]);

      // Nothing orphaned in storage: the bucket holds exactly the items' audio.
      const rows = await database.db.select({ key: audio.blobKey }).from(audio);
      const client = new S3Client({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: S3RVER_CREDENTIALS,
      });
      const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
      client.destroy();
      expect((listed.Contents ?? []).map((o) => o.Key).sort()).toEqual(rows.map((r) => r.key).sort());
    } finally {
      await database.close();
    }
  }, 600_000);
});

// The same across processes without Redis: jobs queued in PostgreSQL, events by LISTEN/NOTIFY,
// files in one data folder both processes share (as on one machine).
describe.runIf(drivers.includes('postgres'))('an API process and a worker on PostgreSQL alone', () => {
  const cleanups = cleanupAfter(afterAll, 60_000);
  let base = '';
  let file: Buffer;

  beforeAll(async () => {
    const db = await createPostgresDatabase();
    cleanups.push(() => db.drop());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'voxpress-scale-pg-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const env = {
      DATABASE_URL: db.url,
      VOXPRESS_DATA_DIR: dataDir,
      BLOBS_SHARED: 'true',
      VOXPRESS_SECRET: `scale-pg-${randomBytes(24).toString('hex')}`,
      SPEECH_ENGINES: 'pocketsphinx',
      WHISPER_AUTO_DOWNLOAD: 'false',
      PORT: String(port),
    };
    await startServer({ ...env, VOXPRESS_ROLES: 'api' }, cleanups, 120_000);
    base = `http://127.0.0.1:${port}`;
    const workerProcess = startServerProcess({ ...env, VOXPRESS_ROLES: 'worker' });
    cleanups.push(() => stopProcess(workerProcess, 'SIGKILL'));
    file = readFileSync(await makeAudioFile(FIXTURE_PARAGRAPH, 'wav', dataDir));
  }, 300_000);

  it('follows the worker’s transcription on the API process to its complete event', async () => {
    const token = await signUpAt(base, 'pg@example.com', 'P');
    const headers = { authorization: `Bearer ${token}` };
    const id = await uploadAudioAt(base, token, { name: 'talk.wav', content: file }, { language: 'en-US' });
    const { status_url } = (await (await fetch(`${base}/api/v1/audio/${id}/links`, { headers })).json()) as {
      status_url: string;
    };
    const { data, events } = parseSse(await (await fetch(`${base}${status_url}`)).text());
    expect(events).toEqual(['complete']);
    expect(data.at(-1)).toMatchObject({
      audio_id: id,
      status: 'completed',
      transcription_status: 'completed',
    });
    // Progress crossed from the worker as it happened, not only the final state.
    expect(data.some((d) => d.transcription_status === 'processing')).toBe(true);
  }, 300_000);
});

// SIGTERM on a worker in the middle of a job: after its grace period the job goes back to BullMQ's
// waiting list and the other worker starts it at once. The lease is far longer than the test, so
// the job cannot reach the other worker by being recovered as stalled.
describe.runIf(ready)('a BullMQ worker told to stop in the middle of a job', () => {
  const cleanups = cleanupAfter();

  it('hands the job back, and another worker runs it at once', async () => {
    const db = await createPostgresDatabase();
    cleanups.push(() => db.drop());
    const prefix = `vx-handback-${randomBytes(6).toString('hex')}`;
    cleanups.push(() => removeRedisKeys(prefix));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'voxpress-handback-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const marker = path.join(dataDir, 'marker.log');
    writeFileSync(marker, '');
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      BLOBS_SHARED: 'true',
      VOXPRESS_SECRET: `handback-${randomBytes(24).toString('hex')}`,
      VOXPRESS_ROLES: 'worker',
      VOXPRESS_TEST_JOBS: 'true',
      JOB_CONCURRENCY: '1',
      JOB_LEASE_MS: '600000',
      JOB_STOP_GRACE_MS: '500',
    };
    const worker = async (name: string) => {
      const port = await freePort();
      const child = startServerProcess({
        ...env,
        VOXPRESS_DATA_DIR: path.join(dataDir, name),
        WORKER_HEALTH_PORT: String(port),
      });
      cleanups.push(() => stopProcess(child, 'SIGKILL'));
      await workerHealthy(`http://127.0.0.1:${port}`);
      return child;
    };
    const lines = () => readFileSync(marker, 'utf8').split('\n').filter(Boolean);

    const first = await worker('first');
    const database = await openDatabase({ url: db.url, dataDir: 'memory' });
    cleanups.push(() => database.close());
    const producer = new BullmqQueue({
      database,
      events: new MemoryEventBus(),
      logger: pino({ level: 'silent' }),
      redisUrl: TEST_REDIS_URL,
      prefix,
      concurrency: 1,
      leaseMs: 600_000,
    });
    cleanups.push(() => producer.stop());
    producer.register(testMarkerWorker);
    const { id } = await producer.enqueue(testMarkerJob, { file: marker, workMs: 30_000 });
    await until(
      'the first worker to start the job',
      () => (lines().length === 1 ? true : undefined),
      PATIENTLY,
    );
    const second = await worker('second');

    expect(lines()).toEqual(['start 1']);
    await stopProcess(first);
    expect(first.exitCode).toBe(0);
    const job = await until(
      'the second worker to finish the job',
      async () => {
        const record = await producer.get(id);
        return record?.status === 'completed' || record?.status === 'failed' ? record : undefined;
      },
      PATIENTLY,
    );
    // The stopped run is not counted: the second worker ran it as attempt 1, from the start.
    expect(job).toMatchObject({ status: 'completed', attempts: 1, result: { ok: true } });
    expect(lines()).toEqual(['start 1', 'start 1', 'done']);
    await stopProcess(second);
    expect(second.exitCode).toBe(0);
  }, 300_000);
});
