import { FakeHttpServer, sendJson } from '@voxpress/test-kit/fake-http-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NoEngineError } from '../engine.ts';
import { ApertiumTranslator } from './apertium.translator.ts';
import { DeepLTranslator } from './deepl.translator.ts';
import { LibreTranslateTranslator } from './libretranslate.translator.ts';
import { TranslatorRouter } from './translator-router.ts';
import { createTranslatorRouter } from './translators.ts';

const signal = new AbortController().signal;
const logger = { warn: () => {} };
const deeplServer = new FakeHttpServer();
let deeplQuotaSpent = false;

beforeAll(async () => {
  await deeplServer.start();
});
afterAll(async () => {
  await deeplServer.stop();
});
beforeEach(() => {
  deeplQuotaSpent = false;
  deeplServer.handler = (req, res) => {
    if (req.url.startsWith('/v2/languages'))
      return sendJson(res, 200, [{ language: 'EN' }, { language: 'ES' }, { language: 'FR' }]);
    if (deeplQuotaSpent) return sendJson(res, 456, { message: 'Quota exceeded' });
    const body = req.body as { text: string[] };
    sendJson(res, 200, { translations: body.text.map((t) => ({ text: `deepl ${t}` })) });
  };
});

const apertium = new ApertiumTranslator({ timeoutMs: 30_000 });
const deepl = () =>
  new DeepLTranslator({ baseUrl: deeplServer.url, apiKey: 'k' }, 5_000, { retryDelaysMs: [] });
const libreOff = new LibreTranslateTranslator(undefined, 5_000);

describe('translator router', () => {
  it('fails a language no translator serves with the spec’s sentence, never a copy of the source', async () => {
    const router = new TranslatorRouter(['libretranslate', 'apertium'], [libreOff, apertium], logger);
    const blocks = [{ text: 'We bake bread every morning.' }];
    const error = await router
      .translate({ source: 'en', target: 'de', blocks, signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoEngineError);
    expect((error as NoEngineError).userMessage).toBe('German translation is not available.');
    expect((error as NoEngineError).message).toMatch(
      /No translator on this server translates English into German/,
    );
    expect((error as NoEngineError).message).toMatch(
      /libretranslate: Not configured — Set LIBRETRANSLATE_URL/,
    );
  });

  it('prefers a translator with the pair directly over Apertium through a pivot', async () => {
    const router = new TranslatorRouter(['apertium', 'deepl'], [apertium, deepl()], logger);
    const routed = await router.translate({
      source: 'en',
      target: 'fr',
      blocks: [{ text: 'Good bread.' }],
      signal,
    });
    expect(routed.engine).toBe('deepl');
    expect(routed.blocks[0]?.text).toBe('deepl Good bread.');
    const choice = await router.choose('en', 'fr');
    expect(choice.reason).toMatch(/directly come first \(apertium through Spanish after\)/);
  });

  it('goes en → fr through Spanish with Apertium when nothing better is there, and says so', async () => {
    const router = new TranslatorRouter(['deepl', 'apertium'], [deepl(), apertium], logger);
    deeplQuotaSpent = true;
    const routed = await router.translate({
      source: 'en',
      target: 'fr',
      blocks: [{ text: 'The bread is ready.' }],
      signal,
    });
    expect(routed.engine).toBe('apertium');
    expect(routed.blocks[0]?.text).toMatch(/pain/);
    expect(routed.attempts.map((a) => a.engine)).toEqual(['deepl', 'apertium']);
    expect(routed.attempts[0]?.error).toBe('DeepL has used up its translation quota');
    expect(routed.reason).toMatch(/^apertium: deepl failed \(DeepL has used up its translation quota\)/);
  });

  it('lists every translator for the engines page', async () => {
    const router = new TranslatorRouter(['apertium'], [deepl(), libreOff, apertium], logger);
    const described = await router.describe();
    expect(described.active).toBe('apertium');
    expect(described.engines.map((e) => [e.id, e.kind, e.state, e.position])).toEqual([
      ['apertium', 'translator', 'ready', 1],
      ['deepl', 'translator', 'ready', null],
      ['libretranslate', 'translator', 'missing', null],
    ]);
    expect(described.engines[2]?.hint).toBe('Set LIBRETRANSLATE_URL');
  });
});

describe('translators from the configuration', () => {
  it('builds every translator in the configured order', async () => {
    const router = createTranslatorRouter(
      {
        llm: {
          openai: undefined,
          anthropic: undefined,
          ollama: undefined,
          contextTokens: 8192,
          timeoutMs: 1000,
          maxRetries: 0,
        },
        translation: {
          engines: ['apertium', 'llm'],
          deepl: undefined,
          libretranslate: undefined,
          timeoutMs: 30_000,
        },
      },
      logger,
    );
    const described = await router.describe();
    expect(described.engines.map((e) => [e.id, e.state, e.position])).toEqual([
      ['apertium', 'ready', 1],
      ['llm', 'missing', 2],
      ['deepl', 'missing', null],
      ['libretranslate', 'missing', null],
    ]);
    const routed = await router.translate({
      source: 'es',
      target: 'en',
      blocks: [{ text: 'El pan está listo.' }],
      signal,
    });
    expect(routed.blocks[0]?.text).toMatch(/bread/i);
  });
});
