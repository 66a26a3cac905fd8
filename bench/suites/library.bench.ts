import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, queryRows } from '../../apps/server/src/db/database.ts';
import { audio, transcriptions, users } from '../../apps/server/src/db/schema.ts';
import { AudioRepository } from '../../apps/server/src/repositories/audio.repository.ts';
import { PassageVectorsRepository } from '../../apps/server/src/repositories/passage-vectors.repository.ts';
import { AudioService } from '../../apps/server/src/services/audio/audio.service.ts';
import { SearchService } from '../../apps/server/src/services/search/search.service.ts';

const SIZES = [2000, 100_000];
const WORDS_PER_TRANSCRIPT = 250;
/** Words per transcript segment: a transcript is 10 timed segments, each one a search passage. */
const WORDS_PER_SEGMENT = 25;
const RUNS = 30;
/** The old scan reads every transcript: at 100,000 items a few runs say enough. */
const SCAN_RUNS_LARGE = 5;
/**
 * Vectors of the built-in embedding model's length, one per passage, up to this many items: past
 * it they would not fit the embedded database's memory (100,000 items are a million passages,
 * 3 GB of vectors).
 */
const VECTOR_ITEMS = 10_000;
const DIMENSIONS = 768;
const VOCABULARY = `the a and to of in we our team plan budget meeting schedule project client report week
  today next idea share review launch design product market customer feedback sprint goal quarter
  numbers sales story recipe garden travel music health morning evening update decision risk`
  .split(/\s+/)
  .filter(Boolean);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function time(run: () => Promise<unknown>, runs = RUNS): Promise<string> {
  await run();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    ms.push(performance.now() - started);
  }
  return `${percentile(ms, 50).toFixed(1)} / ${percentile(ms, 95).toFixed(1)}`;
}

/** Items seeded by one statement: a few seconds of work each, so progress shows. */
const BATCH = 5000;
/** A phrase of common words, said in one item in 200 and otherwise only by chance. */
const PHRASE = ['in', 'the', 'next', 'week'];

/**
 * One account with `items` transcribed items of 250 words in 10 timed segments, and a second
 * account with a tenth as many, so every search has someone else's items to skip. The words are
 * drawn inside the database (`generate_series` and a seeded `random()`), a batch of items per
 * statement; the search passages are made by the database's own triggers, as in use. Each
 * transcript is its item's current one from the start, as after transcription.
 */
async function seed(database: Database, items: number): Promise<{ userId: string; seconds: number }> {
  const { db } = database;
  const [user, other] = await db
    .insert(users)
    .values([
      { email: 'bench@example.com', fullName: 'Bench' },
      { email: 'other@example.com', fullName: 'Other' },
    ])
    .returning({ id: users.id });
  if (!user || !other) throw new Error('no user');
  const started = performance.now();
  await db.execute(sql`select setseed(0.42)`);
  const vocabulary = sql`array[${sql.join(
    VOCABULARY.map((w) => sql`${w}`),
    sql`, `,
  )}]::text[]`;
  const phrase = sql`array[${sql.join(
    PHRASE.map((w) => sql`${w}`),
    sql`, `,
  )}]::text[]`;
  const attempts = JSON.stringify([
    {
      provider: 'pocketsphinx',
      model: null,
      language: 'en-US',
      reason: 'the seeded library',
      text: '',
      duration_ms: 5000,
    },
  ]);
  // Inlined: the segment's number is grouped by, so the expression must be the same text twice.
  const perSegment = sql.raw(String(WORDS_PER_SEGMENT));
  // The full-text and spelling indexes are made once the rows are in, as a restore makes them,
  // instead of being kept up row by row: the same indexes, their definitions read from the
  // database.
  const deferred = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select indexname as name, indexdef as definition from pg_indexes
      where schemaname = current_schema() and indexname in ('search_passages_tsv_idx', 'search_words_trgm_idx')`,
  );
  for (const index of deferred) await db.execute(sql.raw(`drop index "${index.name}"`));
  const owners = [
    { id: user.id, items },
    { id: other.id, items: Math.ceil(items / 10) },
  ];
  for (const owner of owners) {
    for (let start = 0; start < owner.items; start += BATCH) {
      const count = Math.min(BATCH, owner.items - start);
      // The items, each pointing at the transcript made for it below.
      await db.execute(
        sql`insert into ${audio} (user_id, title, source, blob_key, size_bytes, duration_s, status,
            transcription_status, transcription_id)
          select ${owner.id}, 'Note ' || i, 'upload', 'audio/' || ${owner.id} || '/' || (i - 1) || '.wav',
            1000000, 60 + random() * 240, 'completed', 'completed', gen_random_uuid()
          from generate_series(${start + 1}::int, ${start + count}::int) i`,
      );
      // Each transcript: 250 words drawn from the vocabulary, in 10 segments of 9 seconds. One
      // item in a hundred mentions the rare word; one in 200 says the phrase in its segment
      // (i mod 10).
      await db.execute(
        sql`insert into ${transcriptions} (id, audio_id, user_id, original_text, segments, language,
            confidence, provider, attempts)
          select a.transcription_id, a.id, a.user_id, t.text, t.segments, 'en-US', 0.7 + random() * 0.3,
            'pocketsphinx', ${attempts}::jsonb
          from (select id, user_id, transcription_id, split_part(title, ' ', 2)::int as i
                from ${audio}
                where user_id = ${owner.id} and split_part(title, ' ', 2)::int between ${start + 1} and ${start + count}) a
          cross join lateral (
            select string_agg(s.text, ' ' order by s.n) as text,
              jsonb_agg(jsonb_build_object('start', s.n * 9, 'end', s.n * 9 + 9, 'text', s.text) order by s.n) as segments
            from (
              select (w.n - 1) / ${perSegment} as n, string_agg(w.word, ' ' order by w.n) as text
              from (
                select g.n, case
                  when a.i % 100 = 1 and g.n = 1 + (a.i * 7919) % 250 then 'zeppelin'
                  when a.i % 200 = 3 and g.n - ${perSegment} * (a.i % 10) - 6 between 1 and ${PHRASE.length}
                    then (${phrase})[g.n - ${perSegment} * (a.i % 10) - 6]
                  else (${vocabulary})[1 + floor(random() * ${VOCABULARY.length})::int] end as word
                from generate_series(1, ${WORDS_PER_TRANSCRIPT}) g(n)
              ) w
              group by (w.n - 1) / ${perSegment}
            ) s
          ) t`,
      );
      // Statistics as the housekeeping keeps them, so the triggers' plans suit the table's size.
      await db.execute(sql`analyze search_passages`);
      if (owner.items >= 10_000) {
        const s = ((performance.now() - started) / 1000).toFixed(0);
        process.stderr.write(`  seeded ${start + count} of ${owner.items} items (${s} s)\n`);
      }
    }
  }
  for (const index of deferred) await db.execute(sql.raw(index.definition));
  // As the housekeeping leaves a grown embedded database: vacuumed and analysed.
  await db.execute(sql`vacuum analyze`);
  return { userId: user.id, seconds: (performance.now() - started) / 1000 };
}

async function measure(items: number): Promise<Record<string, string | number>> {
  const database = await openDatabase({ dataDir: 'memory' });
  try {
    await database.migrate();
    const { userId, seconds } = await seed(database, items);
    const { db } = database;
    const [passages] = await db
      .execute(sql`select count(*)::int as n from search_passages`)
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    const library = new AudioService({
      audio: new AudioRepository(db),
      blobs: undefined as never,
      events: undefined as never,
      tmpDir: '',
      startPipeline: async () => {},
    });
    const search = new SearchService(db);
    const page = { page: 1, limit: 10 };
    const scanRuns = items > 10_000 ? SCAN_RUNS_LARGE : RUNS;
    const load = loadavg()[0]?.toFixed(1);
    const rare = await search.search(userId, { q: 'zeppelin' });
    const misspelt = await search.search(userId, { q: 'zepelin' });
    const phrase = `"${PHRASE.join(' ')}"`;
    const said = await search.search(userId, { q: phrase });
    const meaning = items <= VECTOR_ITEMS ? await nearestTimes(database, userId) : 'not seeded (memory)';
    return {
      'seed (s)': seconds.toFixed(1),
      'search passages': passages?.n ?? 0,
      'first page': await time(() => library.list(userId, page)),
      'old scan "zeppelin"': await time(() => library.list(userId, { ...page, q: 'zeppelin' }), scanRuns),
      'old scan "budget review"': await time(
        () => library.list(userId, { ...page, q: 'budget review' }),
        scanRuns,
      ),
      'search "zeppelin" (1 %)': await time(() => search.search(userId, { q: 'zeppelin' })),
      'search "budget review"': await time(() => search.search(userId, { q: 'budget review' })),
      'search "\\"budget review\\""': await time(() => search.search(userId, { q: '"budget review"' })),
      [`search "${phrase.replace(/"/g, '\\"')}"`]: await time(() => search.search(userId, { q: phrase })),
      'search "budget -review"': await time(() => search.search(userId, { q: 'budget -review' })),
      'search "zepelin" (misspelt)': await time(() => search.search(userId, { q: 'zepelin' })),
      [`by meaning: nearest 16 of the account's passages (${DIMENSIONS} dimensions)`]: meaning,
      'hits for "zeppelin"': `${rare.total} (${rare.match})`,
      'hits for "zepelin"': `${misspelt.total} (${misspelt.match})`,
      'hits for the phrase (said in 1 item in 200)': `${said.total}${said.total_capped ? '+' : ''}`,
      // Two cores shared with other work make every figure slower: the load they were taken at.
      'load average (1 min), before / after': `${load} / ${loadavg()[0]?.toFixed(1)}`,
    };
  } finally {
    await database.close();
  }
}

/**
 * Ask's retrieval by meaning: a random vector for every transcript passage (as the embed job
 * leaves them, drawn inside the database), then the 16 nearest to a question vector among one
 * account's passages, as `PassageVectorsRepository.nearest` finds them (by the vectors' signs,
 * then put in order by the full vectors), and how many of the exact 16 they are.
 */
async function nearestTimes(database: Database, userId: string): Promise<string> {
  const { db } = database;
  await db.execute(
    sql`insert into passage_vectors (passage_id, user_id, model, embedding)
      select p.id, p.user_id, 'bench',
        array(select random() - 0.5 + 0 * p.id from generate_series(1, ${DIMENSIONS}))::real[]::vector
      from search_passages p where p.field = 'transcript'`,
  );
  await db.execute(sql`analyze passage_vectors`);
  const vectors = new PassageVectorsRepository(db);
  const question = Array.from({ length: DIMENSIONS }, (_, i) => Math.sin(i));
  const found = await vectors.nearest(userId, 'bench', question, { limit: 16 });
  // The 16 nearest by reading every vector, to see how many the two passes found.
  const exact = await queryRows<{ id: string }>(
    db,
    sql`select v.passage_id::text as id from passage_vectors v
      where v.user_id = ${userId} and v.model = 'bench'
      order by v.embedding <=> ${`[${question.join(',')}]`}::vector limit 16`,
  );
  const recall = found.filter((h) => exact.some((e) => e.id === h.id)).length;
  const times = await time(() => vectors.nearest(userId, 'bench', question, { limit: 16 }));
  return `${times} (${recall} of the exact 16; random vectors, the hardest case)`;
}

/**
 * The library's queries on embedded PGlite, one account at 2,000 and at 100,000 transcribed items
 * of 250 words each: the first page, the old search (every transcript scanned with ILIKE) and
 * full-text search (a rare word, two common ones, a phrase, a phrase of common words, an
 * exclusion, a misspelling), and ask's retrieval by meaning up to 10,000 items.
 * Milliseconds, median / 95th percentile over 30 runs (5 for the old scan at 100,000), in
 * process (no HTTP); the two sizes side by side.
 */
export async function libraryBenchmark(): Promise<Record<string, string | number>> {
  const sizes = (process.env.LIBRARY_BENCH_SIZES ?? SIZES.join(','))
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  const columns: Record<string, string | number>[] = [];
  for (const size of sizes) columns.push(await measure(size));
  const results: Record<string, string | number> = {
    items: sizes.map((s) => s.toLocaleString('en')).join(' | '),
    'words per transcript': WORDS_PER_TRANSCRIPT,
    'ms p50 / p95 for searches': sizes.map((s) => `${s.toLocaleString('en')} items`).join(' | '),
  };
  for (const label of Object.keys(columns[0] ?? {})) {
    results[label] = columns.map((c) => c[label]).join(' | ');
  }
  return results;
}
