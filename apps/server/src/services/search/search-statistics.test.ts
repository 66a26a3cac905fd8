import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { keepSearchStatistics, SEARCHED_TABLES, STATISTICS_EVERY_MS } from './search-statistics.ts';

/** Embedded PGlite has no autovacuum: the searched tables are analysed once they grew. */
describe('search statistics on PGlite', () => {
  let database: Database;

  /** What the planner believes of the passages: the rows its statistics counted. */
  const plannedRows = async () =>
    Number(
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`select reltuples::bigint as n from pg_class where oid = 'search_passages'::regclass`,
        )
      )[0]?.n,
    );

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory' });
    await database.migrate();
  }, 180_000);
  afterAll(async () => {
    await database?.close();
  });

  it('analyses the searched tables once they grew, each minute, one check at a time, and stops', async () => {
    const { db } = database;
    let tick: (() => Promise<void>) | undefined;
    let every = 0;
    let stopped = false;
    const analysed: string[][] = [];
    const stop = keepSearchStatistics(db, {
      schedule: (run, ms) => {
        tick = run;
        every = ms;
        return () => {
          stopped = true;
        };
      },
      onAnalysed: (tables) => analysed.push(tables),
      onError: (err) => {
        throw err;
      },
    });
    expect(every).toBe(STATISTICS_EVERY_MS);
    if (!tick) throw new Error('not scheduled');
    // A fresh database: whatever holds rows and was never analysed is analysed once.
    await tick();
    await tick();
    expect(analysed.length).toBeLessThanOrEqual(1);
    analysed.length = 0;
    // A bulk import: 3,000 passages written by the indexing triggers.
    const [user] = await db
      .insert(users)
      .values({ email: 'stats@example.com', fullName: 'S' })
      .returning({ id: users.id });
    await db.execute(sql`insert into audio (user_id, title, source, blob_key, status, transcription_status)
      select ${user?.id}, 'budget review ' || n || ' zeppelin garden roses meeting', 'upload', 'audio/' || n, 'completed', 'completed'
      from generate_series(1, 3000) n`);
    expect(await plannedRows()).toBeLessThan(100);
    // Two checks at once (a slow ANALYZE and the next minute): the second does nothing.
    await Promise.all([tick(), tick()]);
    expect(analysed).toHaveLength(1);
    expect(analysed[0]).toEqual(expect.arrayContaining(['audio', 'search_passages', 'search_words']));
    expect(analysed[0]?.every((t) => (SEARCHED_TABLES as readonly string[]).includes(t))).toBe(true);
    expect(await plannedRows()).toBeGreaterThanOrEqual(2900);
    // Nothing grew since: nothing is analysed.
    await tick();
    expect(analysed).toHaveLength(1);
    stop();
    expect(stopped).toBe(true);
  });
});
