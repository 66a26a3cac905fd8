import type { AskStreamEvent } from '@voxpress/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRecording, voicePerSegment } from '../../../test/seed-recording.ts';
import { type Database, type Db, openDatabase, queryRows } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { PassageVectorsRepository } from '../../repositories/passage-vectors.repository.ts';
import { type AskDeps, AskService } from './ask.service.ts';

const APPLES = 'We should plant the apple trees before the first frost.';
const BUDGET = 'The budget for the quarter is tight.';
const DOG = 'Our dog loves long walks in the park.';
const BREAD = 'Bake the bread at two hundred degrees.';

/**
 * The question's vectors, by hand: a toy "model" whose three directions are the garden, money and
 * the dog. The service's wiring is tested, not any model: the vectors are data.
 */
const QUESTIONS: Record<string, number[]> = {
  'When is it too cold for the orchard?': [1, 0, 0],
  'What about the budget and our pet?': [0, 0.9, 1],
  'What about the budget, and mostly our pet?': [0, 0.2, 1],
  'How much money is left this quarter?': [0.1, 1, 0],
};

describe('asking by words and by meaning', () => {
  let database: Database;
  let db: Db;
  let me: string;
  let garden: string;
  let kitchen: string;
  const warnings: { obj: object; msg: string }[] = [];
  const asked: string[] = [];

  function service(meaning?: AskDeps['meaning']): AskService {
    return new AskService({
      db,
      languageModel: async () => null,
      llm: { timeoutMs: 1000, maxRetries: 0 },
      logger: { warn: (obj, msg) => warnings.push({ obj, msg }) },
      ...(meaning ? { meaning } : {}),
    });
  }

  const toy: AskDeps['meaning'] = {
    async embedQuery(text) {
      asked.push(text);
      const vector = QUESTIONS[text];
      return vector ? { model: 'toy-3', vector } : null;
    },
  };

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory' });
    await database.migrate();
    db = database.db;
    const [row] = await db
      .insert(users)
      .values({ email: 'ask-meaning@example.com', fullName: 'Ask Meaning' })
      .returning({ id: users.id });
    if (!row) throw new Error('no user');
    me = row.id;
    // A segment a voice, so no passage takes in its neighbours.
    ({ itemId: garden } = await seedRecording(db, me, {
      title: 'Garden',
      segments: voicePerSegment(APPLES, BUDGET, DOG),
    }));
    ({ itemId: kitchen } = await seedRecording(db, me, {
      title: 'Kitchen',
      segments: voicePerSegment(BREAD),
    }));
    const passages = await queryRows<{ id: string; body: string }>(
      db,
      sql`select id::text as id, body from search_passages where user_id = ${me} and field = 'transcript'`,
    );
    const vectorOf: Record<string, number[]> = {
      [APPLES]: [1, 0, 0],
      [BUDGET]: [0, 1, 0],
      [DOG]: [0, 0, 1],
      [BREAD]: [0.7, 0.7, 0.1],
    };
    await new PassageVectorsRepository(db).store(
      'toy-3',
      passages.map((p) => ({ id: p.id, vector: vectorOf[p.body] ?? [] })),
    );
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('finds by meaning a passage that shares no word with the question', async () => {
    const question = 'When is it too cold for the orchard?';
    // By words alone: nothing.
    const words = await service().prepare(me, { question });
    expect(words.passages).toEqual([]);
    expect(words.retrieval).toEqual({ by: 'words', model: null });

    const prepared = await service(toy).prepare(me, { question });
    expect(prepared.retrieval).toEqual({ by: 'words_and_meaning', model: 'toy-3' });
    expect(prepared.passages[0]).toMatchObject({ text: APPLES, matched: 'meaning', item_id: garden });
    expect(prepared.passages.every((p) => p.matched === 'meaning')).toBe(true);

    const events: AskStreamEvent[] = [];
    const answer = await service(toy).answer(prepared, new AbortController().signal, (e) => events.push(e));
    expect(answer.retrieval).toEqual({ by: 'words_and_meaning', model: 'toy-3' });
    expect(answer.passages[0]).toMatchObject({ text: APPLES, matched: 'meaning' });
    expect(events).toEqual([
      expect.objectContaining({ event: 'passages', retrieval: { by: 'words_and_meaning', model: 'toy-3' } }),
    ]);
  });

  it('fuses the two: what both found first, each passage saying what found it', async () => {
    const prepared = await service(toy).prepare(me, { question: 'What about the budget and our pet?' });
    expect(prepared.retrieval).toEqual({ by: 'words_and_meaning', model: 'toy-3' });
    // Budget: found by its word, and second by meaning; the dog first by meaning alone.
    expect(prepared.passages.slice(0, 2).map((p) => [p.text, p.matched])).toEqual([
      [BUDGET, 'both'],
      [DOG, 'meaning'],
    ]);
    expect(prepared.passages.map((p) => p.id)).toEqual(prepared.passages.map((_, i) => i + 1));
  });

  it('offers a passage for its meaning only when it is close to the question’s', async () => {
    const prepared = await service(toy).prepare(me, {
      question: 'What about the budget, and mostly our pet?',
    });
    // The budget is far in meaning from a question mostly about the pet: found by its word alone.
    expect(prepared.passages.map((p) => [p.text, p.matched])).toEqual([
      [BUDGET, 'words'],
      [DOG, 'meaning'],
    ]);
  });

  it('keeps to the items asked about, by meaning too', async () => {
    const prepared = await service(toy).prepare(me, {
      question: 'When is it too cold for the orchard?',
      item_ids: [kitchen],
    });
    expect(prepared.passages.map((p) => [p.text, p.matched])).toEqual([[BREAD, 'meaning']]);
  });

  it('finds by words alone when no embedding engine is ready', async () => {
    const none: AskDeps['meaning'] = { embedQuery: async () => null };
    const prepared = await service(none).prepare(me, { question: 'How much money is left this quarter?' });
    expect(prepared.retrieval).toEqual({ by: 'words', model: null });
    expect(prepared.passages.map((p) => [p.text, p.matched])).toEqual([[BUDGET, 'words']]);
  });

  it('finds by words alone, saying so in the log, when the embedding engine fails', async () => {
    warnings.length = 0;
    const failing: AskDeps['meaning'] = {
      embedQuery: async () => {
        throw new Error('the embeddings server is down');
      },
    };
    const prepared = await service(failing).prepare(me, { question: 'How much money is left this quarter?' });
    expect(prepared.retrieval).toEqual({ by: 'words', model: null });
    expect(prepared.passages.map((p) => [p.text, p.matched])).toEqual([[BUDGET, 'words']]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toMatch(/embedding/);
    const answer = await service(failing).answer(prepared, new AbortController().signal);
    expect(answer).toMatchObject({ mode: 'passages', retrieval: { by: 'words', model: null } });
  });

  it('gives the question itself to the embedding engine', async () => {
    asked.length = 0;
    await service(toy).prepare(me, { question: '  How much money is left this quarter?  ' });
    expect(asked).toEqual(['How much money is left this quarter?']);
  });
});
