import { sql } from 'drizzle-orm';
import { type Db, MIGRATION_LOCK, queryRows } from './database.ts';

/**
 * Whether the database can hold passage vectors (passages found by meaning), and when not, why,
 * in a sentence for the engines view (`reason` is null when available).
 */
export interface VectorStore {
  available: boolean;
  reason: string | null;
}

export const NO_VECTOR_EXTENSION =
  'The database has no vector extension (pgvector): passages are found by their words alone. ' +
  'Install pgvector on the PostgreSQL server and restart Voxpress to find them by meaning too.';

export const VECTOR_EXTENSION_REFUSED =
  'The database has the vector extension (pgvector) but this database user may not create it: ' +
  'passages are found by their words alone. An administrator can run `create extension vector` ' +
  'in this database, then restart Voxpress.';

/** Whether the table of passage vectors exists (migration 0023 or `ensureVectorStore`). */
export async function vectorTableExists(db: Db): Promise<boolean> {
  const rows = await queryRows<{ found: boolean }>(
    db,
    sql`select to_regclass('passage_vectors') is not null as found`,
  );
  return rows[0]?.found === true;
}

/**
 * Makes sure the table of passage vectors exists where it can: migration 0023 creates it when the
 * database has pgvector; a PostgreSQL server that had none then, and has since had it installed,
 * gets the extension and the table here, on start. Idempotent, and safe when several processes
 * start at once (they take the migrations' advisory lock, for the transaction). Says whether
 * vectors are available, and if not, why.
 */
export async function ensureVectorStore(db: Db): Promise<VectorStore> {
  if (await vectorTableExists(db)) return { available: true, reason: null };
  if (!(await extensionAvailable(db))) return { available: false, reason: NO_VECTOR_EXTENSION };
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
      // Another process may have made them while this one waited.
      if (await vectorTableExists(tx)) return;
      await tx.execute(sql`create extension if not exists vector`);
      await tx.execute(sql.raw(CREATE_TABLE));
      await tx.execute(sql.raw(CREATE_INDEX));
    });
  } catch (err) {
    if (errorCode(err) === '42501') return { available: false, reason: VECTOR_EXTENSION_REFUSED };
    throw err;
  }
  return { available: true, reason: null };
}

/** As migration 0023 makes them. */
const CREATE_TABLE = `create table if not exists passage_vectors (
  passage_id bigint primary key references search_passages(id) on delete cascade,
  user_id uuid not null,
  model text not null,
  embedding vector not null,
  bits bit varying generated always as (binary_quantize(embedding)::bit varying) stored
)`;
const CREATE_INDEX =
  'create index if not exists passage_vectors_user_model_idx on passage_vectors (user_id, model)';

async function extensionAvailable(db: Db): Promise<boolean> {
  const rows = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from pg_available_extensions where name = 'vector') as found`,
  );
  return rows[0]?.found === true;
}

/** The SQLSTATE of a database error, whichever driver threw it (drizzle may wrap it as `cause`). */
export function errorCode(err: unknown): string | undefined {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    if (e === (e as { cause?: unknown }).cause) break;
  }
  return undefined;
}
