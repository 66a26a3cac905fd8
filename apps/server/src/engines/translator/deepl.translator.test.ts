import { FakeHttpServer, type ReceivedRequest, sendJson } from '@voxpress/test-kit/fake-http-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EngineUnavailableError } from '../engine.ts';
import { DeepLTranslator } from './deepl.translator.ts';

const signal = new AbortController().signal;
const fake = new FakeHttpServer();

/** DeepL's real answers: language lists and `{ translations: [{ detected_source_language, text }] }`. */
function deepl(req: ReceivedRequest, res: Parameters<FakeHttpServer['handler']>[1]) {
  if (req.headers.authorization !== 'DeepL-Auth-Key test-key:fx')
    return sendJson(res, 403, { message: 'Wrong endpoint' });
  if (req.url === '/v2/languages?type=source')
    return sendJson(res, 200, [
      { language: 'EN', name: 'English' },
      { language: 'ES', name: 'Spanish' },
    ]);
  if (req.url === '/v2/languages?type=target')
    return sendJson(res, 200, [
      { language: 'EN-GB', name: 'English (British)' },
      { language: 'EN-US', name: 'English (American)' },
      { language: 'ES', name: 'Spanish' },
      { language: 'FR', name: 'French' },
    ]);
  if (req.method === 'POST' && req.url === '/v2/translate') {
    const body = req.body as { text: string[]; target_lang: string };
    return sendJson(res, 200, {
      translations: body.text.map((t) => ({
        detected_source_language: 'EN',
        text: `${body.target_lang}: ${t}`,
      })),
    });
  }
  sendJson(res, 404, { message: 'Not found' });
}

beforeAll(async () => {
  await fake.start();
});
afterAll(async () => {
  await fake.stop();
});
beforeEach(() => {
  fake.received.length = 0;
  fake.handler = deepl;
});

const translator = () =>
  new DeepLTranslator({ baseUrl: fake.url, apiKey: 'test-key:fx' }, 5_000, { retryDelaysMs: [10, 10] });

describe('DeepL translator', () => {
  it('sends the texts with the DeepL-Auth-Key header and keeps each block’s other fields', async () => {
    const blocks = [
      { kind: 'heading', text: 'Bread', segment_ids: [] },
      { kind: 'paragraph', text: 'We bake bread.', segment_ids: [3, 4] },
    ];
    const out = await translator().translate({ source: 'en-US', target: 'fr', blocks, signal });
    expect(out).toEqual([
      { kind: 'heading', text: 'FR: Bread', segment_ids: [] },
      { kind: 'paragraph', text: 'FR: We bake bread.', segment_ids: [3, 4] },
    ]);
    const [post] = fake.requestsTo('/v2/translate');
    expect(post?.body).toMatchObject({
      text: ['Bread', 'We bake bread.'],
      source_lang: 'EN',
      target_lang: 'FR',
    });
  });

  it('asks for a variant where DeepL needs one, and sends at most 50 texts per request', async () => {
    const blocks = Array.from({ length: 120 }, (_, i) => ({ text: `Satz ${i}` }));
    const progress: number[] = [];
    const out = await translator().translate({
      source: 'es',
      target: 'en',
      blocks,
      signal,
      onProgress: (f) => progress.push(f),
    });
    expect(out[119]?.text).toBe('EN-GB: Satz 119');
    expect(fake.requestsTo('/v2/translate').map((r) => (r.body as { text: string[] }).text.length)).toEqual([
      50, 50, 20,
    ]);
    expect(progress).toEqual([50 / 120, 100 / 120, 1]);
    expect(await translator().supports('en', 'en-US')).toEqual({ via: null });
  });

  it('knows the pairs it serves from /v2/languages', async () => {
    const t = translator();
    expect(await t.supports('en', 'es')).toEqual({ via: null });
    expect(await t.supports('en', 'ta')).toBeNull();
    expect(await t.supports('ja', 'en')).toBeNull();
  });

  it('waits and retries after a 429, then succeeds', async () => {
    let refused = 0;
    fake.handler = (req, res) => {
      if (req.url === '/v2/translate' && refused < 2) {
        refused++;
        return sendJson(res, 429, { message: 'Too many requests' }, { 'retry-after': '0' });
      }
      deepl(req, res);
    };
    const out = await translator().translate({
      source: 'en',
      target: 'es',
      blocks: [{ text: 'Hi' }],
      signal,
    });
    expect(out[0]?.text).toBe('ES: Hi');
    expect(fake.requestsTo('/v2/translate')).toHaveLength(3);
  });

  it('reports a spent quota (456) as the translator being unavailable', async () => {
    fake.handler = (req, res) =>
      req.url === '/v2/translate' ? sendJson(res, 456, { message: 'Quota exceeded' }) : deepl(req, res);
    const error = await translator()
      .translate({ source: 'en', target: 'es', blocks: [{ text: 'Hi' }], signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineUnavailableError);
    expect(error).toMatchObject({
      retryable: false,
      userMessage: 'DeepL has used up its translation quota',
    });
    expect((error as Error).message).toMatch(/456: Quota exceeded.*quota is spent/);
  });

  it('reports a refused key', async () => {
    const wrongKey = new DeepLTranslator({ baseUrl: fake.url, apiKey: 'wrong' }, 5_000, {
      retryDelaysMs: [],
    });
    expect(await wrongKey.supports('en', 'es')).toBeNull();
    await expect(
      wrongKey.translate({ source: 'en', target: 'es', blocks: [{ text: 'Hi' }], signal }),
    ).rejects.toThrow(/403.*API key/);
  });

  it('is disabled without a key', async () => {
    const off = new DeepLTranslator(undefined, 5_000);
    expect(await off.status()).toMatchObject({ state: 'missing', hint: 'Set DEEPL_API_KEY' });
    expect(await off.supports('en', 'es')).toBeNull();
  });
});
