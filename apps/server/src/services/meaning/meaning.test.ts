import type { AskAnswer } from '@voxpress/contracts';
import { FakeHttpServer } from '@voxpress/test-kit/fake-http-server';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAiEmbeddingsHandler } from '../../../test/fake-llm-servers.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { type Client, client } from '../../../test/http.ts';
import { seedRecording, voicePerSegment } from '../../../test/seed-recording.ts';
import { until } from '../../../test/wait.ts';
import { queryRows } from '../../db/database.ts';
import { transcriptions, users } from '../../db/schema.ts';

/**
 * What the fake embeddings service understands: a few topics, each a dimension. A text's vector
 * counts the words of each topic it holds (plus a little of its length, so no vector is zero):
 * the real service's wire format, with vectors a reader can check by eye.
 */
const TOPICS: string[][] = [
  ['car', 'automobile', 'vehicle', 'drive', 'drove', 'truck', 'electric'],
  ['bread', 'bake', 'baked', 'flour', 'oven', 'loaves', 'loaf', 'dough'],
  ['boat', 'boats', 'harbour', 'sail', 'sea', 'ship', 'fishing'],
  ['price', 'cost', 'paid', 'dollars', 'expensive'],
];

function conceptVector(text: string): number[] {
  const words = text.toLowerCase().split(/[^a-z]+/);
  const vector = TOPICS.map((topic) => words.filter((w) => topic.includes(w)).length);
  return [...vector, 0.05 + (text.length % 7) / 100];
}

describe('finding passages by meaning (an embeddings server, on the embedded database)', () => {
  const embeddings = new FakeHttpServer();
  let t: TestContext;
  let me: Client;
  let itemId: string;
  let transcriptionId: string;

  async function idOf(email: string): Promise<string> {
    const [row] = await t.ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!row) throw new Error('no user');
    return row.id;
  }

  /** Passages without a vector, and vectors stored. */
  async function counts() {
    const [row] = await queryRows<{ passages: number; vectors: number }>(
      t.ctx.database.db,
      sql`select (select count(*)::int from search_passages where field = 'transcript') as passages,
        (select count(*)::int from passage_vectors) as vectors`,
    );
    return row ?? { passages: -1, vectors: -1 };
  }

  /** Queues the embed job for new passages and waits until every passage has its vector. */
  async function embedAll() {
    expect(await t.ctx.meaning.check()).toBe(true);
    await until('every passage embedded', async () => {
      const c = await counts();
      return c.passages > 0 && c.vectors === c.passages ? c : undefined;
    });
  }

  const ask = async (question: string): Promise<AskAnswer> => {
    const res = await me.send('POST', '/api/v1/ask', { question });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AskAnswer;
  };

  beforeAll(async () => {
    await embeddings.start();
    embeddings.handler = openAiEmbeddingsHandler(conceptVector);
    t = await createTestContext('pglite', {
      env: {
        EMBEDDING_BASE_URL: `${embeddings.url}/v1`,
        EMBEDDING_REMOTE_MODEL: 'concepts-test',
        OLLAMA_DISCOVERY: 'false',
        LLM_LOCAL_MODEL: 'off',
      },
    });
    me = await client(t, 'meaning-me@example.com');
    await client(t, 'meaning-other@example.com');
    // A voice a segment, so that each passage is one segment (a passage joins a voice's neighbours).
    ({ itemId, transcriptionId } = await seedRecording(
      t.ctx.database.db,
      await idOf('meaning-me@example.com'),
      {
        title: 'Spring errands',
        segments: voicePerSegment(
          'We finally bought a new car last spring, a small electric one.',
          'My sister baked three loaves of bread for the neighbours.',
          'The harbour was full of fishing boats at dawn.',
        ),
      },
    ));
    await seedRecording(t.ctx.database.db, await idOf('meaning-other@example.com'), {
      title: 'Their purchase',
      segments: voicePerSegment(
        'The automobile we bought was far too expensive, we paid thousands of dollars.',
      ),
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await embeddings.stop();
  });

  it('embeds every transcript passage through the job, and queues nothing when nothing is new', async () => {
    await embedAll();
    expect(await t.ctx.meaning.check()).toBe(false);
    const sent = embeddings
      .requestsTo('/v1/embeddings')
      .flatMap((r) => (r.body as { input: string[] }).input);
    expect(sent).toHaveLength(4);
  });

  it('finds a passage that says the question in other words, labelled as found by meaning', async () => {
    const answer = await ask('Which automobile did they purchase?');
    expect(answer.retrieval).toEqual({ by: 'words_and_meaning', model: 'concepts-test' });
    expect(answer.mode).toBe('passages');
    expect(answer.passages[0]).toMatchObject({
      item_id: itemId,
      matched: 'meaning',
      start: 0,
      text: 'We finally bought a new car last spring, a small electric one.',
    });
    // Another user's passage about the very same thing is never offered.
    expect(answer.passages.every((p) => p.item_id === itemId)).toBe(true);
    expect(JSON.stringify(answer)).not.toContain('expensive');
  });

  it('ranks a passage found both by its words and by its meaning first, saying so', async () => {
    const answer = await ask('Who baked the bread?');
    expect(answer.passages[0]).toMatchObject({ matched: 'both', start: 5 });
  });

  it('embeds a transcript again once it changed (its passages are made anew)', async () => {
    await t.ctx.database.db
      .update(transcriptions)
      .set({
        segments: [
          { start: 0, end: 5, text: 'We sold the old truck and drove home on the bus.', speaker: 'S1' },
          { start: 5, end: 10, text: 'The oven broke before the dough had risen.', speaker: 'S2' },
        ],
      })
      .where(eq(transcriptions.id, transcriptionId));
    await embedAll();
    const answer = await ask('What happened to the vehicle?');
    expect(answer.passages[0]).toMatchObject({
      matched: 'meaning',
      text: expect.stringContaining('old truck'),
    });
  });
});
