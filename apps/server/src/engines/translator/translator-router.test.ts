import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeHttpServer, sendJson } from '../../../test/fake-http-server.ts';
import { ApertiumTranslator } from './apertium.translator.ts';
import { DeepLTranslator } from './deepl.translator.ts';
import { LibreTranslateTranslator } from './libretranslate.translator.ts';
import { TranslatorError } from './translator.ts';
import { TranslatorRouter } from './translator-router.ts';

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
    expect(error).toBeInstanceOf(TranslatorError);
    expect((error as TranslatorError).message).toBe('German translation is not available.');
    expect((error as TranslatorError).detail).toMatch(/apertium does not translate en → de/);
    expect((error as TranslatorError).detail).toMatch(/libretranslate: Set LIBRETRANSLATE_URL/);
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
    expect(routed.attempts[0]?.error).toMatch(/quota is spent/);
    expect(routed.reason).toMatch(/through Spanish/);
  });

  it('lists every translator for the engines page', async () => {
    const router = new TranslatorRouter(['apertium'], [deepl(), libreOff, apertium], logger);
    const port = await router.describe();
    expect(port.active).toBe('apertium');
    expect(port.implementations.map((i) => [i.id, i.state])).toEqual([
      ['deepl', 'disabled'],
      ['libretranslate', 'disabled'],
      ['apertium', 'available'],
    ]);
    expect(port.implementations[1]?.enable).toMatch(/TRANSLATION_ENGINES.*LIBRETRANSLATE_URL/);
  });
});
