import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Content } from '@voxpress/contracts';
import { makeDocx } from '@voxpress/test-kit/docx-fixture';
import { FakeHttpServer } from '@voxpress/test-kit/fake-http-server';
import { FIXTURE_PARAGRAPH, makeAudioFile } from '@voxpress/test-kit/speech-fixtures';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema.ts';
import { type ChatBody, openAiChatHandler, promptSegments, userText } from './fake-llm-servers.ts';
import { createTestContext, drivers, type TestContext } from './harness.ts';
import { type Client as ApiClient, client as apiClient, postAudioFile } from './http.ts';

/** A signed-in user who can also wait for a piece of content. */
interface Client extends ApiClient {
  /** Polls the piece until `done` holds (no fixed sleeps: a condition with a deadline). */
  until(id: string, done: (c: Content) => boolean): Promise<Content>;
}

async function client(t: TestContext, email: string): Promise<Client> {
  const c = await apiClient(t, email);
  return {
    ...c,
    async until(id, done) {
      const deadline = Date.now() + 90_000;
      for (;;) {
        const body = (await c.get(`/api/v1/content/${id}`)).json() as Content;
        if (done(body)) return body;
        if (Date.now() > deadline) throw new Error(`timed out; last state ${JSON.stringify(body)}`);
        await sleep(100);
      }
    },
  };
}

const settled = (c: Content) => c.status === 'completed' || c.status === 'failed';

describe.each(drivers)('content from a PocketSphinx transcript on %s', (driver) => {
  let t: TestContext;
  let ada: Client;
  let eve: Client;
  let fixtures: string;
  let transcriptionId: string;
  let contentId: string;

  beforeAll(async () => {
    t = await createTestContext(driver, {
      env: { AUTH_RATE_LIMIT: '1000', SPEECH_ENGINES: 'pocketsphinx', OLLAMA_DISCOVERY: 'false' },
    });
    ada = await client(t, 'ada@example.com');
    eve = await client(t, 'eve@example.com');
    fixtures = mkdtempSync(path.join(tmpdir(), 'voxpress-content-'));
    const speech = readFileSync(await makeAudioFile(FIXTURE_PARAGRAPH, 'wav', fixtures));
    const up = await postAudioFile(
      t.app,
      ada.token,
      { name: 'talk.wav', content: speech },
      { language: 'en-US' },
    );
    const audioId = up.json().data.audio_id as string;
    const deadline = Date.now() + 170_000;
    for (;;) {
      const a = (await ada.get(`/api/v1/audio/${audioId}`)).json();
      if (a.status === 'completed') {
        transcriptionId = a.transcription_id;
        break;
      }
      if (a.status === 'failed' || Date.now() > deadline)
        throw new Error(`transcription: ${JSON.stringify(a)}`);
      await sleep(100);
    }
    // Transcribing the fixture first takes a PocketSphinx run: slow on a loaded machine.
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    rmSync(fixtures, { recursive: true, force: true });
  });

  it('writes a grounded blog post in English, translates it into Spanish with Apertium and refuses German up front', async () => {
    // No translator here serves German: it is refused before anything starts, not failed later.
    const german = await ada.send('POST', '/api/v1/content/enhance', {
      transcription_id: transcriptionId,
      content_type: 'blog_post',
      language: ['en', 'es', 'de'],
    });
    expect(german.statusCode).toBe(422);
    expect(german.json()).toMatchObject({
      code: 'translation_unavailable',
      params: { source: 'en', languages: 'de' },
    });
    // Without a language model a story is refused up front, not faked from a blog post's sentences.
    const story = await ada.send('POST', '/api/v1/content/enhance', {
      transcription_id: transcriptionId,
      content_type: 'story',
      language: ['en'],
    });
    expect(story.statusCode).toBe(422);
    expect(story.json()).toMatchObject({
      code: 'content_type_needs_language_model',
      params: { content_type: 'story' },
    });
    const res = await ada.send('POST', '/api/v1/content/enhance', {
      transcription_id: transcriptionId,
      content_type: 'blog_post',
      language: ['en', 'es'],
      keywords: ['remote work'],
      target_blog_platforms: ['wordpress', 'My Team Wiki'],
    });
    expect(res.statusCode).toBe(202);
    const started = res.json();
    expect(started).toMatchObject({ data: { transcription_id: transcriptionId, status: 'processing' } });
    expect(started.data.estimated_time).toBeGreaterThan(0);
    contentId = started.data.content_id;

    const seen: number[] = [];
    const done = await ada.until(contentId, (c) => {
      seen.push(c.progress.percent);
      return settled(c);
    });
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(done.status).toBe('completed');
    expect(done.metadata.translation_status).toEqual({ en: 'completed', es: 'completed' });
    expect(done.failed_languages).toEqual([]);
    expect(done.metadata.target_blog_platforms).toEqual(['wordpress', 'My Team Wiki']);
    // No language model is configured: the built-in composer wrote it, and says why.
    expect(done.metadata.service_used).toBe('composer');
    expect(done.metadata.writer?.reason).toMatch(/openai unavailable/);

    const en = done.metadata.translations.en;
    expect(en?.text.toLowerCase()).toContain('schedule');
    expect(done.metadata.word_count).toBeGreaterThan(10);
    const paragraphs = en?.blocks.filter((b) => b.type !== 'heading') ?? [];
    expect(paragraphs.length).toBeGreaterThan(0);
    for (const p of paragraphs) {
      expect(p.segment_ids.length).toBeGreaterThan(0);
      expect(typeof p.start).toBe('number');
    }

    const es = done.metadata.translations.es;
    expect(es).toMatchObject({ status: 'completed', service: 'apertium', method: 'machine', error: null });
    expect(es?.text).not.toBe(en?.text);
    expect(es?.text.toLowerCase()).toMatch(/\b(trabajo|equipo|agua|casa|primero)\b/);
    // Translations keep each block's link to the recording.
    expect(es?.blocks.map((b) => b.segment_ids)).toEqual(en?.blocks.map((b) => b.segment_ids));
  });

  it('streams status over SSE and ends with a complete event', async () => {
    const res = await ada.get(`/api/v1/content/${contentId}/status?token=${ada.token}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('event: complete');
    expect(res.body).toContain('"translation_status":{"en":"completed","es":"completed"}');
  });

  it('opens the status stream with a short-lived link good for that piece only', async () => {
    const links = await ada.get(`/api/v1/content/${contentId}/links`);
    expect(links.statusCode).toBe(200);
    const { status_url, expires_in } = links.json();
    expect(status_url).toMatch(new RegExp(`^/api/v1/content/${contentId}/status\\?ticket=`));
    expect(status_url).not.toContain(ada.token);
    expect(expires_in).toBeGreaterThan(0);
    // No header: the ticket alone opens the stream, and only for this address.
    const stream = await t.app.inject({ method: 'GET', url: status_url });
    expect(stream.statusCode).toBe(200);
    expect(stream.body).toContain('event: complete');
    const ticket = new URL(status_url, 'http://x').searchParams.get('ticket');
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audio/${transcriptionId}/status?ticket=${ticket}`,
    });
    expect(elsewhere.statusCode).toBe(401);
    expect((await eve.get(`/api/v1/content/${contentId}/links`)).statusCode).toBe(404);
  });

  it('lists pieces, answers the polling call and lists by transcript', async () => {
    await ada.send('POST', '/api/v1/content/enhance', {
      transcription_id: transcriptionId,
      content_type: 'tutorial',
    });
    const poll = await ada.get(`/api/v1/content/?transcription_id=${transcriptionId}&page=1&per_page=1`);
    expect(poll.statusCode).toBe(200);
    expect(poll.json()).toMatchObject({ total: 2, limit: 1, pages: 2 });
    expect(poll.json().items).toHaveLength(1);
    const all = await ada.get('/api/v1/content?page=1&limit=10');
    expect(
      all
        .json()
        .items.map((c: Content) => c.content_type)
        .sort(),
    ).toEqual(['blog_post', 'tutorial']);
    const byTranscript = await ada.get(`/api/v1/content/transcription/${transcriptionId}`);
    expect(byTranscript.json().items).toHaveLength(2);
    expect((await eve.get('/api/v1/content')).json().items).toEqual([]);
  });

  it('saves edits with versions and refuses a stale one with 409', async () => {
    const before = (await ada.get(`/api/v1/content/${contentId}`)).json() as Content;
    const original = before.metadata.translations.es?.text ?? '';
    const first = before.metadata.translations.es?.blocks.find((b) => b.type === 'paragraph')?.text ?? '';
    expect(first).not.toBe('');
    const edited = `None\n\n${first}\n\nUn párrafo nuevo.`;
    const saved = await ada.send('PUT', `/api/v1/content/${contentId}`, {
      language: 'es',
      text: edited,
      revision: before.revision,
    });
    expect(saved.statusCode).toBe(200);
    const after = saved.json() as Content;
    expect(after.metadata.translations.es?.text).toBe(`${first}\n\nUn párrafo nuevo.`);
    expect(after.metadata.versions.es?.[0]?.text).toBe(original);
    // The untouched paragraph keeps its source; the new one rests on nothing.
    expect(after.metadata.translations.es?.blocks[0]?.segment_ids.length).toBeGreaterThan(0);
    expect(after.metadata.translations.es?.blocks[1]?.segment_ids).toEqual([]);
    const stale = await ada.send('PUT', `/api/v1/content/${contentId}`, {
      language: 'es',
      title: 'Otro título',
      revision: before.revision,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('conflict');
    const noGerman = await ada.send('PUT', `/api/v1/content/${contentId}`, {
      language: 'de',
      text: 'Hallo',
      revision: after.revision,
    });
    expect(noGerman.statusCode).toBe(400);
  });

  it("answers 404 for another user's content and transcripts", async () => {
    const ids = [
      ['GET', `/api/v1/content/${contentId}`],
      ['GET', `/api/v1/content/${contentId}/status?token=${eve.token}`],
      ['GET', `/api/v1/content/transcription/${transcriptionId}`],
      ['PUT', `/api/v1/content/${contentId}`],
      ['DELETE', `/api/v1/content/${contentId}`],
      ['POST', '/api/v1/content/enhance'],
    ] as const;
    for (const [method, url] of ids) {
      const res =
        method === 'GET'
          ? await eve.get(url)
          : await eve.send(
              method,
              url,
              method === 'PUT'
                ? { text: 'mine now', revision: 1 }
                : method === 'POST'
                  ? { transcription_id: transcriptionId, language: ['en'] }
                  : undefined,
            );
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await ada.get(`/api/v1/content/${contentId}`)).statusCode).toBe(200);
    const bad = await ada.send('POST', '/api/v1/content/enhance', {
      transcription_id: transcriptionId,
      language: [],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe('validation_failed');
    const deleted = await ada.send('DELETE', `/api/v1/content/${contentId}`);
    expect(deleted.statusCode).toBe(200);
    expect((await ada.get(`/api/v1/content/${contentId}`)).statusCode).toBe(404);
  });

  it('turns an uploaded DOCX into a source that content is written from', async () => {
    const bytes = await makeDocx('Notes on home baking', [
      'Good bread needs time. Let the dough rise slowly in a cool kitchen overnight.',
      'Bake it hot, in a heavy pot, and let it cool before you cut it.',
    ]);
    const up = await ada.upload(
      '/api/v1/files/upload/content',
      { name: 'baking.docx', content: bytes },
      {
        title: 'Baking notes',
        language: 'en',
      },
    );
    expect(up.statusCode).toBe(201);
    const data = up.json().data;
    expect(data).toMatchObject({ title: 'Baking notes', language: 'en', blocks: 3 });
    const res = await ada.send('POST', '/api/v1/content/enhance', {
      transcription_id: data.content_id,
      content_type: 'enhanced',
      language: ['en', 'es'],
    });
    expect(res.statusCode).toBe(202);
    const done = await ada.until(res.json().data.content_id, settled);
    expect(done.status).toBe('completed');
    const en = done.metadata.translations.en;
    expect(en?.text).toContain('cool kitchen');
    // Grounded in the document's paragraphs, with no times (a document has none).
    const grounded = en?.blocks.filter((b) => b.segment_ids.length > 0) ?? [];
    expect(grounded.length).toBeGreaterThan(0);
    expect(grounded.every((b) => b.start === null)).toBe(true);
    expect(done.metadata.translations.es?.status).toBe('completed');
  });

  it('refuses documents it cannot read with clear 4xx answers', async () => {
    const cases: [string, Buffer, number, string][] = [
      ['notes.pdf', Buffer.from('%PDF-1.4'), 415, 'unsupported_format'],
      ['empty.txt', Buffer.from('  \n\n  '), 422, 'document_empty'],
      ['fake.docx', Buffer.from('this is not a word file'), 422, 'document_unreadable'],
      ['latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0xff]), 422, 'document_unreadable'],
    ];
    for (const [name, content, status, code] of cases) {
      const res = await ada.upload('/api/v1/files/upload/content', { name, content });
      expect(res.statusCode, name).toBe(status);
      expect(res.json().code, name).toBe(code);
    }
    const html = await ada.upload('/api/v1/files/upload/content', {
      name: 'page.html',
      content: Buffer.from(
        '<html><script>alert(1)</script><body><h1>Hi</h1><p>Plain words here.</p></body></html>',
      ),
    });
    expect(html.statusCode).toBe(201);
    expect(html.json().data).toMatchObject({ title: 'page', blocks: 2 });
  });
});

describe('content written by a configured language model', () => {
  const fake = new FakeHttpServer();
  let t: TestContext;
  let ada: Client;
  const systems: string[] = [];

  beforeAll(async () => {
    await fake.start();
    fake.handler = openAiChatHandler((body: ChatBody) => {
      systems.push(body.messages.find((m) => m.role === 'system')?.content as string);
      const lines = promptSegments(userText(body));
      return {
        text: JSON.stringify({
          title: 'Slow bread',
          blocks: lines.map((l) => ({
            type: 'paragraph',
            text: `Rewritten: ${l.text}`,
            segment_ids: [l.id],
          })),
          key_points: [],
          quotes: [],
          details: null,
        }),
      };
    });
    t = await createTestContext('pglite', {
      env: {
        AUTH_RATE_LIMIT: '1000',
        OLLAMA_DISCOVERY: 'false',
        LLM_BASE_URL: `${fake.url}/v1`,
        LLM_API_KEY: 'sk-test',
        LLM_MODEL: 'gpt-test',
      },
    });
    ada = await client(t, 'ada@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await fake.stop();
  });

  it("picks the language model, records it and passes on the author's voice", async () => {
    const voice = await ada.send('PUT', '/api/v1/users/me', {
      writing_voice: 'Short sentences, first person.',
    });
    expect(voice.statusCode).toBe(200);
    expect(voice.json().writing_voice).toBe('Short sentences, first person.');
    const up = await ada.upload('/api/v1/files/upload/content', {
      name: 'bread.md',
      content: Buffer.from('# Bread\n\nLet the dough rise **slowly**.\n\n- Bake it hot.'),
    });
    expect(up.statusCode).toBe(201);
    const res = await ada.send('POST', '/api/v1/content/enhance', {
      transcription_id: up.json().data.transcription_id,
      content_type: 'blog_post',
      language: ['en'],
    });
    expect(res.statusCode).toBe(202);
    const done = await ada.until(res.json().data.content_id, settled);
    expect(done.status).toBe('completed');
    expect(done.metadata.service_used).toBe('openai');
    expect(done.metadata.writer?.reason).toMatch(/^openai: first configured engine/);
    expect(done.metadata.translations.en?.text).toContain('Rewritten: Let the dough rise slowly.');
    const dough = done.metadata.translations.en?.blocks.find((b) => b.text.includes('dough'));
    expect(dough?.segment_ids).toEqual([1]);
    expect(systems.at(-1)).toContain('Short sentences, first person.');
  });

  it('gives a model’s SEO article its meta description, slug and keyword use', async () => {
    const up = await ada.upload('/api/v1/files/upload/content', {
      name: 'loaf.txt',
      content: Buffer.from('Slow bread tastes better.\n\nA slow rise gives the bread its flavour.'),
    });
    const res = await ada.send('POST', '/api/v1/content/enhance', {
      transcription_id: up.json().data.transcription_id,
      content_type: 'seo_optimized',
      keywords: ['slow bread'],
    });
    const done = await ada.until(res.json().data.content_id, settled);
    expect(done.body?.details).toMatchObject({
      content_type: 'seo_optimized',
      meta_description: 'Rewritten: Slow bread tastes better.',
      slug: 'slow-bread',
      focus_keyword: 'slow bread',
      keyword_use: [{ keyword: 'slow bread', in_title: true, in_first_paragraph: true }],
    });
  });

  it('hands the piece to the built-in composer when the model fails, and says so', async () => {
    fake.handler = openAiChatHandler(() => ({ status: 401, message: 'Incorrect API key' }));
    const up = await ada.upload('/api/v1/files/upload/content', {
      name: 'bread.txt',
      content: Buffer.from('Let the dough rise slowly overnight.\n\nBake it hot in a heavy pot.'),
    });
    const res = await ada.send('POST', '/api/v1/content/enhance', {
      transcription_id: up.json().data.transcription_id,
      language: ['en'],
    });
    const done = await ada.until(res.json().data.content_id, settled);
    expect(done.status).toBe('completed');
    expect(done.metadata.service_used).toBe('composer');
    expect(done.metadata.writer?.attempts.map((a) => [a.engine, Boolean(a.error)])).toEqual([
      ['openai', true],
      ['composer', false],
    ]);
    expect(done.metadata.writer?.reason).toMatch(/openai failed/);
  });
});

describe('asking for the same piece twice', () => {
  let t: TestContext;
  let ada: Client;
  beforeAll(async () => {
    // No workers: the first request's job stays queued while the second arrives.
    t = await createTestContext('pglite', {
      startWorkers: false,
      env: { AUTH_RATE_LIMIT: '1000', OLLAMA_DISCOVERY: 'false' },
    });
    ada = await client(t, 'ada@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('queues one job for a piece that is already waiting to be written', async () => {
    const up = await ada.upload('/api/v1/files/upload/content', {
      name: 'notes.txt',
      content: Buffer.from('Let the dough rise slowly overnight.\n\nBake it hot in a heavy pot.'),
    });
    const ask = () =>
      ada.send('POST', '/api/v1/content/enhance', {
        transcription_id: up.json().data.transcription_id,
        content_type: 'recipe',
        language: ['en', 'es'],
      });
    const first = (await ask()).json().data.content_id;
    const second = (await ask()).json().data.content_id;
    expect(second).toBe(first);
    const queued = await t.ctx.database.db.select().from(jobs).where(eq(jobs.name, 'content.write'));
    expect(queued).toHaveLength(1);
    const piece = (await ada.get(`/api/v1/content/${first}`)).json() as Content;
    expect(piece).toMatchObject({
      status: 'pending',
      metadata: { translation_status: { en: 'pending', es: 'pending' } },
    });
  });
});
