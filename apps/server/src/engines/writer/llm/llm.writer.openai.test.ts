import { FakeHttpServer } from '@voxpress/test-kit/fake-http-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ChatBody, type Model, openAiChatHandler, userText } from '../../../../test/fake-llm-servers.ts';
import { LlmWriter, type WriteRequest } from './llm.writer.ts';
import { OpenAiCompatibleProvider } from './llm-providers.ts';
import { draftFor, TALK } from './llm-writer.fixtures.ts';
import { contentTypeTemplate, customContentType } from './prompts/content-types.ts';
import { isWriterFailure, type WriterFailureError } from './writer-errors.ts';

const fake = new FakeHttpServer();
let model: Model;
const bodies = (): ChatBody[] => fake.requestsTo('/v1/chat/completions').map((r) => r.body as ChatBody);

beforeAll(async () => {
  await fake.start();
  fake.handler = openAiChatHandler((body, req) => model(body, req));
});
afterAll(async () => {
  await fake.stop();
});
beforeEach(() => {
  fake.received.length = 0;
});

function writer(options: { contextTokens?: number; timeoutMs?: number } = {}) {
  const provider = new OpenAiCompatibleProvider({
    baseUrl: `${fake.url}/v1`,
    apiKey: 'sk-test',
    model: 'gpt-test',
  });
  return new LlmWriter(provider, {
    contextTokens: options.contextTokens ?? 8192,
    timeoutMs: options.timeoutMs ?? 20_000,
    maxRetries: 2,
  });
}

function request(overrides: Partial<WriteRequest> = {}): WriteRequest {
  const template = contentTypeTemplate('blog_post');
  if (!template) throw new Error('blog_post is a built-in type');
  return { template, language: 'en', segments: TALK, signal: new AbortController().signal, ...overrides };
}

async function failure(promise: Promise<unknown>): Promise<WriterFailureError> {
  const error = await promise.catch((e: unknown) => e);
  expect(isWriterFailure(error)).toBe(true);
  return error as WriterFailureError;
}

describe('LLM writer over an OpenAI-compatible server', () => {
  it('streams a structured piece, grounded in the transcript, with real progress', async () => {
    model = (body) => ({
      chunk: 25,
      text: draftFor(body, {
        quotes: [
          { text: 'dont rush it, patience makes the crumb open and light', segment_ids: [0] },
          { text: 'Knead for an hour every single day.', segment_ids: [3] },
        ],
        key_points: [{ text: 'Bake hot', segment_ids: [4, 99] }],
      }),
    });
    const progress: number[] = [];
    const written = await writer().write(
      request({
        title: 'Bread, slowly',
        keywords: ['sourdough', 'home baking'],
        platforms: ['wordpress', 'linkedin'],
        voice: 'Short sentences. First person. No exclamation marks.',
        onProgress: (f) => progress.push(f),
      }),
    );

    const [body] = bodies();
    expect(fake.received[0]?.headers.authorization).toBe('Bearer sk-test');
    expect(body?.stream).toBe(true);
    expect(body?.model).toBe('gpt-test');
    expect(body?.response_format?.type).toBe('json_schema');
    const system = body?.messages.find((m) => m.role === 'system')?.content as string;
    expect(system).toMatch(/cites, in segment_ids/);
    expect(system).toMatch(/Content type: Blog post/);
    expect(system).toMatch(/Short sentences\. First person\./);
    const user = body ? userText(body) : '';
    expect(user).toMatch(/^#0 \[00:00:00\] Good morning/m);
    expect(user).toMatch(/^#5 \[01:02:05\] And that is/m);
    expect(user).toMatch(/Title: Bread, slowly/);
    expect(user).toMatch(/sourdough, home baking/);
    expect(user).toMatch(/wordpress, linkedin/);

    expect(written.title).toBe('Bread, slowly');
    expect(written.content_type).toBe('blog_post');
    expect(written.prompt_version).toBe(1);
    expect(written.engine).toEqual({ provider: 'openai', model: 'gpt-test' });
    expect(written.blocks[0]).toEqual({ type: 'heading', text: 'Why slow', segment_ids: [] });
    expect(written.blocks.slice(1).map((b) => b.segment_ids)).toEqual([[0], [1], [2], [3], [4], [5]]);
    // The true quote is kept and re-pointed at the segment it is really in; the invented one is dropped.
    expect(written.quotes).toEqual([
      { text: 'dont rush it, patience makes the crumb open and light', segment_ids: [2] },
    ]);
    expect(written.grounding.quotes_dropped).toEqual(['Knead for an hour every single day.']);
    // Segment 99 does not exist.
    expect(written.key_points).toEqual([{ text: 'Bake hot', segment_ids: [4] }]);
    expect(written.grounding.references_dropped).toBe(1);
    expect(written.text).toMatch(/^## Why slow\n\nParaphrase of: Good morning/);
    expect(written.word_count).toBeGreaterThan(50);

    expect(progress.length).toBeGreaterThan(5);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
  });

  it('asks again after an answer that is not JSON, then succeeds', async () => {
    let calls = 0;
    model = (body) =>
      ++calls === 1
        ? { text: '{"title": "Slow bread", "blocks": [ {"type": "para' }
        : { text: draftFor(body) };
    const written = await writer().write(request());
    expect(calls).toBe(2);
    expect(written.blocks).toHaveLength(7);
  });

  it('fails with the spec’s sentence when the answer stays malformed', async () => {
    model = () => ({ text: 'Sure! Here is your blog post about bread: it is great.' });
    const error = await failure(writer().write(request()));
    expect(error.failure).toBe('invalid_output');
    expect(error.userMessage).toBe('Failed to enhance content. Please try again.');
    expect(error.message).toMatch(/not valid JSON/);
    expect(error.retryable).toBe(true);
    expect(bodies()).toHaveLength(2);
  });

  it('rejects an answer of the wrong shape as malformed', async () => {
    model = () => ({
      text: JSON.stringify({ title: 'x', blocks: [{ type: 'poem', text: 'y', segment_ids: [] }] }),
    });
    const error = await failure(writer().write(request()));
    expect(error.failure).toBe('invalid_output');
  });

  it('times out with the spec’s sentence when the answer never completes', async () => {
    model = () => ({ hang: true });
    const error = await failure(writer({ timeoutMs: 400 }).write(request()));
    expect(error.failure).toBe('timeout');
    expect(error.userMessage).toBe('Enhancement timed out. Please try again.');
    expect(error.retryable).toBe(true);
  });

  it('waits after a 429 as told, then succeeds', async () => {
    let calls = 0;
    model = (body) =>
      ++calls === 1
        ? { status: 429, message: 'Rate limit reached', headers: { 'retry-after-ms': '20' } }
        : { text: draftFor(body) };
    const written = await writer().write(request());
    expect(calls).toBe(2);
    expect(written.blocks.length).toBeGreaterThan(0);
  });

  it('reports a server that stays busy', async () => {
    model = () => ({ status: 503, message: 'Overloaded', headers: { 'retry-after-ms': '5' } });
    const error = await failure(writer().write(request()));
    expect(error.failure).toBe('busy');
    expect(error.message).toMatch(/503 after 3 attempts: Overloaded/);
  });

  it('turns a refusal into the spec’s failure, not a retry', async () => {
    model = () => ({ refusal: "I'm sorry, I can't help with that." });
    const error = await failure(writer().write(request()));
    expect(error.failure).toBe('refused');
    expect(error.userMessage).toBe('Content enhancement failed');
    expect(error.message).toMatch(/declined to write this: I'm sorry/);
    expect(error.retryable).toBe(false);
    expect(bodies()).toHaveLength(1);
  });

  it('reports a refused key as the writer being unavailable', async () => {
    model = () => ({ status: 401, message: 'Incorrect API key provided' });
    const error = await failure(writer().write(request()));
    expect(error.failure).toBe('unavailable');
    expect(error.message).toMatch(/refused the API key \(401\): Incorrect API key provided/);
  });

  it('writes a long transcript in parts that fit the context, then merges them', async () => {
    const long = Array.from({ length: 240 }, (_, id) => ({
      id,
      start: id * 6,
      text: `Sentence number ${id} about proofing dough, shaping loaves and scoring the crust before baking.`,
    }));
    model = (body) => ({ text: draftFor(body) });
    const progress: number[] = [];
    const written = await writer({ contextTokens: 2048 }).write(
      request({ segments: long, onProgress: (f) => progress.push(f) }),
    );
    const parts = bodies();
    expect(parts.length).toBeGreaterThan(2);
    for (const [i, body] of parts.entries()) {
      expect(userText(body)).toMatch(new RegExp(`this is part ${i + 1}`));
      // Each part fits: prompt and transcript well under the context, with room for the answer.
      expect(JSON.stringify(body.messages).length / 3.5).toBeLessThan(2048);
    }
    const cited = written.blocks.flatMap((b) => b.segment_ids);
    expect(cited).toEqual(long.map((s) => s.id));
    expect(written.grounding.parts).toBe(parts.length);
    expect(written.key_points.length).toBe(parts.length);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('fills and grounds a recipe’s own fields', async () => {
    const recipe = contentTypeTemplate('recipe');
    if (!recipe) throw new Error('recipe is built in');
    model = (body) => ({
      text: draftFor(body, {
        details: {
          prep_time: null,
          cook_time: '40 minutes',
          servings: null,
          difficulty: 'medium',
          cuisine: null,
          ingredients: [
            { item: 'flour', quantity: '500 g', segment_ids: [3] },
            { item: 'water', quantity: '350 g', segment_ids: [3, 42] },
          ],
          instructions: [{ step: 'Bake at 230 °C for 40 minutes.', segment_ids: [4] }],
          nutrition: null,
        },
      }),
    });
    const written = await writer().write(request({ template: recipe }));
    const system = bodies()[0]?.messages.find((m) => m.role === 'system')?.content as string;
    expect(system).toMatch(/Ingredients; Method/);
    expect(written.details).toMatchObject({
      cook_time: '40 minutes',
      ingredients: [
        { item: 'flour', segment_ids: [3] },
        { item: 'water', segment_ids: [3] },
      ],
    });
    expect(written.grounding.references_dropped).toBe(1);
  });

  it('writes a user-defined content type from its template', async () => {
    model = (body) => ({ text: draftFor(body) });
    const template = customContentType({
      name: 'Podcast show notes',
      instructions: 'Timestamps first, then a two-line summary.',
      sections: ['Summary', 'Timestamps'],
    });
    const written = await writer().write(request({ template }));
    const system = bodies()[0]?.messages.find((m) => m.role === 'system')?.content as string;
    expect(system).toMatch(/Timestamps first, then a two-line summary/);
    expect(system).toMatch(/Summary; Timestamps/);
    expect(written.content_type).toBe('custom:podcast-show-notes');
    expect(() => customContentType({ name: ' ', instructions: 'x' })).toThrow();
  });
});
