import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serverRoot } from '../lib/paths.ts';
import { lockForProcess } from './process-lock.ts';
import * as schema from './schema.ts';
import {
  PGLITE_EXTENSIONS,
  readUsableTemplate,
  restoreTemplate,
  type TemplateOutcome,
  templateCacheFolder,
} from './template.ts';

export type Schema = typeof schema;
/**
 * The Drizzle handle, the same type whichever driver is underneath. A transaction's handle
 * (`db.transaction((tx) => …)`) is one as well: pass it as it is wherever a Db is taken.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** An open database: the Drizzle handle plus what the rest of the server needs to know about it. */
export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** True when this process is the only one that can reach the database (embedded PGlite). */
  exclusive: boolean;
  migrate(): Promise<void>;
  /** Round-trip time of a trivial query, in milliseconds; throws when unreachable. */
  ping(): Promise<number>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…`; when absent, PGlite is used. */
  url?: string | undefined;
  /** Folder for PGlite's files; `memory` keeps everything in memory (tests). */
  dataDir: string | 'memory';
  /**
   * Told when PostgreSQL drops an idle pooled connection (server restart, admin termination).
   * The pool replaces the connection on next use; without a listener the error would end the process.
   */
  onConnectionError?: (error: Error) => void;
  /**
   * Folder of the database template a first start unpacks instead of creating the cluster (see
   * template.ts); by default the folder of the running bundle, where the build puts it. Without a
   * usable template the cluster is created (initdb).
   */
  template?: string;
  /** Told how a new embedded cluster came to be: from the template, or why not. */
  onCreated?: (outcome: TemplateOutcome) => void;
}

/** The folder of the running code: the bundle's (dist/), where the build writes the template. */
const codeFolder = path.dirname(fileURLToPath(import.meta.url));

/**
 * One process, small tables: PostgreSQL's 128 MB default buffer cache is mostly idle memory here.
 * 16 MB: on a 100,000-row table with a trigram index, 38 MB less resident than 32 MB and no slower
 * (120 trigram searches, 3,000 primary-key reads); 8 MB made key reads slower.
 */
const PGLITE = { postgresqlconf: 'shared_buffers = 16MB' };

/**
 * Creates a new cluster (initdb) in a worker thread, when no database template fits (running from
 * source, or a template another PGlite or other migrations made). initdb grows PGlite's memory to ~700 MB,
 * which an instance keeps for its life; the worker's memory goes when it exits, and the server's
 * own instance, opened on the finished folder, starts small (~150 MB).
 */
function createCluster(dataPath: string): Promise<void> {
  const code = `
    const { workerData, parentPort } = require('node:worker_threads');
    import(workerData.pglite)
      .then(({ PGlite }) => PGlite.create(workerData.dataPath, workerData.options))
      .then((db) => db.close())
      .then(() => parentPort.postMessage('ok'));`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, {
      eval: true,
      workerData: { pglite: import.meta.resolve('@electric-sql/pglite'), dataPath, options: PGLITE },
    });
    let done = false;
    worker.once('message', () => {
      done = true;
    });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      done ? resolve() : reject(new Error(`Creating the database in ${dataPath} failed (exit ${code})`)),
    );
  });
}

const migrationsFolder = () => path.join(serverRoot(), 'drizzle');

/**
 * In-memory databases (the tests open hundreds) start as a copy of one database made and migrated
 * once per process: creating a cluster and running every migration takes seconds each time, a copy
 * a fraction of that. The copy is the build's template when one fits (the bundle's, or the one the
 * build keeps in its cache), else made here. `migrate()` then applies only what the copy lacks.
 */
const memoryTemplates = new Map<string, Promise<Blob>>();

function migratedMemoryTemplate(options: PGliteOptions, templateFolder = codeFolder): Promise<Blob> {
  let made = memoryTemplates.get(templateFolder);
  if (made) return made;
  made = (async () => {
    const built = readUsableTemplate([templateFolder, templateCacheFolder()], migrationsFolder());
    // Unpacked once here, so each database does not gunzip it again.
    if (built) return new Blob([new Uint8Array(gunzipSync(built))], { type: 'application/x-tar' });
    const client = await PGlite.create(undefined, options);
    try {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() });
      return await client.dumpDataDir('none');
    } finally {
      await client.close();
    }
  })();
  made.catch(() => memoryTemplates.delete(templateFolder));
  memoryTemplates.set(templateFolder, made);
  return made;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    pool.on('error', options.onConnectionError ?? (() => {}));
    const db = drizzleNodePg(pool, { schema });
    return finish({
      db,
      driver: 'postgres',
      exclusive: false,
      migrate: () =>
        migrateExclusively(pool, () => migrateNodePg(db, { migrationsFolder: migrationsFolder() })),
      close: () => pool.end(),
    });
  }
  let dataPath: string | undefined;
  let unlock = () => {};
  if (options.dataDir !== 'memory') {
    dataPath = path.join(options.dataDir, 'pglite');
    mkdirSync(dataPath, { recursive: true });
    // Two processes on one PGlite folder would corrupt it: the second one is refused at start-up.
    unlock = lockForProcess(path.join(options.dataDir, 'pglite.lock'));
    if (!existsSync(path.join(dataPath, 'PG_VERSION'))) {
      const outcome = await restoreTemplate(
        options.template ?? codeFolder,
        dataPath,
        migrationsFolder(),
      ).catch((err: unknown) => {
        unlock();
        throw err;
      });
      if (!outcome.restored) await createCluster(dataPath);
      options.onCreated?.(outcome);
    }
  }
  // pg_trgm and pgvector are extensions PGlite loads on request (see PGLITE_EXTENSIONS).
  const pgliteOptions: PGliteOptions = { ...PGLITE, extensions: PGLITE_EXTENSIONS };
  const client = await (dataPath
    ? PGlite.create(dataPath, pgliteOptions)
    : migratedMemoryTemplate(pgliteOptions, options.template).then((loadDataDir) =>
        PGlite.create({ ...pgliteOptions, loadDataDir }),
      )
  ).catch((err: unknown) => {
    unlock();
    throw err;
  });
  const db = drizzlePglite(client, { schema });
  return finish({
    db,
    driver: 'pglite',
    exclusive: true,
    migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
    close: () => client.close().finally(unlock),
  });
}

/** Any fixed number: the advisory lock all Voxpress processes take around migrations. */
export const MIGRATION_LOCK = 0x766f7870;

/**
 * Migrates while holding a session-level advisory lock, so processes starting together on a new
 * database migrate one after the other (the later ones find nothing left to do) instead of
 * creating the same tables at once.
 */
async function migrateExclusively(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

function finish(parts: Omit<Database, 'ping'>): Database {
  return {
    ...parts,
    async ping() {
      const started = performance.now();
      await parts.db.execute(sql`select 1`);
      return performance.now() - started;
    },
  };
}

/** Runs raw SQL and returns its rows, whichever driver is underneath (both answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
