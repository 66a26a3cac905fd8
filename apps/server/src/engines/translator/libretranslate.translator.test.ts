import { FakeHttpServer, type ReceivedRequest, sendJson } from '@voxpress/test-kit/fake-http-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EngineUnavailableError } from '../engine.ts';
import { LibreTranslateTranslator } from './libretranslate.translator.ts';

const signal = new AbortController().signal;
const fake = new FakeHttpServer();

/** LibreTranslate's real answers: `/languages` with targets, `/translate` with `translatedText`. */
function libre(req: ReceivedRequest, res: Parameters<FakeHttpServer['handler']>[1]) {
  if (req.url === '/languages')
    return sendJson(res, 200, [
      { code: 'en', name: 'English', targets: ['de', 'es', 'en'] },
      { code: 'de', name: 'German', targets: ['en'] },
    ]);
  if (req.method === 'POST' && req.url === '/translate') {
    const body = req.body as { q: string[] | string; target: string; api_key?: string };
    if (body.api_key !== 'lt-key') return sendJson(res, 403, { error: 'Invalid API key' });
    const translate = (t: string) => `(${body.target}) ${t}`;
    return sendJson(res, 200, {
      translatedText: Array.isArray(body.q) ? body.q.map(translate) : translate(body.q),
    });
  }
  sendJson(res, 404, { error: 'Not found' });
}

beforeAll(async () => {
  await fake.start();
});
afterAll(async () => {
  await fake.stop();
});
beforeEach(() => {
  fake.received.length = 0;
  fake.handler = libre;
});

const translator = (apiKey = 'lt-key') =>
  new LibreTranslateTranslator({ url: fake.url, apiKey }, 5_000, { retryDelaysMs: [10] });

describe('LibreTranslate translator', () => {
  it('translates a list of texts in one request, keeping block fields', async () => {
    const out = await translator().translate({
      source: 'en-GB',
      target: 'de',
      blocks: [
        { kind: 'paragraph', text: 'Good morning.', segment_ids: [1] },
        { kind: 'quote', text: 'Bake it slowly.', segment_ids: [2] },
      ],
      signal,
    });
    expect(out).toEqual([
      { kind: 'paragraph', text: '(de) Good morning.', segment_ids: [1] },
      { kind: 'quote', text: '(de) Bake it slowly.', segment_ids: [2] },
    ]);
    expect(fake.requestsTo('/translate')[0]?.body).toEqual({
      q: ['Good morning.', 'Bake it slowly.'],
      source: 'en',
      target: 'de',
      format: 'text',
      api_key: 'lt-key',
    });
  });

  it('knows its pairs from /languages', async () => {
    const t = translator();
    expect(await t.supports('en', 'de')).toEqual({ via: null });
    expect(await t.supports('de', 'es')).toBeNull();
    expect(await t.supports('fr', 'en')).toBeNull();
  });

  it('retries a 503 once, then reports the server’s error', async () => {
    fake.handler = (req, res) =>
      req.url === '/translate' ? sendJson(res, 503, { error: 'Overloaded' }) : libre(req, res);
    await expect(
      translator().translate({ source: 'en', target: 'de', blocks: [{ text: 'Hi' }], signal }),
    ).rejects.toMatchObject({
      message: 'LibreTranslate answered 503: Overloaded',
      retryable: true,
    });
    expect(fake.requestsTo('/translate')).toHaveLength(2);
  });

  it('reports a refused key as unavailable', async () => {
    await expect(
      translator('bad').translate({ source: 'en', target: 'de', blocks: [{ text: 'Hi' }], signal }),
    ).rejects.toBeInstanceOf(EngineUnavailableError);
  });
});
