import { FakeHttpServer } from '@voxpress/test-kit/fake-http-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ChatBody, type Model, openAiChatHandler, userText } from '../../../test/fake-llm-servers.ts';
import { EngineUnavailableError } from '../engine.ts';
import { OpenAiCompatibleProvider } from '../writer/llm/llm-providers.ts';
import { ApertiumTranslator } from './apertium.translator.ts';
import { LlmTranslator } from './llm.translator.ts';
import { TranslatorError } from './translator.ts';
import { TranslatorRouter } from './translator-router.ts';

const signal = new AbortController().signal;
const fake = new FakeHttpServer();
let model: Model;
const bodies = (): ChatBody[] => fake.requestsTo('/v1/chat/completions').map((r) => r.body as ChatBody);

/** A model that "translates" by tagging each block, answering with the ids it was given. */
const tagging =
  (tag: string, change: (blocks: Array<{ id: number; text: string }>) => unknown[] = (b) => b): Model =>
  (body) => {
    const { blocks } = JSON.parse(userText(body)) as { blocks: Array<{ id: number; text: string }> };
    const translated = blocks.map((b) => ({ id: b.id, text: `${tag} ${b.text}` }));
    return { chunk: 30, text: JSON.stringify({ blocks: change(translated) }) };
  };

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

const translator = (contextTokens = 8192) =>
  new LlmTranslator(
    [new OpenAiCompatibleProvider({ baseUrl: `${fake.url}/v1`, apiKey: 'k', model: 'gpt-test' })],
    {
      contextTokens,
      timeoutMs: 20_000,
      maxRetries: 0,
    },
  );

const blocks = [
  { type: 'heading', text: 'Slow bread', segment_ids: [] },
  { type: 'paragraph', text: 'The secret is a long, slow rise.', segment_ids: [1] },
  { type: 'bullet', text: '', segment_ids: [] },
  { type: 'numbered', text: 'Bake it hot.', segment_ids: [4] },
];

describe('LLM translator', () => {
  it('translates block by block, keeping kinds, order and segment ids', async () => {
    model = tagging('[fr]');
    const progress: number[] = [];
    const out = await translator().translate({
      source: 'en',
      target: 'fr',
      blocks,
      signal,
      onProgress: (f) => progress.push(f),
    });
    expect(out).toEqual([
      { type: 'heading', text: '[fr] Slow bread', segment_ids: [] },
      { type: 'paragraph', text: '[fr] The secret is a long, slow rise.', segment_ids: [1] },
      { type: 'bullet', text: '', segment_ids: [] },
      { type: 'numbered', text: '[fr] Bake it hot.', segment_ids: [4] },
    ]);
    const system = bodies()[0]?.messages.find((m) => m.role === 'system')?.content as string;
    expect(system).toMatch(/from English \(en\) into French \(fr\)/);
    // Empty blocks are not sent.
    expect(JSON.parse(userText(bodies()[0] as ChatBody))).toEqual({
      blocks: [
        { id: 0, text: 'Slow bread' },
        { id: 1, text: 'The secret is a long, slow rise.' },
        { id: 3, text: 'Bake it hot.' },
      ],
    });
    expect(progress.at(-1)).toBe(1);
  });

  it('strips a leading "None" the model puts before a translation', async () => {
    model = tagging('None\n\n');
    const out = await translator().translate({
      source: 'en',
      target: 'es',
      blocks: [{ text: 'Hola' }],
      signal,
    });
    expect(out[0]?.text).toBe('Hola');
  });

  it('sends long content in batches that fit the context', async () => {
    model = tagging('[de]');
    const many = Array.from({ length: 60 }, (_, i) => ({
      text: `Paragraph ${i}: ${'knead and fold the dough '.repeat(8)}`,
    }));
    const out = await translator(1024).translate({ source: 'en', target: 'de', blocks: many, signal });
    expect(bodies().length).toBeGreaterThan(3);
    expect(out.map((b) => b.text)).toEqual(many.map((b) => `[de] ${b.text}`.trim()));
  });

  it('refuses an answer that drops a block', async () => {
    model = tagging('[fr]', (b) => b.slice(1));
    const error = await translator()
      .translate({ source: 'en', target: 'fr', blocks, signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TranslatorError);
    expect((error as Error).message).toMatch(/gave back blocks 1,3 for blocks 0,1,3/);
  });

  it('hands over to Apertium when the model refuses the key', async () => {
    model = () => ({ status: 401, message: 'Invalid API key' });
    const error = await translator()
      .translate({ source: 'en', target: 'es', blocks, signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineUnavailableError);
    const router = new TranslatorRouter(
      ['llm', 'apertium'],
      [translator(), new ApertiumTranslator({ timeoutMs: 30_000 })],
      {
        warn: () => {},
      },
    );
    const routed = await router.translate({ source: 'en', target: 'es', blocks, signal });
    expect(routed.engine).toBe('apertium');
    expect(routed.blocks[3]?.text).toMatch(/Cuece|Hornea|caliente/i);
    expect(routed.attempts.map((a) => a.engine)).toEqual(['llm', 'apertium']);
  });

  it('is missing with no language model', async () => {
    const none = new LlmTranslator([new OpenAiCompatibleProvider(undefined)], {
      contextTokens: 8192,
      timeoutMs: 1000,
      maxRetries: 0,
    });
    expect(await none.status()).toMatchObject({ state: 'missing', reason: 'No language model is set up' });
    expect(await none.supports('en', 'fr')).toBeNull();
  });
});
