import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startServerProcess, stopProcess, waitForHealth } from '@voxpress/test-kit/server-process';
import { afterEach } from 'vitest';
import { createPostgresDatabase, type Driver } from './harness.ts';

/** Steps that undo what a test set up, in the order they were added. */
export type Cleanups = (() => unknown)[];

/**
 * Cleanups that `hook` runs, last first: after each test (the default), or after all of a
 * describe's tests with `afterAll`.
 */
export function cleanupAfter(
  hook: (run: () => Promise<void>, timeoutMs?: number) => void = afterEach,
  timeoutMs?: number,
): Cleanups {
  const steps: Cleanups = [];
  hook(async () => {
    for (const step of steps.splice(0).reverse()) await step();
  }, timeoutMs);
  return steps;
}

/** What a server process (and its restarts) runs on. */
export interface ServerSetup {
  /** The process's environment: data folder, database, both roles, a secret, `PORT`. */
  env: Record<string, string>;
  /** Where its API answers: `http://127.0.0.1:<PORT>`. */
  base: string;
  dataDir: string;
  /** The PostgreSQL database; undefined on PGlite, whose files live in `dataDir`. */
  databaseUrl: string | undefined;
}

/**
 * A data folder of its own, the database for `driver` (a new PostgreSQL database, or PGlite in
 * the folder) and a free port, for a server process running both roles; `cleanups` removes them.
 * `env` is added to (and may replace) the process's environment.
 */
export async function serverSetup(
  driver: Driver,
  cleanups: Cleanups,
  env: Record<string, string> = {},
): Promise<ServerSetup> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'voxpress-process-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const pgdb = driver === 'postgres' ? await createPostgresDatabase() : undefined;
  if (pgdb) cleanups.push(() => pgdb.drop());
  const port = await freePort();
  return {
    env: {
      VOXPRESS_DATA_DIR: dataDir,
      // Both roles in one process: the embedded database opens in one process only.
      VOXPRESS_ROLES: 'api,worker',
      VOXPRESS_SECRET: 'process-test-secret-that-is-long-enough-0123456789',
      PORT: String(port),
      ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
      ...env,
    },
    base: `http://127.0.0.1:${port}`,
    dataDir,
    databaseUrl: pgdb?.url,
  };
}

/**
 * Starts a server process with `env` (see `startServerProcess`), killed by `cleanups` if it still
 * runs then, and waits until its API on `env.PORT` reports healthy.
 */
export async function startServer(
  env: Record<string, string>,
  cleanups: Cleanups,
  timeoutMs?: number,
): Promise<ChildProcess> {
  const child = startServerProcess(env);
  cleanups.push(() => stopProcess(child, 'SIGKILL'));
  await waitForHealth(`http://127.0.0.1:${env.PORT}`, { child, timeoutMs });
  return child;
}
