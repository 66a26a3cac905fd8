/**
 * The real Voxpress server as a child process for benchmarks, and a streaming HTTP client that
 * never holds a request body in memory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { zRegisterResponse } from '@voxpress/contracts';
import {
  buildServerBundle,
  freePort,
  SERVER_BUNDLE_ENV,
  serverArgs,
  waitForHealth,
} from '@voxpress/test-kit/server-process';

/** The repository's root folder. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A started server: its base URL (`http://127.0.0.1:<port>`) and process id. */
export interface RunningServer {
  url: string;
  pid: number;
  /** Stops the process (SIGTERM, then SIGKILL after 5 s) and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * Node's arguments for the server as `npm start` runs it: a bundle built once per benchmark run
 * (removed when the run ends), so no figure includes compiling the source.
 */
export function builtServerArgs(): string[] {
  if (!process.env[SERVER_BUNDLE_ENV]) {
    const bundle = buildServerBundle();
    process.env[SERVER_BUNDLE_ENV] = bundle.dir;
    process.once('exit', bundle.remove);
  }
  // With the flags scripts/start.mjs gives it (V8's baseline WebAssembly compiler, a small young
  // generation).
  return ['--liftoff-only', '--max-semi-space-size=8', ...serverArgs()];
}

/**
 * Starts the bundled server with a fresh data folder, the API role only
 * (no worker, so nothing is transcribed) and `extraEnv` on top; resolves once
 * `GET /api/v1/health` answers ok. A worker-only process (`VOXPRESS_ROLES: 'worker'`) opens its
 * health port instead, and `url` is that port's address. Only PATH and HOME are taken from this process's environment,
 * so a DATABASE_URL or S3 setting of the caller does not leak in.
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'voxpress-bench-'));
  const port = await freePort();
  const workerOnly = extraEnv.VOXPRESS_ROLES === 'worker';
  const child = spawn(process.execPath, builtServerArgs(), {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      VOXPRESS_DATA_DIR: dataDir,
      [workerOnly ? 'WORKER_HEALTH_PORT' : 'PORT']: String(port),
      HOST: '127.0.0.1',
      VOXPRESS_ROLES: 'api',
      LOG_LEVEL: 'warn',
      VOXPRESS_SECRET: randomBytes(36).toString('base64url'),
      WHISPER_AUTO_DOWNLOAD: 'false',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4096);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const server: RunningServer = {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    async stop() {
      await stopProcess(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await (workerOnly ? waitForWorker(server.url, child) : waitForHealth(server.url, { child })).catch(
      (err: Error) => {
        throw new Error(`${err.message}:\n${output}`);
      },
    );
  } catch (err) {
    await server.stop();
    throw err;
  }
  return server;
}

async function waitForWorker(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The worker exited with code ${child.exitCode} while starting`);
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await sleep(200);
  }
  throw new Error(`The worker at ${url} did not report healthy within 60 s`);
}

/** Creates an account on `url` and answers its access token. */
export async function registerUser(url: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench-${randomBytes(4).toString('hex')}@example.com`,
      password: randomBytes(12).toString('hex'),
      full_name: 'Bench User',
    }),
  });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  return zRegisterResponse.parse(await res.json()).data.access_token;
}

/** What `streamRequest` measured. */
export interface StreamedResponse {
  status: number;
  body: string;
  /** From the start until the last byte of the body was handed to the socket. */
  sentMs: number;
  /** From the start until the whole response arrived. */
  totalMs: number;
}

/**
 * Sends `body` as it is read (no buffering of the whole body) with `node:http`; give
 * `content-length` in `headers` so that the body is not chunked.
 */
export async function streamRequest(
  url: string,
  options: { method: string; headers: Record<string, string | number>; body: Readable },
): Promise<StreamedResponse> {
  const started = performance.now();
  let sentMs = Number.NaN;
  const request = http.request(url, { method: options.method, headers: options.headers });
  request.on('finish', () => {
    sentMs = performance.now() - started;
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
  });
  // A server that answers early (an error) may close before the body is sent: the answer counts.
  const [sent, answer] = await Promise.allSettled([pipeline(options.body, request), response]);
  if (answer.status === 'rejected') throw answer.reason;
  if (sent.status === 'rejected' && answer.value.status < 400) throw sent.reason;
  return { ...answer.value, sentMs, totalMs: performance.now() - started };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
