import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort, serverArgs } from '@voxpress/test-kit/server-process';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresDatabase, drivers } from './harness.ts';

const serverDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

function start(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, serverArgs(), {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'warn', WHISPER_AUTO_DOWNLOAD: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  return { child, output: () => output };
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  );

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(100);
  }
}

describe('process roles', () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'voxpress-roles-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  };

  it.skipIf(!drivers.includes('postgres'))(
    'a worker-only process opens no API port, only the health endpoint when asked',
    async () => {
      const [apiPort, healthPort] = [await freePort(), await freePort()];
      const db = await createPostgresDatabase();
      cleanups.push(() => db.drop());
      const worker = start({
        VOXPRESS_DATA_DIR: dataDir(),
        DATABASE_URL: db.url,
        BLOBS_SHARED: 'true',
        VOXPRESS_ROLES: 'worker',
        PORT: String(apiPort),
        WORKER_HEALTH_PORT: String(healthPort),
      });
      cleanups.push(() => worker.child.kill('SIGKILL'));
      const health = await until(() =>
        fetch(`http://127.0.0.1:${healthPort}/health`)
          .then((r) => r.json() as Promise<Record<string, unknown>>)
          .catch(() => undefined),
      );
      expect(health).toMatchObject({ status: 'ok', role: 'worker', database: { ok: true } });
      await expect(fetch(`http://127.0.0.1:${apiPort}/api/v1/health`)).rejects.toThrow();

      worker.child.kill('SIGTERM');
      expect(await exitOf(worker.child)).toBe(0);
    },
  );

  it('settings that cannot work stop the process at start-up, every problem listed', async () => {
    const worker = start({
      VOXPRESS_DATA_DIR: dataDir(),
      VOXPRESS_ROLES: 'worker',
      BLOBS_SHARED: 'true',
      S3_BUCKET: 'voxpress',
    });
    cleanups.push(() => worker.child.kill('SIGKILL'));
    expect(await exitOf(worker.child)).toBe(78);
    expect(worker.output()).toContain('BLOBS_SHARED: has no effect with S3_BUCKET');
    expect(worker.output()).toContain('VOXPRESS_ROLES=worker: a worker takes its jobs from a queue');
  });

  // Two server starts from source, each tens of seconds on a busy 2-core machine.
  it('a second process on the same embedded database stops at start-up and says why', {
    timeout: 180_000,
  }, async () => {
    const dir = dataDir();
    const first = start({ VOXPRESS_DATA_DIR: dir, PORT: String(await freePort()) });
    cleanups.push(() => first.child.kill('SIGKILL'));
    await until(async () => (first.output().includes('Voxpress is running') ? true : undefined), 150_000);

    const second = start({ VOXPRESS_DATA_DIR: dir, PORT: String(await freePort()) });
    cleanups.push(() => second.child.kill('SIGKILL'));
    expect(await exitOf(second.child)).toBe(78);
    expect(second.output()).toContain(`Another Voxpress process (pid ${first.child.pid})`);
    expect(second.output()).toContain('set DATABASE_URL');
  });
});
