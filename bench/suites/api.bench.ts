/**
 * Whether the API stays responsive while speech jobs run: `GET /api/v1/audio` at a fixed offered
 * rate against the real server (API and worker in one process, as `npm start` runs it), first
 * idle, then while two PocketSphinx transcriptions run. Requests are sent on a schedule whatever
 * the answers do (open loop), so a slow server shows as latency, not as fewer requests.
 * Target: p99 while transcribing at most 3× idle. Then `/health` while document bombs, a
 * recording of over 3 hours and 1,000,000-character exports are refused or processed, each alone
 * and then all at once beside the idle figure (target p99 under 1 s; see api-heavy.bench.ts).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { FIXTURE_PARAGRAPH, FIXTURE_PARAGRAPH_2, makeAudioFile } from '@voxpress/test-kit/speech-fixtures';
import { burst, quantile, timedGet } from '../lib/open-loop.ts';
import { registerUser, startServer } from '../lib/voxpress-server.ts';
import { heavyRequestsBenchmark } from './api-heavy.bench.ts';

const RATE_PER_S = 40;
const WINDOW_S = 8;

async function listBenchmark(): Promise<Record<string, string | number>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'voxpress-api-bench-'));
  // Two transcriptions at once, whatever the machine's default, so that both run during the window.
  const server = await startServer({
    VOXPRESS_ROLES: 'api,worker',
    SPEECH_ENGINES: 'pocketsphinx',
    JOB_CONCURRENCY: '2',
  });
  try {
    const token = await registerUser(server.url);
    const headers = { authorization: `Bearer ${token}` };
    const text = [FIXTURE_PARAGRAPH, FIXTURE_PARAGRAPH_2, FIXTURE_PARAGRAPH, FIXTURE_PARAGRAPH_2].join(' ');
    const speech = await readFile(await makeAudioFile(text, 'wav', dir));
    const list = () => timedGet(`${server.url}/api/v1/audio?page=1&limit=20`, headers);
    await burst(list, 1, RATE_PER_S); // warm up: first requests compile routes and fill caches
    const idle = await burst(list, WINDOW_S, RATE_PER_S);

    const ids: string[] = [];
    for (const name of ['one.wav', 'two.wav']) {
      const form = new FormData();
      form.set('language', 'en-US');
      form.set('file', new Blob([speech], { type: 'audio/wav' }), name);
      const res = await fetch(`${server.url}/api/v1/files/upload/audio`, {
        method: 'POST',
        headers,
        body: form,
      });
      if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
      ids.push(((await res.json()) as { data: { audio_id: string } }).data.audio_id);
    }
    const states = () =>
      Promise.all(
        ids.map(async (id) => {
          const res = await fetch(`${server.url}/api/v1/audio/${id}`, { headers });
          return ((await res.json()) as { transcription_status: string }).transcription_status;
        }),
      );
    // Measure once both are being heard.
    while (!(await states()).every((s) => s === 'processing')) await sleep(50);
    const busy = await burst(list, WINDOW_S, RATE_PER_S);
    const after = await states();

    const row = (label: string, ms: number[]) => ({
      [`${label}: p50 (ms)`]: quantile(ms, 0.5).toFixed(1),
      [`${label}: p99 (ms)`]: quantile(ms, 0.99).toFixed(1),
    });
    const ratio = quantile(busy, 0.99) / quantile(idle, 0.99);
    return {
      'offered rate (requests/s)': RATE_PER_S,
      'window (s)': WINDOW_S,
      ...row('idle', idle),
      ...row('2 transcriptions', busy),
      'p50 ratio (busy / idle)': (quantile(busy, 0.5) / quantile(idle, 0.5)).toFixed(2),
      'p99 ratio (busy / idle)': `${ratio.toFixed(2)} (target ≤ 3)`,
      'transcriptions still running at the end': after.filter((s) => s === 'processing').length,
    };
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Both API benchmarks: list requests beside transcriptions, /health beside heavy requests. */
export async function apiBenchmark(): Promise<Record<string, string | number>> {
  return { ...(await listBenchmark()), ...(await heavyRequestsBenchmark()) };
}
