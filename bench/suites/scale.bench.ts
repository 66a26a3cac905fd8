/**
 * Scale-out: how transcription throughput grows with worker processes, and how the API answers
 * while they work. The real processes run on the local PostgreSQL and Redis (BullMQ queue, events
 * and rate limits), with files in one folder they all share: one API process, then one and two
 * worker processes taking one job at a time. Throughput: JOBS recordings uploaded together, jobs
 * per minute from the first upload until the last transcript is stored. API latency: GET
 * /api/v1/audio at a fixed offered rate while two transcriptions run, on the scale-out API process
 * and on the embedded single process (`npm start`: API and worker together, two jobs at once).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { FIXTURE_PARAGRAPH, FIXTURE_PARAGRAPH_2, makeAudioFile } from '@voxpress/test-kit/speech-fixtures';
import { Redis } from 'ioredis';
import { burst, quantile, timedGet } from '../lib/open-loop.ts';
import { createDatabase } from '../lib/postgres.ts';
import { type RunningServer, registerUser, startServer } from '../lib/voxpress-server.ts';

const JOBS = 4;
const RATE_PER_S = 40;
const WINDOW_S = 6;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function scaleBenchmark(): Promise<Record<string, string | number>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'voxpress-scale-bench-'));
  const speech = await readFile(
    await makeAudioFile(`${FIXTURE_PARAGRAPH} ${FIXTURE_PARAGRAPH_2}`, 'wav', dir),
  );
  const cleanups: (() => Promise<unknown>)[] = [() => rm(dir, { recursive: true, force: true })];
  try {
    const database = await createDatabase();
    cleanups.push(database.drop);
    const prefix = `vx-bench-${randomBytes(4).toString('hex')}`;
    cleanups.push(() => removeRedisKeys(prefix));
    const shared = {
      DATABASE_URL: database.url,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      VOXPRESS_DATA_DIR: path.join(dir, 'data'),
      BLOBS_SHARED: 'true',
      VOXPRESS_SECRET: randomBytes(36).toString('base64url'),
      SPEECH_ENGINES: 'pocketsphinx',
      JOB_CONCURRENCY: '1',
    };
    const start = async (role: 'api' | 'worker') => {
      const server = await startServer({ ...shared, VOXPRESS_ROLES: role });
      cleanups.push(() => server.stop());
      return server;
    };
    const api = await start('api');
    const token = await registerUser(api.url);
    const headers = { authorization: `Bearer ${token}` };
    const list = () => timedGet(`${api.url}/api/v1/audio?page=1&limit=20`, headers);
    await burst(list, 1, RATE_PER_S); // warm up
    const idle = await burst(list, WINDOW_S, RATE_PER_S);

    await start('worker');
    const one = await throughput(api, headers, speech);
    await start('worker');
    const two = await throughput(api, headers, speech, () => burst(list, WINDOW_S, RATE_PER_S));

    const embedded = await embeddedLatency(speech);
    const p99 = (ms: number[]) => quantile(ms, 0.99).toFixed(1);
    return {
      'recordings per run': `${JOBS} × ${one.audioS.toFixed(0)} s of speech`,
      '1 worker: jobs per minute': one.perMinute.toFixed(1),
      '2 workers: jobs per minute': two.perMinute.toFixed(1),
      'scaling ratio (2 workers / 1)': `${(two.perMinute / one.perMinute).toFixed(2)} (2 cores in all)`,
      'scale-out API idle: p99 (ms)': p99(idle),
      'scale-out API, 2 jobs running: p99 (ms)': p99(two.latencies),
      'embedded idle: p99 (ms)': p99(embedded.idle),
      'embedded, 2 jobs running: p99 (ms)': p99(embedded.busy),
    };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }
}

/**
 * Uploads JOBS recordings together and waits until every transcript is stored; `whileBusy` runs
 * once all workers have a job.
 */
async function throughput(
  api: RunningServer,
  headers: Record<string, string>,
  speech: Buffer,
  whileBusy?: () => Promise<number[]>,
): Promise<{ perMinute: number; audioS: number; latencies: number[] }> {
  const started = performance.now();
  const ids = await Promise.all(Array.from({ length: JOBS }, (_, i) => upload(api.url, headers, speech, i)));
  let latencies: number[] = [];
  if (whileBusy) {
    await until(
      async () => (await statuses(api.url, headers, ids)).filter((s) => s === 'processing').length >= 2,
    );
    latencies = await whileBusy();
  }
  await until(async () => (await statuses(api.url, headers, ids)).every((s) => s === 'completed'));
  const minutes = (performance.now() - started) / 60_000;
  // 16-bit mono WAV at 16 kHz: 32 000 bytes a second after the 44-byte header.
  return { perMinute: JOBS / minutes, audioS: (speech.length - 44) / 32_000, latencies };
}

/** The same latency window on one process running the API and two jobs at once, on PGlite. */
async function embeddedLatency(speech: Buffer): Promise<{ idle: number[]; busy: number[] }> {
  const server = await startServer({
    VOXPRESS_ROLES: 'api,worker',
    SPEECH_ENGINES: 'pocketsphinx',
    JOB_CONCURRENCY: '2',
  });
  try {
    const headers = { authorization: `Bearer ${await registerUser(server.url)}` };
    const list = () => timedGet(`${server.url}/api/v1/audio?page=1&limit=20`, headers);
    await burst(list, 1, RATE_PER_S);
    const idle = await burst(list, WINDOW_S, RATE_PER_S);
    const ids = await Promise.all([0, 1].map((i) => upload(server.url, headers, speech, i)));
    await until(async () => (await statuses(server.url, headers, ids)).every((s) => s === 'processing'));
    const busy = await burst(list, WINDOW_S, RATE_PER_S);
    return { idle, busy };
  } finally {
    await server.stop();
  }
}

async function upload(
  url: string,
  headers: Record<string, string>,
  speech: Buffer,
  i: number,
): Promise<string> {
  const form = new FormData();
  form.set('language', 'en-US');
  form.set('file', new Blob([speech], { type: 'audio/wav' }), `talk-${i}.wav`);
  const res = await fetch(`${url}/api/v1/files/upload/audio`, { method: 'POST', headers, body: form });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: { audio_id: string } }).data.audio_id;
}

function statuses(url: string, headers: Record<string, string>, ids: string[]): Promise<string[]> {
  return Promise.all(
    ids.map(async (id) => {
      const res = await fetch(`${url}/api/v1/audio/${id}`, { headers });
      const status = ((await res.json()) as { transcription_status: string }).transcription_status;
      if (status === 'failed') throw new Error(`transcription of ${id} failed`);
      return status;
    }),
  );
}

async function until(condition: () => Promise<boolean>, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('the transcriptions did not finish within 10 minutes');
    await sleep(100);
  }
}

async function removeRedisKeys(prefix: string): Promise<void> {
  const client = new Redis(REDIS_URL);
  try {
    const keys = await client.keys(`${prefix}:*`);
    if (keys.length) await client.del(...keys);
  } finally {
    client.disconnect();
  }
}
