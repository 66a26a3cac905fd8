import type { AskAnswer, AskPassage, AskStreamEvent } from '@voxpress/contracts';
import { FakeHttpServer } from '@voxpress/test-kit/fake-http-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ChatBody, type Model, openAiChatHandler, userText } from '../../test/fake-llm-servers.ts';
import { createTestContext, drivers, type TestContext } from '../../test/harness.ts';
import { type Client, client } from '../../test/http.ts';
import { seedRecording } from '../../test/seed-recording.ts';
import { sseEvents } from '../../test/sse.ts';
import { transcriptions, users } from '../db/schema.ts';
import { MEETING_TRANSCRIPT } from '../engines/writer/composer/fixtures/meeting-transcript.fixture.ts';
import { ASK_PER_MINUTE } from './ask.routes.ts';

type Seg = { start: number; end: number; text: string; speaker?: string };

/** The weekly meeting fixture as a transcript: a line a segment, 4.5 s each; Sarah answers about the release. */
const MEETING: Seg[] = MEETING_TRANSCRIPT.script
  .split('\n')
  .map((line) => line.replace(/\s*\|\s*/g, ' ').trim())
  .filter(Boolean)
  .map((text, i) => ({
    start: Math.round(i * 4.5 * 10) / 10,
    end: Math.round((i + 1) * 4.5 * 10) / 10,
    text,
    speaker: /^(The release candidate|We still need the app store)/.test(text) ? 'S2' : 'S1',
  }));

/** Lincoln's Gettysburg Address (public domain), read in one voice. */
const GETTYSBURG: Seg[] = [
  'Four score and seven years ago our fathers brought forth on this continent, a new nation, conceived in Liberty, and dedicated to the proposition that all men are created equal.',
  'Now we are engaged in a great civil war, testing whether that nation, or any nation so conceived and so dedicated, can long endure.',
  'We are met on a great battle-field of that war.',
  'We have come to dedicate a portion of that field, as a final resting place for those who here gave their lives that that nation might live.',
].map((text, i) => ({ start: i * 9, end: (i + 1) * 9, text }));

/** Another user's meeting about the same things: never a passage, never in a prompt. */
const THEIRS: Seg[] = [
  { start: 0, end: 5, text: 'Confidential: Priya will review the cloud costs of the secret merger.' },
  { start: 5, end: 10, text: 'The mobile launch moves to the fourteenth for the merger too.' },
];

/** The passages the fake model was given: `[id] "Title" · Speaker 00:00:04–00:00:09: text`. */
function promptPassages(body: ChatBody): Array<{ id: number; text: string }> {
  return [...userText(body).matchAll(/^\[(\d+)\] .*?: (.*)$/gm)].map((m) => ({
    id: Number(m[1]),
    text: m[2] ?? '',
  }));
}

/** The id of the first passage given that holds `words`. */
function cite(body: ChatBody, words: string): number[] {
  const found = promptPassages(body).find((p) => p.text.toLowerCase().includes(words.toLowerCase()));
  return found ? [found.id] : [];
}

describe.each(drivers)('asking the library on %s', (driver) => {
  const fake = new FakeHttpServer();
  let model: Model;
  let t: TestContext;
  let offline: TestContext;
  let me: Client;
  let other: Client;
  let meOffline: Client;
  const ids: Record<string, string> = {};

  async function userId(ctx: TestContext, email: string): Promise<string> {
    const [row] = await ctx.ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    if (!row) throw new Error('no user');
    return row.id;
  }

  async function library(ctx: TestContext, mine: string, theirs?: string) {
    const speakers = [
      { id: 'S1', name: 'Daniel', colour: '#0072B2' },
      { id: 'S2', name: 'Sarah', colour: '#D55E00' },
    ];
    const { db } = ctx.ctx.database;
    const meeting = await seedRecording(db, mine, {
      title: 'Weekly product meeting',
      segments: MEETING,
      speakers,
    });
    const gettysburg = await seedRecording(db, mine, { title: 'Gettysburg Address', segments: GETTYSBURG });
    const board = theirs
      ? await seedRecording(db, theirs, { title: 'Board meeting', segments: THEIRS })
      : undefined;
    return { meeting: meeting.itemId, gettysburg: gettysburg.itemId, theirs: board?.itemId ?? '' };
  }

  const ask = async (who: Client, payload: object): Promise<AskAnswer> => {
    const res = await who.send('POST', '/api/v1/ask', payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AskAnswer;
  };

  /** Every citation is a retrieved passage, and its time is that of real segments of the cited item. */
  function expectResolved(answer: AskAnswer) {
    const passages = new Map(answer.passages.map((p) => [p.id, p]));
    for (const sentence of answer.sentences) {
      expect(sentence.citations.length).toBeGreaterThan(0);
      for (const c of sentence.citations) {
        const passage = passages.get(c.passage_id) as AskPassage;
        expect(passage).toBeDefined();
        expect(c.item_id).toBe(passage.item_id);
        const segments = c.item_id === ids.meeting ? MEETING : c.item_id === ids.gettysburg ? GETTYSBURG : [];
        expect(segments.some((s) => s.start === c.start)).toBe(true);
        expect(segments.some((s) => s.end === c.end)).toBe(true);
      }
    }
  }

  beforeAll(async () => {
    await fake.start();
    fake.handler = openAiChatHandler((body, req) => model(body, req));
    t = await createTestContext(driver, {
      startWorkers: false,
      env: {
        LLM_BASE_URL: `${fake.url}/v1`,
        LLM_API_KEY: 'sk-test',
        LLM_MODEL: 'gpt-test',
        LLM_MAX_RETRIES: '0',
      },
    });
    me = await client(t, 'ask-me@example.com');
    other = await client(t, 'ask-other@example.com');
    Object.assign(
      ids,
      await library(t, await userId(t, 'ask-me@example.com'), await userId(t, 'ask-other@example.com')),
    );
    offline = await createTestContext(driver, { startWorkers: false });
    meOffline = await client(offline, 'ask-offline@example.com');
    const mine = await library(offline, await userId(offline, 'ask-offline@example.com'));
    ids.offlineMeeting = mine.meeting;
    ids.offlineGettysburg = mine.gettysburg;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await offline?.close();
    await fake.stop();
  });
  beforeEach(() => {
    fake.received.length = 0;
  });

  it('answers from the passages, each sentence citing the item and second it was said; unsupported sentences are dropped', async () => {
    model = (body) => ({
      chunk: 30,
      text: JSON.stringify({
        answerable: true,
        sentences: [
          {
            text: 'Priya will review the cloud costs and send a summary to the team by Friday.',
            passage_ids: cite(body, 'Priya will review the cloud costs'),
          },
          { text: 'The cloud bill doubled last year.', passage_ids: [] },
          { text: 'The servers run in Frankfurt.', passage_ids: [99] },
        ],
      }),
    });
    const answer = await ask(me, { question: 'Who will review the cloud costs, and by when?' });

    expect(answer.mode).toBe('answer');
    expect(answer.engine).toEqual({
      id: 'openai',
      name: 'OpenAI-compatible chat API',
      model: 'gpt-test',
    });
    expect(answer.sentences.map((s) => s.text)).toEqual([
      'Priya will review the cloud costs and send a summary to the team by Friday.',
    ]);
    expect(answer.dropped).toBe(2);
    expectResolved(answer);
    const [citation] = answer.sentences[0]?.citations ?? [];
    const said = MEETING.find((s) => s.text.startsWith('Priya will review the cloud costs'));
    expect(citation).toMatchObject({
      item_id: ids.meeting,
      title: 'Weekly product meeting',
      speaker: 'S1',
      speaker_name: 'Daniel',
    });
    // The citation plays the segment that says it, not the start of its passage.
    expect(said).toBeDefined();
    expect([citation?.start, citation?.end]).toEqual([said?.start, said?.end]);
    expect(answer.passages[0]?.start).toBeLessThan(said?.start ?? 0);

    // The model was given the best passages only, numbered, and no other user's words.
    const body = fake.requestsTo('/v1/chat/completions')[0]?.body as ChatBody;
    const given = promptPassages(body);
    expect(given.length).toBeGreaterThan(0);
    expect(given.length).toBeLessThanOrEqual(8);
    expect(given[0]?.text).toMatch(/cloud costs/);
    expect(userText(body)).toMatch(/Question: Who will review the cloud costs, and by when\?$/);
    expect(userText(body)).not.toMatch(/merger|Confidential/);
    expect(answer.passages.every((p) => p.item_id !== ids.theirs)).toBe(true);
  });

  it('streams the passages, then each checked sentence, then the final answer', async () => {
    model = (body) => ({
      chunk: 12,
      text: JSON.stringify({
        answerable: true,
        sentences: [
          {
            text: 'The mobile launch moved to the fourteenth.',
            passage_ids: cite(body, 'launch on the fourteenth'),
          },
          { text: 'Marketing needs more time.', passage_ids: cite(body, 'marketing needs more time') },
          { text: 'It was a difficult call.', passage_ids: [] },
        ],
      }),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ask',
      headers: { authorization: `Bearer ${me.token}`, accept: 'text/event-stream' },
      payload: { question: 'When is the mobile launch, and why was it moved?' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/event-stream/);
    const events = sseEvents<AskStreamEvent>(res.body);
    expect(events.map((e) => e.event)).toEqual(['passages', 'sentence', 'sentence', 'answer']);
    // No embedding engine here: found by words, and the passages say so before any sentence.
    expect(events[0]?.data).toMatchObject({ event: 'passages', retrieval: { by: 'words', model: null } });
    const streamed = events.filter((e) => e.data.event === 'sentence');
    expect(streamed.map((e) => (e.data.event === 'sentence' ? e.data.sentence.text : ''))).toEqual([
      'The mobile launch moved to the fourteenth.',
      'Marketing needs more time.',
    ]);
    const last = events.at(-1)?.data;
    if (last?.event !== 'answer') throw new Error('no answer event');
    expect(last.answer.sentences).toHaveLength(2);
    expect(last.answer.dropped).toBe(1);
    expectResolved(last.answer);
  });

  it('says the recordings do not say when the model finds no support, or every sentence is dropped', async () => {
    model = () => ({ text: JSON.stringify({ answerable: false, sentences: [] }) });
    const none = await ask(me, { question: 'What did the team decide about the office lease?' });
    expect(none.mode).toBe('unsupported');
    expect(none.sentences).toEqual([]);

    model = () => ({
      text: JSON.stringify({
        answerable: true,
        sentences: [{ text: 'The lease ends in May.', passage_ids: [42] }],
      }),
    });
    const dropped = await ask(me, { question: 'What did the team decide about the office lease?' });
    expect(dropped.mode).toBe('unsupported');
    expect(dropped.dropped).toBe(1);

    // Nothing retrieved at all: no model is asked, and none is named.
    const nothing = await ask(me, { question: 'Qwzx vbjkq?' });
    expect(nothing.mode).toBe('unsupported');
    expect(nothing.passages).toEqual([]);
    expect(nothing.engine.id).toBe('search');
    expect(fake.requestsTo('/v1/chat/completions')).toHaveLength(2);
  });

  it('keeps to the items asked about, and never reaches another user’s items, even by id', async () => {
    model = (body) => ({
      text: JSON.stringify({
        answerable: true,
        sentences: [
          { text: 'It was conceived in liberty.', passage_ids: cite(body, 'conceived in Liberty') },
        ],
      }),
    });
    const scoped = await ask(me, {
      question: 'What was the nation conceived in?',
      item_ids: [ids.gettysburg],
    });
    expect(scoped.passages.length).toBeGreaterThan(0);
    expect(scoped.passages.every((p) => p.item_id === ids.gettysburg)).toBe(true);
    expectResolved(scoped);

    const theirs = await me.send('POST', '/api/v1/ask', { question: 'merger', item_ids: [ids.theirs] });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('not_found');
    const mixed = await me.send('POST', '/api/v1/ask', {
      question: 'cloud costs merger',
      item_ids: [ids.meeting, ids.theirs],
    });
    expect(mixed.statusCode).toBe(404);
    // The other user asks about my meeting: nothing of it comes back.
    const asked = await other.send('POST', '/api/v1/ask', {
      question: 'app store screenshots',
      item_ids: [ids.meeting],
    });
    expect(asked.statusCode).toBe(404);
    model = () => ({ text: JSON.stringify({ answerable: false, sentences: [] }) });
    const own = await ask(other, { question: 'Who will review the cloud costs?' });
    expect(own.passages.length).toBeGreaterThan(0);
    expect(own.passages.every((p) => p.item_id === ids.theirs)).toBe(true);
  });

  it('refuses a question too long or empty with a clear code', async () => {
    const long = await me.send('POST', '/api/v1/ask', { question: 'why '.repeat(100) });
    expect(long.statusCode).toBe(422);
    expect(long.json().code).toBe('validation_failed');
    const empty = await me.send('POST', '/api/v1/ask', { question: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().code).toBe('validation_failed');
  });

  it('gives the passages, saying so, when the language model fails', async () => {
    model = () => ({ status: 500, message: 'The server had an error' });
    const answer = await ask(me, { question: 'Who will draft the help page?' });
    expect(answer.mode).toBe('passages');
    expect(answer.note).toBe('language_model_failed');
    expect(answer.engine.id).toBe('search');
    expect(answer.passages[0]?.text).toMatch(/Priya will draft the help page/);
  });

  it('lets one user ask a limited number of questions a minute, without holding back another', async () => {
    const busy = await client(offline, 'ask-busy@example.com');
    const codes: number[] = [];
    for (let i = 0; i <= ASK_PER_MINUTE; i++)
      codes.push((await busy.send('POST', '/api/v1/ask', { question: `budget ${i}` })).statusCode);
    expect(codes.slice(0, ASK_PER_MINUTE).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    const res = await busy.send('POST', '/api/v1/ask', { question: 'budget' });
    expect(res.json().code).toBe('rate_limited');
    expect((await meOffline.send('POST', '/api/v1/ask', { question: 'budget' })).statusCode).toBe(200);
  });

  it('answers a personal access token with the read scope, and refuses one that may only write', async () => {
    const token = async (scopes: string[]): Promise<string> => {
      const res = await meOffline.send('POST', '/api/v1/users/me/tokens', { name: scopes.join('+'), scopes });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().token;
    };
    const askWith = (bearer: string) =>
      offline.app.inject({
        method: 'POST',
        url: '/api/v1/ask',
        headers: { authorization: `Bearer ${bearer}` },
        payload: { question: 'What do customers keep asking for?' },
      });
    const read = await askWith(await token(['read']));
    expect(read.statusCode, read.body).toBe(200);
    expect((read.json() as AskAnswer).passages[0]?.text).toMatch(/keep asking for an offline mode/);
    const write = await askWith(await token(['write']));
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ code: 'forbidden', detail: expect.stringMatching(/read scope/) });
    // The read scope opens asking only: a POST that changes something still needs write.
    const readToken = await token(['read']);
    const share = await offline.app.inject({
      method: 'POST',
      url: `/api/v1/items/${ids.offlineMeeting}/shares`,
      headers: { authorization: `Bearer ${readToken}` },
      payload: { parts: ['transcript'] },
    });
    expect(share.statusCode).toBe(403);
    expect(share.json().detail).toMatch(/write scope/);
  });

  it('without a language model, gives the passages themselves, ranked, with item, speaker and time', async () => {
    const answer = await ask(meOffline, { question: 'What do customers keep asking for?' });
    expect(answer.mode).toBe('passages');
    expect(answer.note).toBe('no_language_model');
    expect(answer.engine).toEqual({ id: 'search', name: 'Full-text search', model: null });
    expect(answer.retrieval).toEqual({ by: 'words', model: null });
    expect(answer.passages.every((p) => p.matched === 'words')).toBe(true);
    expect(answer.sentences).toEqual([]);
    expect(answer.passages.length).toBeGreaterThan(0);
    expect(answer.passages.length).toBeLessThanOrEqual(8);
    const [best] = answer.passages;
    expect(best?.text).toMatch(/keep asking for an offline mode/);
    expect(best).toMatchObject({
      item_id: ids.offlineMeeting,
      title: 'Weekly product meeting',
      speaker_name: 'Daniel',
    });
    expect(MEETING.some((s) => s.start === best?.start)).toBe(true);
    expect(answer.passages.map((p) => p.id)).toEqual(answer.passages.map((_, i) => i + 1));
    // Sarah's words are never folded into a passage under Daniel's name.
    const release = await ask(meOffline, { question: 'release candidate crash older phones' });
    expect(release.passages[0]).toMatchObject({ speaker: 'S2', speaker_name: 'Sarah' });
    expect(release.passages[0]?.text).not.toMatch(/where are we with the release/);
    // A written document is asked too: its paragraphs have no time, so its chip opens the document.
    const [doc] = await offline.ctx.database.db
      .insert(transcriptions)
      .values({
        source: 'document',
        title: 'Orchard plan',
        userId: await userId(offline, 'ask-offline@example.com'),
        originalText: 'Plant the apple trees in autumn, before the first frost.',
        language: 'en',
        provider: 'document',
        segments: [{ start: 0, end: 0, text: 'Plant the apple trees in autumn, before the first frost.' }],
      })
      .returning({ id: transcriptions.id });
    const orchard = await ask(meOffline, { question: 'When do we plant the apple trees?' });
    expect(orchard.passages[0]).toMatchObject({ item_id: doc?.id, kind: 'document', start: null, end: null });
    // A misheard word still finds its passage by spelling.
    const misspelt = await ask(meOffline, { question: 'screenshotts' });
    expect(misspelt.passages[0]?.text).toMatch(/app store screenshots/);
  });
});
