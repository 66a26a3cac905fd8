import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, drivers } from '../../test/harness.ts';
import { seedRecording, voicePerSegment } from '../../test/seed-recording.ts';
import { type Database, type Db, openDatabase, queryRows } from '../db/database.ts';
import { audio, transcriptions, users } from '../db/schema.ts';
import { ensureVectorStore, NO_VECTOR_EXTENSION, vectorTableExists } from '../db/vector-store.ts';
import { AskService } from '../services/ask/ask.service.ts';
import { PassageVectorsRepository } from './passage-vectors.repository.ts';

async function user(db: Db, email: string): Promise<string> {
  const [row] = await db.insert(users).values({ email, fullName: email }).returning({ id: users.id });
  if (!row) throw new Error('no user');
  return row.id;
}

/** An item's transcript passages (ids as text), in order. */
async function passagesOf(db: Db, itemId: string): Promise<{ id: string; body: string }[]> {
  return queryRows<{ id: string; body: string }>(
    db,
    sql`select id::text as id, body from search_passages
      where item_id = ${itemId} and field = 'transcript' order by position`,
  );
}

function ids(list: readonly { id: string }[]): string[] {
  return list.map((r) => r.id);
}

describe('passage vectors on pglite', () => {
  let database: Database;
  let db: Db;
  let vectors: PassageVectorsRepository;
  let me: string;
  let them: string;
  /** My garden recording's passages: apples, budget, dog. */
  let garden: { id: string; body: string }[];
  let gardenId: string;
  /** My second recording's passages. */
  let kitchen: { id: string; body: string }[];
  let kitchenId: string;
  /** Another user's passages. */
  let theirs: { id: string; body: string }[];

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory' });
    await database.migrate();
    db = database.db;
    vectors = new PassageVectorsRepository(db);
    me = await user(db, 'vectors-me@example.com');
    them = await user(db, 'vectors-them@example.com');
    // Segments each in a voice of its own, so no passage takes in its neighbours.
    ({ itemId: gardenId } = await seedRecording(db, me, {
      title: 'Garden',
      segments: voicePerSegment(
        'We should plant the apple trees before the first frost.',
        'The budget for the quarter is tight.',
        'Our dog loves long walks in the park.',
      ),
    }));
    garden = await passagesOf(db, gardenId);
    ({ itemId: kitchenId } = await seedRecording(db, me, {
      title: 'Kitchen',
      segments: voicePerSegment('Bake the bread at two hundred degrees.'),
    }));
    kitchen = await passagesOf(db, kitchenId);
    const other = await seedRecording(db, them, {
      title: 'Secret',
      segments: voicePerSegment('The merger closes on Friday.'),
    });
    theirs = await passagesOf(db, other.itemId);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('has the table after migrating, since the embedded database has pgvector', async () => {
    expect(garden).toHaveLength(3);
    expect(await vectors.available()).toBe(true);
    expect(await ensureVectorStore(db)).toEqual({ available: true, reason: null });
  });

  it('finds the passages nearest a vector, best first, of this user only, within the items asked', async () => {
    const [apples, budget, dog] = garden.map((p) => p.id) as [string, string, string];
    const bread = kitchen[0]?.id as string;
    expect(
      await vectors.store('toy', [
        { id: apples, vector: [1, 0, 0] },
        { id: budget, vector: [0, 1, 0] },
        { id: dog, vector: [0, 0, 1] },
        { id: bread, vector: [0.7, 0.7, 0] },
        { id: theirs[0]?.id as string, vector: [1, 0, 0] },
      ]),
    ).toBe(5);

    const near = await vectors.nearest(me, 'toy', [1, 0.1, 0], { limit: 10 });
    expect(ids(near)).toEqual([apples, bread, budget, dog]);
    expect(near[0]).toMatchObject({
      item_id: gardenId,
      item_kind: 'audio',
      title: 'Garden',
      position: 0,
      start_s: 0,
      end_s: 5,
      speaker: 'S1',
      body: 'We should plant the apple trees before the first frost.',
    });
    // rank: the cosine similarity.
    expect(near[0]?.rank).toBeCloseTo(1 / Math.sqrt(1.01), 5);
    expect(near.map((h) => h.rank)).toEqual([...near.map((h) => h.rank)].sort((a, b) => b - a));

    expect(ids(await vectors.nearest(me, 'toy', [0, 0, 1], { limit: 1 }))).toEqual([dog]);
    expect(ids(await vectors.nearest(me, 'toy', [1, 0, 0], { itemIds: [kitchenId], limit: 10 }))).toEqual([
      bread,
    ]);
    // Their passage points exactly where the question does: never mine to see, and theirs alone.
    expect(ids(await vectors.nearest(them, 'toy', [1, 0, 0], { limit: 10 }))).toEqual(ids(theirs));
    expect(await vectors.nearest(them, 'toy', [1, 0, 0], { itemIds: [gardenId], limit: 10 })).toEqual([]);
    // Another model, or a vector of another length: nothing, and no error.
    expect(await vectors.nearest(me, 'other', [1, 0, 0], { limit: 10 })).toEqual([]);
    expect(await vectors.nearest(me, 'toy', [1, 0, 0, 0], { limit: 10 })).toEqual([]);
  });

  it('says which passages still need a vector, and how far a model has come', async () => {
    await vectors.purgeOtherModels('none');
    expect(await vectors.progress('toy')).toEqual({ embedded: 0, total: 5 });
    expect(ids(await vectors.missing('toy', 10))).toEqual([...ids(garden), ...ids(kitchen), ...ids(theirs)]);
    expect(await vectors.missing('toy', 2)).toEqual(garden.slice(0, 2));
    expect(ids(await vectors.missing('toy', 10, { userId: them }))).toEqual(ids(theirs));
    expect(ids(await vectors.missing('toy', 10, { itemId: kitchenId }))).toEqual(ids(kitchen));
    expect(ids(await vectors.missing('toy', 10, { afterId: garden[1]?.id }))).toEqual([
      garden[2]?.id,
      ...ids(kitchen),
      ...ids(theirs),
    ]);
    expect(ids(await vectors.missing('toy', 1, { afterId: garden[2]?.id, userId: me }))).toEqual(
      ids(kitchen),
    );

    await vectors.store('toy', [{ id: garden[0]?.id as string, vector: [1, 0, 0] }]);
    expect(await vectors.progress('toy')).toEqual({ embedded: 1, total: 5 });
    expect(await vectors.progress('toy', me)).toEqual({ embedded: 1, total: 4 });
    expect(await vectors.progress('toy', them)).toEqual({ embedded: 0, total: 1 });
    expect(ids(await vectors.missing('toy', 10, { userId: me }))).toEqual([
      ...ids(garden.slice(1)),
      ...ids(kitchen),
    ]);
  });

  it('keeps two models of different lengths side by side, each query to its own, until one is purged', async () => {
    await vectors.purgeOtherModels('none');
    const [apples, budget, dog] = garden.map((p) => p.id) as [string, string, string];
    await vectors.store('small', [
      { id: apples, vector: [1, 0] },
      { id: budget, vector: [0, 1] },
    ]);
    await vectors.store('large', [
      { id: dog, vector: [0, 0, 0, 1] },
      { id: kitchen[0]?.id as string, vector: [1, 0, 0, 0] },
    ]);
    expect(ids(await vectors.nearest(me, 'small', [0.1, 1], { limit: 10 }))).toEqual([budget, apples]);
    expect(ids(await vectors.nearest(me, 'large', [0, 0, 0.1, 1], { limit: 10 }))).toEqual([
      dog,
      kitchen[0]?.id,
    ]);
    expect(await vectors.progress('small', me)).toEqual({ embedded: 2, total: 4 });
    // A passage holds one vector: storing another model's replaces it.
    await vectors.store('large', [{ id: budget, vector: [0, 1, 0, 0] }]);
    expect(ids(await vectors.nearest(me, 'small', [0.1, 1], { limit: 10 }))).toEqual([apples]);
    expect(await vectors.progress('large', me)).toEqual({ embedded: 3, total: 4 });

    expect(await vectors.purgeOtherModels('large')).toBe(1);
    expect(await vectors.nearest(me, 'small', [0.1, 1], { limit: 10 })).toEqual([]);
    expect(await vectors.progress('large', me)).toEqual({ embedded: 3, total: 4 });
  });

  it('skips a passage deleted meanwhile, and refuses a vector that is no vector', async () => {
    expect(
      await vectors.store('toy', [
        { id: '999999999', vector: [1, 0, 0] },
        { id: garden[2]?.id as string, vector: [0, 0, 1] },
      ]),
    ).toBe(1);
    await expect(
      vectors.store('toy', [{ id: garden[2]?.id as string, vector: [Number.NaN] }]),
    ).rejects.toThrow(/not finite/);
    await expect(vectors.store('toy', [{ id: garden[2]?.id as string, vector: [] }])).rejects.toThrow(
      /empty/,
    );
  });

  it('leaves out the passages the library does not show, and loses them when a transcript is re-made', async () => {
    const { itemId, transcriptionId } = await seedRecording(db, me, {
      title: 'Changing',
      segments: voicePerSegment('The first version of the plan.', 'The second part of the plan.'),
    });
    const before = await passagesOf(db, itemId);
    await vectors.store(
      'toy',
      before.map((p) => ({ id: p.id, vector: [0, 1, 1] })),
    );
    const near = async () =>
      ids(await vectors.nearest(me, 'toy', [0, 1, 1], { itemIds: [itemId], limit: 10 }));
    expect(await near()).toEqual(ids(before));

    // Waiting for its upload again: hidden, so neither found nor to be embedded, nor counted.
    const counted = await vectors.progress('toy', me);
    await db.update(audio).set({ status: 'pending_upload' }).where(eq(audio.id, itemId));
    expect(await near()).toEqual([]);
    expect(await vectors.missing('toy', 10, { itemId })).toEqual([]);
    expect((await vectors.progress('toy', me)).total).toBe(counted.total - 2);
    await db.update(audio).set({ status: 'completed' }).where(eq(audio.id, itemId));
    expect(await near()).toEqual(ids(before));

    // The transcript edited: its passages are made again, and their old vectors go with the old rows.
    await db
      .update(transcriptions)
      .set({ segments: voicePerSegment('The plan, rewritten from scratch.', 'And a new ending.') })
      .where(eq(transcriptions.id, transcriptionId));
    const after = await passagesOf(db, itemId);
    expect(after.map((p) => p.body)).toEqual(['The plan, rewritten from scratch.', 'And a new ending.']);
    expect(ids(after).some((id) => ids(before).includes(id))).toBe(false);
    expect(await near()).toEqual([]);
    expect(await vectors.missing('toy', 10, { itemId })).toEqual(after);
    const left = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from passage_vectors where passage_id in (${sql.join(
        before.map((p) => sql`${p.id}::bigint`),
        sql`, `,
      )})`,
    );
    expect(left[0]?.n).toBe(0);
  });

  it('finds this user’s passages, by the vectors’ signs first, when many of others are nearer', async () => {
    const crowd = await seedRecording(db, them, {
      title: 'Crowd',
      segments: voicePerSegment(...Array.from({ length: 400 }, (_, i) => `Line ${i} of a long talk.`)),
    });
    const many = await passagesOf(db, crowd.itemId);
    await vectors.store(
      'four',
      many.map((p, i) => ({ id: p.id, vector: [1, 0.1, 0.1, i / 1000] })),
    );
    const mine = garden.map((p) => p.id);
    // The first is nearest the question but shares the sign of one dimension of four with it; the
    // second shares three, and is far; the third shares none.
    await vectors.store('four', [
      { id: mine[0] as string, vector: [1, -0.01, -0.01, -0.01] },
      { id: mine[1] as string, vector: [0.2, 1, -0.01, 0.5] },
      { id: mine[2] as string, vector: [-0.1, -1, -0.1, -0.1] },
    ]);
    const [row] = await queryRows<{ bits: string }>(
      db,
      sql`select bits::text as bits from passage_vectors where passage_id = ${mine[1]}::bigint`,
    );
    expect(row?.bits).toBe('1101');
    const found = await vectors.nearest(me, 'four', [1, 0.1, 0.1, 0.1], { limit: 2 });
    // Put in order by the full vectors, not by their signs.
    expect(ids(found)).toEqual([mine[0], mine[1]]);
    expect(found[0]?.rank).toBeCloseTo(0.982, 3);
  });

  it('creates the table on start once the extension is there, once, however many processes start', async () => {
    await db.execute(sql`drop table passage_vectors`);
    const fresh = new PassageVectorsRepository(db);
    expect(await fresh.available()).toBe(false);
    const outcomes = await Promise.all([ensureVectorStore(db), ensureVectorStore(db), ensureVectorStore(db)]);
    expect(outcomes).toEqual([
      { available: true, reason: null },
      { available: true, reason: null },
      { available: true, reason: null },
    ]);
    expect(await vectorTableExists(db)).toBe(true);
    expect(await fresh.available()).toBe(true);
    // As the migration made it: vectors of any length, deleted with their passage.
    await fresh.store('toy', [{ id: garden[0]?.id as string, vector: [1, 2] }]);
    expect(ids(await fresh.nearest(me, 'toy', [1, 2], { limit: 5 }))).toEqual([garden[0]?.id]);
  });
});

describe.skipIf(!drivers.includes('postgres'))('passage vectors on postgres without pgvector', () => {
  let database: Database;
  let drop = async () => {};

  beforeAll(async () => {
    const pg = await createPostgresDatabase();
    drop = pg.drop;
    database = await openDatabase({ url: pg.url, dataDir: 'memory' });
    await database.migrate();
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await drop();
  });

  it('migrates without the table, says why, and answers questions by words alone', async (test) => {
    const { db } = database;
    const available = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pg_available_extensions where name = 'vector'`,
    );
    // About a server without pgvector (what CI runs); the embedded database's suite has it.
    test.skip(available[0]?.n !== 0, 'this PostgreSQL server has pgvector');
    expect(await vectorTableExists(db)).toBe(false);
    expect(await new PassageVectorsRepository(db).available()).toBe(false);
    expect(await ensureVectorStore(db)).toEqual({ available: false, reason: NO_VECTOR_EXTENSION });
    expect(NO_VECTOR_EXTENSION).toMatch(/^The database has no vector extension \(pgvector\)/);
    // Asked twice (a second start): the same, and still no table.
    expect(await ensureVectorStore(db)).toEqual({ available: false, reason: NO_VECTOR_EXTENSION });
    expect(await vectorTableExists(db)).toBe(false);

    const me = await user(db, 'vectors-pg@example.com');
    await seedRecording(db, me, {
      title: 'Garden',
      segments: voicePerSegment('We should plant the apple trees before the first frost.'),
    });
    let embedded = 0;
    const ask = new AskService({
      db,
      languageModel: async () => null,
      llm: { timeoutMs: 1000, maxRetries: 0 },
      meaning: {
        embedQuery: async () => {
          embedded++;
          return { model: 'toy', vector: [1, 0, 0] };
        },
      },
    });
    const prepared = await ask.prepare(me, { question: 'When do we plant the apple trees?' });
    expect(prepared.retrieval).toEqual({ by: 'words', model: null });
    expect(prepared.passages.map((p) => [p.text, p.matched])).toEqual([
      ['We should plant the apple trees before the first frost.', 'words'],
    ]);
    expect(embedded).toBe(0);
    const answer = await ask.answer(prepared, new AbortController().signal);
    expect(answer.retrieval).toEqual({ by: 'words', model: null });
    expect(answer.passages[0]?.matched).toBe('words');
  });
});
