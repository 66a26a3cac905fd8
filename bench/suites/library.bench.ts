import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { audio, transcriptions, users } from '../../apps/server/src/db/schema.ts';
import { AudioRepository } from '../../apps/server/src/repositories/audio.repository.ts';
import { AudioService } from '../../apps/server/src/services/audio/audio.service.ts';

const ITEMS = 2000;
const WORDS_PER_TRANSCRIPT = 250;
const RUNS = 30;
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

async function time(run: () => Promise<unknown>): Promise<string> {
  await run();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    ms.push(performance.now() - started);
  }
  return `${percentile(ms, 50).toFixed(1)} / ${percentile(ms, 95).toFixed(1)}`;
}

/**
 * The library's queries on embedded PGlite for one account with 2,000 transcribed items of 250
 * words each: the first page, a search (one rare word, two common ones), and the dashboard figures.
 * Milliseconds, median / 95th percentile over 30 runs, in process (no HTTP).
 */
export async function libraryBenchmark(): Promise<Record<string, string | number>> {
  const database = await openDatabase({ dataDir: 'memory' });
  await database.migrate();
  const { db } = database;
  const [user] = await db
    .insert(users)
    .values({ email: 'bench@example.com', fullName: 'Bench' })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  const next = random(42);
  const seeded = performance.now();
  for (let start = 0; start < ITEMS; start += 200) {
    const rows = Array.from({ length: 200 }, (_, i) => ({
      userId: user.id,
      title: `Note ${start + i + 1}`,
      source: 'upload' as const,
      blobKey: `audio/${user.id}/${start + i}.wav`,
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
          () => VOCABULARY[Math.floor(next() * VOCABULARY.length)],
        );
        // One item in a hundred mentions the rare word.
        if ((start + i) % 100 === 0) words[Math.floor(next() * words.length)] = 'zeppelin';
        return {
          audioId: id,
          userId: user.id,
          originalText: words.join(' '),
          language: 'en-US',
          confidence: 0.7 + next() * 0.3,
          provider: 'pocketsphinx',
          attempts: [{ provider: 'pocketsphinx', ok: true, duration_ms: 5000 }],
        };
      }),
    );
  }
  // Each item's transcript is its current one.
  await db.execute(
    sql`update ${audio} set transcription_id = t.id from ${transcriptions} t where t.audio_id = ${audio.id}`,
  );
  const seedMs = performance.now() - seeded;
  const service = new AudioService({
    audio: new AudioRepository(db),
    blobs: undefined as never,
    events: undefined as never,
    tmpDir: '',
    startPipeline: async () => {},
  });
  const page = { page: 1, limit: 10 };
  const rare = await service.list(user.id, { ...page, q: 'zeppelin' });
  const results = {
    items: ITEMS,
    'words per transcript': WORDS_PER_TRANSCRIPT,
    'seed (s)': (seedMs / 1000).toFixed(1),
    'first page, ms p50 / p95': await time(() => service.list(user.id, page)),
    'search "zeppelin" (1 %), ms p50 / p95': await time(() =>
      service.list(user.id, { ...page, q: 'zeppelin' }),
    ),
    'search "budget review", ms p50 / p95': await time(() =>
      service.list(user.id, { ...page, q: 'budget review' }),
    ),
    'dashboard figures, ms p50 / p95': await time(() => service.stats(user.id)),
    'items found for "zeppelin"': rare.total,
  };
  await database.close();
  return results;
}
