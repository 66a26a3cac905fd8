import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { buildApp } from '../src/app.ts';
import type { AppContext } from '../src/app-context.ts';
import { closeContext, createContext, startWorkers } from '../src/boot.ts';
import { type Config, loadConfig } from '../src/config/config.ts';
import { POSTGRES_ADMIN_URL } from './global-setup.ts';

export type Driver = 'pglite' | 'postgres';

/** The drivers the integration tests run on: always PGlite, PostgreSQL when a server answers. */
export const drivers: Driver[] =
  process.env.VOXPRESS_TEST_POSTGRES === '1' ? ['pglite', 'postgres'] : ['pglite'];

/** A throwaway PostgreSQL database; `drop()` removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `vx_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestContext {
  ctx: AppContext;
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A complete server on a fresh database (in-memory PGlite or a new PostgreSQL database) and a fresh
 * data folder, ready for `app.inject()`. Workers start unless `startWorkers` is false.
 */
export async function createTestContext(
  driver: Driver,
  options: {
    env?: Record<string, string>;
    startWorkers?: boolean;
    web?: boolean;
    /** Where log lines go (with LOG_LEVEL set in `env`), to check what they contain. */
    logDestination?: DestinationStream;
  } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'voxpress-test-'));
  const pgdb = driver === 'postgres' ? await createPostgresDatabase() : undefined;
  const config = loadConfig({
    VOXPRESS_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    VOXPRESS_SECRET: 'test-secret-that-is-long-enough-for-signing-0123456789',
    // Tests never reach out to the internet: no whisper model download.
    WHISPER_AUTO_DOWNLOAD: 'false',
    ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
    ...options.env,
  });
  const ctx = await createContext(config, {
    memoryDb: driver === 'pglite',
    logDestination: options.logDestination,
  });
  const app = await buildApp(ctx, { web: options.web ?? false });
  await app.ready();
  if (options.startWorkers !== false) await startWorkers(ctx);
  return {
    ctx,
    app,
    config,
    dataDir,
    async close() {
      await app.close();
      await closeContext(ctx);
      await pgdb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
