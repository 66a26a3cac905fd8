import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { jobs, transcriptions } from '../src/db/schema.ts';
import { MemoryEventBus } from '../src/events/event-bus.ts';
import { testMarkerJob } from '../src/jobs/test-marker.job.ts';
import { EmbeddedQueue } from '../src/queue/embedded-queue.ts';
import { createPostgresDatabase, drivers } from './harness.ts';
import { freePort, waitForHealth } from './server-process.ts';
import { FIXTURE_PARAGRAPH, FIXTURE_PARAGRAPH_2, makeAudioFile } from './speech-fixtures.ts';
import { wordErrorRate } from './wer.ts';

const serverDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, VOXPRESS_TEST_JOBS: 'true', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** Waits for `text` in `file`; a server process that exits first fails the wait at once. */
async function waitForFile(
  file: string,
  text: string,
  child: ChildProcess,
  timeoutMs = 60_000,
): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`The server exited with code ${child.exitCode} before "${text}"`);
    const content = (() => {
      try {
        return readFileSync(file, 'utf8');
      } catch {
        return '';
      }
    })();
    if (content.includes(text)) return content;
    if (Date.now() > until)
      throw new Error(`"${text}" never appeared in ${file}; it holds: ${JSON.stringify(content)}`);
    await sleep(50);
  }
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));

describe.each(drivers)('a job interrupted by a crash, on %s', (driver) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('is recovered after a restart and completes exactly once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'voxpress-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const pgdb = driver === 'postgres' ? await createPostgresDatabase() : undefined;
    if (pgdb) cleanups.push(() => pgdb.drop());
    const marker = path.join(dataDir, 'marker.log');
    writeFileSync(marker, '');
    // Both roles in one process: the embedded database opens in one process only.
    const env: Record<string, string> = {
      VOXPRESS_DATA_DIR: dataDir,
      VOXPRESS_ROLES: 'api,worker',
      PORT: String(await freePort()),
      JOB_LEASE_MS: '1500',
    };
    if (pgdb) env.DATABASE_URL = pgdb.url;

    const openQueue = async () => {
      const database = await openDatabase({ url: pgdb?.url, dataDir });
      await database.migrate();
      const queue = new EmbeddedQueue({
        database,
        events: new MemoryEventBus(),
        logger: pino({ level: 'silent' }),
        concurrency: 1,
        leaseMs: 1500,
      });
      queue.register(testMarkerJob);
      return { database, queue };
    };
    const setup = await openQueue();
    const { id } = await setup.queue.enqueue(testMarkerJob.name, { file: marker, workMs: 4000 });
    await setup.database.close();

    const first = startServer(env);
    cleanups.push(() => void first.kill('SIGKILL'));
    await waitForFile(marker, 'start 1', first);
    first.kill('SIGKILL');
    await exited(first);
    expect(readFileSync(marker, 'utf8')).toBe('start 1\n');

    const second = startServer(env);
    cleanups.push(() => void second.kill('SIGKILL'));
    await waitForFile(marker, 'done', second);
    // Give a duplicate run, if there were one, the chance to show itself before looking.
    await sleep(1500);
    second.kill('SIGTERM');
    await exited(second);

    expect(readFileSync(marker, 'utf8')).toBe('start 1\nstart 2\ndone\n');
    const check = await openQueue();
    const job = await check.queue.get(id);
    await check.database.close();
    expect(job).toMatchObject({ status: 'completed', attempts: 2, result: { ok: true }, progress: 100 });
  });
});

describe.each(drivers)('a transcription interrupted by a crash, on %s', (driver) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('starts again after a restart and stores exactly one transcript', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'voxpress-crash-tx-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const pgdb = driver === 'postgres' ? await createPostgresDatabase() : undefined;
    if (pgdb) cleanups.push(() => pgdb.drop());
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      VOXPRESS_DATA_DIR: dataDir,
      VOXPRESS_ROLES: 'api,worker',
      VOXPRESS_SECRET: 'crash-test-secret-that-is-long-enough-0123456789',
      PORT: String(port),
      SPEECH_ENGINES: 'pocketsphinx',
      JOB_LEASE_MS: '1500',
    };
    if (pgdb) env.DATABASE_URL = pgdb.url;
    const text = `${FIXTURE_PARAGRAPH} ${FIXTURE_PARAGRAPH_2} ${FIXTURE_PARAGRAPH}`;
    const file = readFileSync(await makeAudioFile(text, 'wav', dataDir));

    const first = startServer(env);
    cleanups.push(() => void first.kill('SIGKILL'));
    await waitForHealth(base, { child: first });
    const signUp = await fetch(`${base}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'crash@example.com', password: 'correct horse battery', full_name: 'C' }),
    });
    const token = ((await signUp.json()) as { data: { access_token: string } }).data.access_token;
    const headers = { authorization: `Bearer ${token}` };
    const form = new FormData();
    form.set('language', 'en-US');
    form.set('file', new Blob([file], { type: 'audio/wav' }), 'long.wav');
    const uploaded = await fetch(`${base}/api/v1/files/upload/audio`, {
      method: 'POST',
      headers,
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const id = ((await uploaded.json()) as { data: { audio_id: string } }).data.audio_id;
    const audioState = async () =>
      (await (await fetch(`${base}/api/v1/audio/${id}`, { headers })).json()) as {
        status: string;
        transcription_status: string;
        progress: { percent: number };
      };

    // Kill it for real once the speech engine is at work.
    for (;;) {
      const a = await audioState();
      if (a.transcription_status === 'processing' && a.progress.percent >= 10) break;
      expect(a.status).not.toBe('completed');
      await sleep(100);
    }
    first.kill('SIGKILL');
    await exited(first);

    const second = startServer(env);
    cleanups.push(() => void second.kill('SIGKILL'));
    await waitForHealth(base, { child: second });
    let final = await audioState();
    while (final.status !== 'completed' && final.status !== 'failed') {
      await sleep(200);
      final = await audioState();
    }
    expect(final).toMatchObject({ status: 'completed', transcription_status: 'completed' });
    const transcript = (await (
      await fetch(`${base}/api/v1/audio/${id}/transcription`, { headers })
    ).json()) as {
      text: string;
    };
    expect(wordErrorRate(text, transcript.text)).toBeLessThanOrEqual(0.15);
    second.kill('SIGTERM');
    await exited(second);

    const database = await openDatabase({ url: pgdb?.url, dataDir });
    const rows = await database.db.select().from(transcriptions).where(eq(transcriptions.audioId, id));
    const [job] = await database.db.select().from(jobs).where(eq(jobs.name, 'audio.transcribe'));
    await database.close();
    expect(rows).toHaveLength(1);
    expect(job).toMatchObject({ status: 'completed', attempts: 2 });
  }, 180_000);
});
