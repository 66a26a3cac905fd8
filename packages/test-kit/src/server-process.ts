import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No free port')),
      );
    });
  });
}

/**
 * Waits until a Voxpress server at `baseUrl` reports `{"status":"ok"}` on /api/v1/health. With
 * `child`, a server process that exits first fails the wait at once.
 */
export async function waitForHealth(
  baseUrl: string,
  options: { child?: ChildProcess; timeoutMs?: number } = {},
): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const exitCode = options.child?.exitCode;
    if (exitCode !== undefined && exitCode !== null)
      throw new Error(`The server exited with code ${exitCode} while starting`);
    const ok = await fetch(`${baseUrl}/api/v1/health`)
      .then(async (res) => res.ok && ((await res.json()) as { status?: string }).status === 'ok')
      .catch(() => false);
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`The server at ${baseUrl} did not report healthy within ${timeoutMs} ms`);
}

/** apps/server, found from this file's place in the repository (the kit imports no server code). */
const serverDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'apps', 'server');

/**
 * Bundles the server once for a test run into a folder of its own under apps/server (so it finds
 * its migrations as `dist/` does), the way `npm start` runs it: a server process then starts in a
 * second or two instead of compiling hundreds of source files first. Returns the folder and the
 * step that removes it.
 */
export function buildServerBundle(): { dir: string; remove(): void } {
  const cache = path.join(serverDir, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(path.join(cache, 'voxpress-test-server-'));
  const built = spawnSync(process.execPath, ['build.mjs', dir], { cwd: serverDir, encoding: 'utf8' });
  if (built.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`Bundling the server for the tests failed:\n${built.stdout}\n${built.stderr}`);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Where the test run's global setup put the server bundle (see `buildServerBundle`). */
export const SERVER_BUNDLE_ENV = 'VOXPRESS_TEST_SERVER_BUNDLE';

/**
 * Node's arguments that start a server: the test run's bundle when there is one, else the source
 * through tsx (a test file run on its own without the global setup).
 */
export function serverArgs(): string[] {
  const bundle = process.env[SERVER_BUNDLE_ENV];
  return bundle
    ? ['--enable-source-maps', path.join(bundle, 'main.js')]
    : ['--import', 'tsx', path.join(serverDir, 'src', 'main.ts')];
}

/** The server in a child process of its own, with `env` over this process's environment. */
export function startServerProcess(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, serverArgs(), {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** Resolves once the child process has exited (by itself or by a signal). */
export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

/** Sends `signal` to the child process and resolves once it has exited. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  child.kill(signal);
  await exited(child);
}
