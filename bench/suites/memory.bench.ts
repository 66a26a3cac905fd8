/**
 * The server's memory as a user meets it (`npm run bench -- memory`): the bundled server started
 * as `npm start` starts it (API and worker in one process, the embedded database, a fresh data
 * folder), its resident memory and that of every process it starts read from `/proc`:
 * - first start: the peak from launch until memory settles, on an empty data folder (the database
 *   is unpacked from the build's template then), and the idle figure once settled;
 * - later start: the same folder started again, its peak and idle figure;
 * - 1,000 mixed API requests (sign up, upload a short WAV, list, search, read a transcript) in five
 *   rounds of 200, memory settled after each round: growth from the second round to the last.
 * Targets beside the figures: idle ≤ 250 MB, first-start peak ≤ 600 MB, later start ≤ 350 MB, no
 * growth (within 10 %).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, waitForHealth } from '@voxpress/test-kit/server-process';
import { FIXTURE_PARAGRAPH, makeAudioFile } from '@voxpress/test-kit/speech-fixtures';
import { sampleRss, statusMb } from '../lib/proc-memory.ts';
import { REPO_ROOT, registerUser } from '../lib/voxpress-server.ts';

const TARGET = { idle: 250, firstPeak: 600, laterStart: 350 };
const ROUNDS = 5;
const PER_ROUND = 200;

/** `pid` and every process below it (the local model process, ffmpeg, speech engines…). */
function processTree(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent is the 4th field of /proc/<pid>/stat, after the command in parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = parents.get(ppid) ?? [];
      list.push(Number(entry));
      parents.set(ppid, list);
    } catch {
      // ended while we looked
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i] as number) ?? []));
  return tree;
}

function treeMb(pid: number): number {
  let sum = 0;
  for (const p of processTree(pid)) {
    try {
      sum += statusMb(p, 'VmRSS');
    } catch {
      // ended between listing and reading
    }
  }
  return sum;
}

/**
 * Waits until the tree's resident memory stops moving: five readings a second apart within 3 MB
 * of each other (at most 60 s). Answers the last reading.
 */
async function settled(pid: number): Promise<number> {
  const readings: number[] = [];
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    readings.push(treeMb(pid));
    const last = readings.slice(-5);
    if (last.length === 5 && Math.max(...last) - Math.min(...last) <= 3) break;
    await sleep(1000);
  }
  return readings.at(-1) ?? 0;
}

/**
 * The server built as `npm start` builds it (bundle and database template), into a folder of its
 * own under apps/server/dist. Not the tests' bundle: that one lives inside node_modules, where
 * the bundle keeps every package's source map (see apps/server/build.mjs).
 */
function buildServer(): { dir: string; remove(): void } {
  const serverDir = path.join(REPO_ROOT, 'apps', 'server');
  mkdirSync(path.join(serverDir, 'dist'), { recursive: true });
  const dir = mkdtempSync(path.join(serverDir, 'dist', '.bench-memory-'));
  const built = spawnSync(process.execPath, ['build.mjs', dir], { cwd: serverDir, encoding: 'utf8' });
  if (built.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`Building the server failed:\n${built.stdout}\n${built.stderr}`);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

interface Started {
  child: ChildProcess;
  url: string;
  /** The largest summed resident size from launch until memory settled (MB). */
  peak: number;
  /** The summed resident size once settled (MB). */
  idle: number;
  readyMs: number;
}

async function start(bundle: string, dataDir: string): Promise<Started> {
  const port = await freePort();
  const launched = performance.now();
  // With the flags scripts/start.mjs gives it.
  const args = ['--liftoff-only', '--max-semi-space-size=8', path.join(bundle, 'main.js')];
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'production',
      VOXPRESS_DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      VOXPRESS_SECRET: randomBytes(36).toString('base64url'),
      WHISPER_AUTO_DOWNLOAD: 'false',
      // The benchmark signs up from one address more often than a person would.
      AUTH_RATE_LIMIT: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const pid = child.pid ?? 0;
  const sampler = sampleRss(() => processTree(pid), 50);
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, { child, timeoutMs: 120_000 });
  const readyMs = performance.now() - launched;
  const idle = await settled(pid);
  const peak = Math.max(sampler.stop(), statusMb(pid, 'VmHWM'));
  return { child, url, peak, idle, readyMs };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

/** 1,000 requests of the kinds a person makes, in rounds; the settled memory after each round. */
async function mixedRequests(server: Started, wav: Buffer): Promise<{ after: number[]; ms: number }> {
  const pid = server.child.pid ?? 0;
  const after: number[] = [];
  let ms = 0;
  let token = await registerUser(server.url);
  let ids: string[] = [];
  const words = ['seeds', 'garden', 'morning', 'river', 'zeppelin', 'the'];
  for (let round = 0; round < ROUNDS; round++) {
    const began = performance.now();
    for (let i = 0; i < PER_ROUND; i++) {
      const n = round * PER_ROUND + i;
      const headers = { authorization: `Bearer ${token}` };
      const kind = n % 10;
      let res: Response;
      if (n % 50 === 0) {
        // a new person now and then: sign up, then work as them
        token = await registerUser(server.url);
        ids = [];
        continue;
      }
      if (n % 50 === 5) {
        const form = new FormData();
        form.set('language', 'en-US');
        form.set('file', new Blob([wav], { type: 'audio/wav' }), `take-${n}.wav`);
        res = await fetch(`${server.url}/api/v1/files/upload/audio`, { method: 'POST', headers, body: form });
        if (res.status === 201)
          ids.push(((await res.json()) as { data: { audio_id: string } }).data.audio_id);
        else throw new Error(`upload answered ${res.status}: ${await res.text()}`);
        continue;
      }
      if (kind <= 3) res = await fetch(`${server.url}/api/v1/audio?page=1&limit=20`, { headers });
      else if (kind <= 6)
        res = await fetch(`${server.url}/api/v1/search?q=${words[n % words.length]}`, { headers });
      else if (ids.length)
        res = await fetch(`${server.url}/api/v1/audio/${ids[n % ids.length]}/transcription`, { headers });
      else res = await fetch(`${server.url}/api/v1/audio?page=1&limit=20`, { headers });
      // A transcript not made yet answers 404; anything else unexpected stops the benchmark.
      if (res.status >= 500 || (res.status >= 400 && res.status !== 404))
        throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    }
    ms += performance.now() - began;
    after.push(await settled(pid));
  }
  return { after, ms };
}

const mb = (n: number) => n.toFixed(0);
const verdict = (value: number, target: number) => (value <= target ? 'ok' : 'OVER');

export async function memoryBenchmark(): Promise<Record<string, string | number>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'voxpress-memory-bench-'));
  const fixtures = mkdtempSync(path.join(tmpdir(), 'voxpress-memory-wav-'));
  const server = buildServer();
  try {
    const wav = readFileSync(await makeAudioFile(FIXTURE_PARAGRAPH, 'wav', fixtures));
    const first = await start(server.dir, dataDir);
    await stop(first.child);
    const later = await start(server.dir, dataDir);
    let rounds: number[];
    let requestMs: number;
    try {
      ({ after: rounds, ms: requestMs } = await mixedRequests(later, wav));
    } finally {
      await stop(later.child);
    }
    const base = rounds[1] ?? 0;
    const end = rounds.at(-1) ?? 0;
    const growth = ((end - base) / base) * 100;
    return {
      'first start: ready (s)': (first.readyMs / 1000).toFixed(1),
      'first start: peak (MB)': `${mb(first.peak)} (target ≤ ${TARGET.firstPeak}, ${verdict(first.peak, TARGET.firstPeak)})`,
      'idle after first start (MB)': `${mb(first.idle)} (target ≤ ${TARGET.idle}, ${verdict(first.idle, TARGET.idle)})`,
      'later start: peak (MB)': `${mb(later.peak)} (target ≤ ${TARGET.laterStart}, ${verdict(later.peak, TARGET.laterStart)})`,
      'idle after later start (MB)': `${mb(later.idle)} (target ≤ ${TARGET.idle}, ${verdict(later.idle, TARGET.idle)})`,
      '1,000 requests, one after another (s)': (requestMs / 1000).toFixed(1),
      'after each 200 requests (MB)': rounds.map(mb).join(', '),
      'growth, round 2 to 5': `${growth >= 0 ? '+' : ''}${growth.toFixed(1)} % (target: none, within 10 %, ${growth <= 10 ? 'ok' : 'OVER'})`,
    };
  } finally {
    server.remove();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(fixtures, { recursive: true, force: true });
  }
}
