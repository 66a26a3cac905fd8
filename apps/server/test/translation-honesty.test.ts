import type { Content } from '@voxpress/contracts';
import { FakeHttpServer } from '@voxpress/test-kit/fake-http-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { type Client, client } from './http.ts';
import { until } from './wait.ts';

/**
 * A LibreTranslate server (its real wire format: `GET /languages`, `POST /translate`) that lists
 * English → German but refuses the key when asked to translate: German passes the check made
 * before a piece starts and fails while it is made.
 */
function libreTranslateRefusingItsKey(fake: FakeHttpServer): void {
  fake.handler = (req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.method === 'GET' && req.url.startsWith('/languages')) {
      res.end(
        JSON.stringify([
          { code: 'en', name: 'English', targets: ['de'] },
          { code: 'de', name: 'German', targets: ['en'] },
        ]),
      );
      return;
    }
    res.statusCode = 403;
    res.end(JSON.stringify({ error: 'Invalid API key' }));
  };
}

describe('languages a server cannot translate into', () => {
  const fake = new FakeHttpServer();
  let t: TestContext;
  let ada: Client;
  let sourceId: string;

  beforeAll(async () => {
    await fake.start();
    libreTranslateRefusingItsKey(fake);
    t = await createTestContext('pglite', {
      env: {
        AUTH_RATE_LIMIT: '1000',
        OLLAMA_DISCOVERY: 'false',
        LIBRETRANSLATE_URL: fake.url,
        TRANSLATION_ENGINES: 'libretranslate,apertium',
      },
    });
    ada = await client(t, 'ada@example.com');
    const up = await ada.upload(
      '/api/v1/files/upload/content',
      {
        name: 'peas.txt',
        content: Buffer.from(
          'Pea soup for winter\n\nSoak the dried peas overnight in cold water. Boil them slowly with an onion until they are soft.\n\nAdd salt and a spoonful of butter before serving.',
        ),
      },
      { title: 'Pea soup', language: 'en' },
    );
    expect(up.statusCode).toBe(201);
    sourceId = up.json().data.content_id;
    // A new embedded database and the server's start take a while on a loaded machine.
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await fake.stop();
  });

  it('refuses languages no translator here serves with 422 translation_unavailable, naming them, and starts nothing', async () => {
    const res = await ada.send('POST', '/api/v1/content/enhance', {
      transcription_id: sourceId,
      content_type: 'enhanced',
      language: ['en', 'es', 'hi', 'zh'],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'translation_unavailable',
      params: { source: 'en', languages: 'hi,zh' },
    });
    expect(res.json().detail).toMatch(
      /^No translator on this server translates English into Hindi, Chinese\./,
    );
    const pieces = (await ada.get(`/api/v1/content?transcription_id=${sourceId}`)).json();
    expect(pieces.total).toBe(0);
    // What the Enhance panel reads to disable those languages before anyone picks them.
    const offered = await ada.get('/api/v1/system/translation-languages?source=en');
    expect(offered.statusCode).toBe(200);
    expect(offered.json()).toEqual({ source: 'en', unavailable: ['zh', 'ko', 'ja', 'ta', 'te', 'hi'] });
  });

  it('reports a language that fails while the piece is made: failed_languages, the status message and the export say so', async () => {
    const res = await ada.send('POST', '/api/v1/content/enhance', {
      transcription_id: sourceId,
      content_type: 'enhanced',
      language: ['en', 'es', 'de'],
    });
    expect(res.statusCode).toBe(202);
    const id = res.json().data.content_id as string;
    const done = await until(
      'the piece to settle',
      async () => {
        const piece = (await ada.get(`/api/v1/content/${id}`)).json() as Content;
        return piece.status === 'completed' || piece.status === 'failed' ? piece : undefined;
      },
      { timeoutMs: 90_000 },
    );
    expect(done.metadata.translation_status).toEqual({ en: 'completed', es: 'completed', de: 'failed' });
    expect(done.failed_languages).toEqual(['de']);
    expect(done.progress.message).toBe('Content ready, except German: the translation failed');
    expect(done.metadata.translations.de).toMatchObject({ status: 'failed', text: '' });
    expect(fake.requestsTo('/translate').length).toBeGreaterThan(0);

    const german = await ada.get(`/api/v1/content/${id}/export?language=de&format=md`);
    expect(german.statusCode).toBe(404);
    expect(german.json().code).toBe('translation_failed');
    expect(german.json().detail).toMatch(/^The German version of this content failed/);
    expect(german.json().detail).not.toMatch(/yet/);
    const spanish = await ada.get(`/api/v1/content/${id}/export?language=es&format=md`);
    expect(spanish.statusCode).toBe(200);
  });
});
