import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/database.ts';

/**
 * The tables a search reads: the passages, the words for spellings, the items they belong to, and
 * the passages' vectors for questions (where the database has them: a missing table is passed over).
 */
export const SEARCHED_TABLES = [
  'search_passages',
  'search_words',
  'passage_vectors',
  'audio',
  'transcriptions',
  'content',
] as const;

/** How often the tables' sizes are compared with those their statistics were taken at. */
export const STATISTICS_EVERY_MS = 60 * 1000;

/** A table is analysed again once it is this much larger than at its last ANALYZE… */
const GROWTH = 1.1;
/** …and by at least this many pages (64 KiB), so a small table is not analysed for every few rows. */
const MIN_PAGES = 8;

/**
 * Vacuums and analyses each of `tables` that grew by a tenth since its statistics were taken (or
 * never had any), as PostgreSQL's autovacuum would; embedded PGlite runs no autovacuum: without
 * statistics the planner plans a search on a large library as if its tables were still small, and
 * the rows that re-indexing and showing passages leave dead would never be reused. Growth is read
 * from each table's size on disk against the size its last VACUUM or ANALYZE recorded: one query
 * over `pg_class`, cheap to ask often. Returns the tables analysed.
 */
export async function analyzeGrownTables(
  db: Db,
  tables: readonly string[] = SEARCHED_TABLES,
): Promise<string[]> {
  const rows = await queryRows<{
    name: string;
    pages: number | string;
    analysed_pages: number;
    analysed: boolean;
  }>(
    db,
    sql`select c.relname as name, pg_relation_size(c.oid) / current_setting('block_size')::int as pages,
        c.relpages as analysed_pages, c.reltuples >= 0 as analysed
      from unnest(array[${sql.join(
        tables.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]) t(name)
      join pg_class c on c.oid = to_regclass(t.name)
      order by c.relname`,
  );
  const grown = rows.filter((r) => {
    const pages = Number(r.pages);
    if (!r.analysed) return pages > 0;
    return pages >= MIN_PAGES + r.analysed_pages && pages > GROWTH * r.analysed_pages;
  });
  for (const { name } of grown) await db.execute(sql`vacuum (analyze) ${sql.identifier(name)}`);
  return grown.map((r) => r.name);
}

/** Runs `run` every `ms` milliseconds until the returned function is called (an injectable timer). */
export type Schedule = (run: () => Promise<void>, ms: number) => () => void;

const everyInterval: Schedule = (run, ms) => {
  const timer = setInterval(() => void run(), ms).unref();
  return () => clearInterval(timer);
};

/**
 * Keeps the searched tables' statistics current on embedded PGlite: every minute, off any
 * request, `analyzeGrownTables`; one check at a time. Returns a function that stops it.
 */
export function keepSearchStatistics(
  db: Db,
  options: {
    schedule?: Schedule;
    onAnalysed?: (tables: string[]) => void;
    onError?: (err: unknown) => void;
  } = {},
): () => void {
  let running = false;
  return (options.schedule ?? everyInterval)(async () => {
    if (running) return;
    running = true;
    try {
      const analysed = await analyzeGrownTables(db);
      if (analysed.length) options.onAnalysed?.(analysed);
    } catch (err) {
      options.onError?.(err);
    } finally {
      running = false;
    }
  }, STATISTICS_EVERY_MS);
}
