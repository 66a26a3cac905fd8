import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServerProcess, stopProcess } from '@voxpress/test-kit/server-process';
import { FIXTURE_PARAGRAPH, FIXTURE_PARAGRAPH_2, makeAudioFile } from '@voxpress/test-kit/speech-fixtures';
import { wordErrorRate } from '@voxpress/test-kit/wer';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { jobs, transcriptions } from '../src/db/schema.ts';
import { MemoryEventBus } from '../src/events/event-bus.ts';
import { testMarkerJob, testMarkerWorker } from '../src/jobs/test-marker.job.ts';
import { EmbeddedQueue } from '../src/queue/embedded-queue.ts';
import { drivers } from './harness.ts';
import { signUpAt, uploadAudioAt } from './http.ts';
import { cleanupAfter, serverSetup, startServer } from './process-setup.ts';

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

describe.each(drivers)('a job interrupted by a crash, on %s', (driver) => {
  const cleanups = cleanupAfter();

  // Two server starts from source, each tens of seconds on a busy 2-core machine.
  it('is recovered after a restart and completes exactly once', { timeout: 180_000 }, async () => {
    const { env, dataDir, databaseUrl } = await serverSetup(driver, cleanups, {
      JOB_LEASE_MS: '1500',
      VOXPRESS_TEST_JOBS: 'true',
    });
    const marker = path.join(dataDir, 'marker.log');
    writeFileSync(marker, '');
    const startMarking = () => {
      const child = startServerProcess(env);
      cleanups.push(() => stopProcess(child, 'SIGKILL'));
      return child;
    };

    const openQueue = async () => {
      const database = await openDatabase({ url: databaseUrl, dataDir });
      await database.migrate();
      const queue = new EmbeddedQueue({
        database,
        events: new MemoryEventBus(),
        logger: pino({ level: 'silent' }),
        concurrency: 1,
        leaseMs: 1500,
      });
      queue.register(testMarkerWorker);
      return { database, queue };
    };
    const setup = await openQueue();
    const { id } = await setup.queue.enqueue(testMarkerJob, { file: marker, workMs: 4000 });
    await setup.database.close();

    const first = startMarking();
    await waitForFile(marker, 'start 1', first);
    await stopProcess(first, 'SIGKILL');
    expect(readFileSync(marker, 'utf8')).toBe('start 1\n');

    const second = startMarking();
    await waitForFile(marker, 'done', second);
    // Once the process has stopped no run can start: a duplicate run, had there been one, wrote
    // its start to the marker and raised the job's attempts, both checked below.
    await stopProcess(second);

    expect(readFileSync(marker, 'utf8')).toBe('start 1\nstart 2\ndone\n');
    const check = await openQueue();
    const job = await check.queue.get(id);
    await check.database.close();
    expect(job).toMatchObject({ status: 'completed', attempts: 2, result: { ok: true }, progress: 100 });
  });
});

describe.each(drivers)('a transcription interrupted by a crash, on %s', (driver) => {
  const cleanups = cleanupAfter();

  it('starts again after a restart and stores exactly one transcript', async () => {
    const { env, base, dataDir, databaseUrl } = await serverSetup(driver, cleanups, {
      SPEECH_ENGINES: 'pocketsphinx',
      JOB_LEASE_MS: '1500',
    });
    const text = `${FIXTURE_PARAGRAPH} ${FIXTURE_PARAGRAPH_2} ${FIXTURE_PARAGRAPH}`;
    const file = readFileSync(await makeAudioFile(text, 'wav', dataDir));

    const first = await startServer(env, cleanups);
    const token = await signUpAt(base, 'crash@example.com', 'C');
    const headers = { authorization: `Bearer ${token}` };
    const id = await uploadAudioAt(base, token, { name: 'long.wav', content: file }, { language: 'en-US' });
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
    await stopProcess(first, 'SIGKILL');

    const second = await startServer(env, cleanups);
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
    await stopProcess(second);

    const database = await openDatabase({ url: databaseUrl, dataDir });
    const rows = await database.db.select().from(transcriptions).where(eq(transcriptions.audioId, id));
    const [job] = await database.db.select().from(jobs).where(eq(jobs.name, 'audio.transcribe'));
    await database.close();
    expect(rows).toHaveLength(1);
    expect(job).toMatchObject({ status: 'completed', attempts: 2 });
  }, 180_000);
});
