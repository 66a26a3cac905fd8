import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../../apps/server/src/db/database.ts';
import { audio, transcriptions, users } from '../../apps/server/src/db/schema.ts';
import { AudioRepository } from '../../apps/server/src/repositories/audio.repository.ts';
import { AudioService } from '../../apps/server/src/services/audio/audio.service.ts';
import { SearchService } from '../../apps/server/src/services/search/search.service.ts';

const SIZES = [2000, 100_000];
const WORDS_PER_TRANSCRIPT = 250;
/** Words per transcript segment: a transcript is 10 timed segments, each one a search passage. */
const WORDS_PER_SEGMENT = 25;
const RUNS = 30;
/** The old scan reads every transcript: at 100,000 items a few runs say enough. */
const SCAN_RUNS_LARGE = 5;
const BATCH = 500;
const VOCABULARY = `the a and to of in we our team plan budget meeting schedule project client report week
  today next idea share review launch design product market customer feedback sprint goal quarter
  numbers sales story recipe garden travel music health morning evening update decision risk`
  .split(/\s+/)
  .filter(Boolean);

/** A deterministic pseudo-random sequence, so every run measures the same library. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

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

/**
 * One account with `items` transcribed items of 250 words in 10 timed segments, written with
 * multi-row inserts (the search passages are made by the database's own triggers, as in use),
 * and a second account with a tenth as many, so every search has someone else's items to skip.
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
  const next = random(42);
  const started = performance.now();
  const owners = [
    { id: user.id, items },
    { id: other.id, items: Math.ceil(items / 10) },
  ];
  for (const owner of owners) {
    for (let start = 0; start < owner.items; start += BATCH) {
      const count = Math.min(BATCH, owner.items - start);
      const rows = Array.from({ length: count }, (_, i) => ({
        userId: owner.id,
        title: `Note ${start + i + 1}`,
        source: 'upload' as const,
        blobKey: `audio/${owner.id}/${start + i}.wav`,
        sizeBytes: 1_000_000,
        durationS: 60 + next() * 240,
        status: 'completed' as const,
        transcriptionStatus: 'completed' as const,
      }));
      const inserted = await db.insert(audio).values(rows).returning({ id: audio.id });
      await db.insert(transcriptions).values(
        inserted.map(({ id }, i) => {
          const words = Array.from(
            { length: WORDS_PER_TRANSCRIPT },
            () => VOCABULARY[Math.floor(next() * VOCABULARY.length)] as string,
          );
          // One item in a hundred mentions the rare word.
          if ((start + i) % 100 === 0) words[Math.floor(next() * words.length)] = 'zeppelin';
          const segments = Array.from({ length: WORDS_PER_TRANSCRIPT / WORDS_PER_SEGMENT }, (_, s) => ({
            start: s * 9,
            end: s * 9 + 9,
            text: words.slice(s * WORDS_PER_SEGMENT, (s + 1) * WORDS_PER_SEGMENT).join(' '),
          }));
          return {
            audioId: id,
            userId: owner.id,
            originalText: words.join(' '),
            segments,
            language: 'en-US',
            confidence: 0.7 + next() * 0.3,
            provider: 'pocketsphinx',
            attempts: [
              {
                provider: 'pocketsphinx',
                model: null,
                language: 'en-US',
                reason: 'the seeded library',
                text: '',
                duration_ms: 5000,
              },
            ],
          };
        }),
      );
      // Statistics as autovacuum would keep them, so the triggers' plans suit the table's size.
      if ((start / BATCH) % 20 === 19) await db.execute(sql`analyze search_passages`);
      if (owner.items >= 10_000 && (start / BATCH) % 20 === 19) {
        const s = ((performance.now() - started) / 1000).toFixed(0);
        process.stderr.write(`  seeded ${start + count} of ${owner.items} items (${s} s)\n`);
      }
    }
  }
  // Each item's transcript is its current one.
  await db.execute(
    sql`update ${audio} set transcription_id = t.id from ${transcriptions} t where t.audio_id = ${audio.id}`,
  );
  // As the housekeeping leaves a grown embedded database: vacuumed (showing the passages above
  // rewrote their rows) and analysed.
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
      'search "budget -review"': await time(() => search.search(userId, { q: 'budget -review' })),
      'search "zepelin" (misspelt)': await time(() => search.search(userId, { q: 'zepelin' })),
      'hits for "zeppelin"': `${rare.total} (${rare.match})`,
      'hits for "zepelin"': `${misspelt.total} (${misspelt.match})`,
      // Two cores shared with other work make every figure slower: the load they were taken at.
      'load average (1 min), before / after': `${load} / ${loadavg()[0]?.toFixed(1)}`,
    };
  } finally {
    await database.close();
  }
}

/**
 * The library's queries on embedded PGlite, one account at 2,000 and at 100,000 transcribed items
 * of 250 words each: the first page, the old search (every transcript scanned with ILIKE) and
 * full-text search (a rare word, two common ones, a phrase, an exclusion, a misspelling).
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
