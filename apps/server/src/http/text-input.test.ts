import { readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeAudioFile } from '@voxpress/test-kit/speech-fixtures';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../test/harness.ts';
import { multipartBody, signUp } from '../../test/http.ts';
import { audio } from '../db/schema.ts';

/** One text input of one route: where a value goes, and the longest value the contract allows. */
interface TextInput {
  route: string;
  field: string;
  /** Longest accepted value; undefined where the field is a fixed word or code (enum, date). */
  max?: number;
  /** Sent in a JSON body. */
  body?: 'json';
  send(value: string): InjectOptions;
}

const NUL = 'a\u0000b';
const BELL = 'a\u0007b';
/** Half of a UTF-16 pair, as a JSON body's `"\ud800"` escape delivers it. */
const LONE_SURROGATE = 'a\ud800b';

/**
 * Every string a client can send, in JSON, form-encoded and multipart bodies, query strings and
 * paths, refuses NUL and other control characters and values over its limit with a 422 in the
 * standard shape, on both databases. NUL used to reach PostgreSQL and come back as a 500.
 */
describe.each(drivers)('text inputs on %s', (driver) => {
  let t: TestContext;
  let token: string;
  let audioId: string;
  let wav: Buffer;
  let fixtures: string;

  beforeAll(async () => {
    t = await createTestContext(driver, { startWorkers: false, env: { AUTH_RATE_LIMIT: '10000' } });
    token = await signUp(t.app, 'ada@example.com');
    fixtures = await mkdtemp(path.join(tmpdir(), 'voxpress-text-'));
    wav = readFileSync(await makeAudioFile('Testing one two three.', 'wav', fixtures));
    const init = await t.app.inject({
      method: 'POST',
      url: '/api/v1/audio/upload',
      headers: auth(),
      payload: { file_format: 'wav', file_size_bytes: 1000 },
    });
    audioId = init.json().audio_id;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(fixtures, { recursive: true, force: true });
  });

  const auth = () => ({ authorization: `Bearer ${token}` });
  const json = (method: 'POST' | 'PUT', url: string, body: Record<string, unknown>, secured = true) =>
    ({ method, url, payload: body, headers: secured ? auth() : {} }) as InjectOptions;
  const query = (url: string, name: string, value: string) =>
    ({
      method: 'GET',
      url: `${url}?${new URLSearchParams({ [name]: value })}`,
      headers: auth(),
    }) as InjectOptions;
  const multipart = (fields: Record<string, string>, fileName = 'speech.wav'): InjectOptions => {
    const form = multipartBody(fields, { field: 'file', name: fileName, content: wav });
    return {
      method: 'POST',
      url: '/api/v1/files/upload/audio',
      headers: { ...auth(), 'content-type': form.contentType },
      payload: form.body,
    };
  };
  const register = { email: 'new@example.com', password: 'correct horse battery', full_name: 'New' };
  const upload = { file_format: 'wav', file_size_bytes: 1000 };
  const edit = { text: 'Edited text.' };

  const inputs: TextInput[] = [
    ...(['email', 'password', 'full_name'] as const).map((field) => ({
      route: 'POST /auth/register',
      field,
      max: { email: 254, password: 256, full_name: 120 }[field],
      body: 'json' as const,
      send: (v: string) => json('POST', '/api/v1/auth/register', { ...register, [field]: v }, false),
    })),
    ...(['username', 'password'] as const).map((field) => ({
      route: 'POST /auth/login (form)',
      field,
      max: { username: 254, password: 256 }[field],
      send: (v: string): InjectOptions => ({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          username: 'ada@example.com',
          password: 'whatever',
          [field]: v,
        }).toString(),
      }),
    })),
    {
      route: 'POST /auth/google',
      field: 'credential',
      max: 8192,
      body: 'json' as const,
      send: (v) => json('POST', '/api/v1/auth/google', { credential: `${v}0123456789` }, false),
    },
    ...(['refresh', 'logout'] as const).map((action) => ({
      route: `POST /auth/${action}`,
      field: 'refresh_token',
      max: 512,
      body: 'json' as const,
      send: (v: string) => json('POST', `/api/v1/auth/${action}`, { refresh_token: `${v}0123456789` }, false),
    })),
    ...(['title', 'description', 'file_name', 'language', 'google_language_code'] as const).map((field) => ({
      route: 'POST /audio/upload',
      field,
      max: { title: 200, description: 5000, file_name: 255, language: 35, google_language_code: 35 }[field],
      body: 'json' as const,
      send: (v: string) => json('POST', '/api/v1/audio/upload', { ...upload, [field]: v }),
    })),
    { route: 'GET /audio', field: 'q', max: 200, send: (v) => query('/api/v1/audio', 'q', v) },
    { route: 'GET /audio', field: 'status', send: (v) => query('/api/v1/audio', 'status', v) },
    {
      route: 'GET /audio/stats',
      field: 'month_start',
      send: (v) => query('/api/v1/audio/stats', 'month_start', v),
    },
    {
      route: 'GET /audio/{id}',
      field: 'id',
      send: (v) => ({ method: 'GET', url: `/api/v1/audio/${encodeURIComponent(v)}`, headers: auth() }),
    },
    {
      route: 'POST /audio/{id}/transcribe',
      field: 'language',
      max: 35,
      send: (v) => ({
        method: 'POST',
        url: `/api/v1/audio/${audioId}/transcribe?${new URLSearchParams({ language: v })}`,
        headers: auth(),
      }),
    },
    ...(['audio_id', 'force_language', 'dialect', 'google_language_code'] as const).map((field) => ({
      route: 'POST /audio/{id}/transcribe',
      field,
      max: { audio_id: 64, force_language: 35, dialect: 35, google_language_code: 35 }[field],
      body: 'json' as const,
      send: (v: string) => json('POST', `/api/v1/audio/${audioId}/transcribe`, { [field]: v }),
    })),
    {
      route: 'POST /audio/{id}/transcribe',
      field: 'expected_languages',
      max: 35,
      body: 'json' as const,
      send: (v) => json('POST', `/api/v1/audio/${audioId}/transcribe`, { expected_languages: [v] }),
    },
    ...(['text', 'html'] as const).map((field) => ({
      route: 'PUT /audio/{id}/transcription',
      field,
      max: { text: 1_000_000, html: 2_000_000 }[field],
      body: 'json' as const,
      send: (v: string) => json('PUT', `/api/v1/audio/${audioId}/transcription`, { ...edit, [field]: v }),
    })),
    {
      route: 'GET /audio/{id}/transcription/export',
      field: 'format',
      send: (v) => query(`/api/v1/audio/${audioId}/transcription/export`, 'format', v),
    },
    ...(['download', 'status'] as const).map((what) => ({
      route: `GET /audio/{id}/${what}`,
      field: 'token',
      max: 4096,
      send: (v: string) => query(`/api/v1/audio/${audioId}/${what}`, 'token', v),
    })),
    ...(
      [
        'title',
        'description',
        'language',
        'google_language_code',
        'use_whisper_for_english',
        'source',
      ] as const
    ).map((field) => ({
      route: 'POST /files/upload/audio (multipart)',
      field,
      max: { title: 200, description: 5000, language: 35, google_language_code: 35 }[
        field as 'title' | 'description' | 'language' | 'google_language_code'
      ],
      send: (v: string) => multipart({ [field]: v }),
    })),
    {
      route: 'POST /files/upload/audio (multipart)',
      field: 'filename',
      max: 255,
      send: (v) => multipart({}, `${v}.wav`),
    },
    ...(['expires', 'max', 'type', 'sig'] as const).map((field) => ({
      route: 'PUT /storage/blobs/{key}',
      field,
      send: (v: string): InjectOptions => ({
        method: 'PUT',
        url: `/api/v1/storage/blobs/audio%2Fx.wav?${new URLSearchParams({ expires: '1', max: '1', type: 'audio/wav', sig: 's', [field]: v })}`,
        headers: { 'content-type': 'audio/wav' },
        payload: Buffer.from('RIFF'),
      }),
    })),
    {
      route: 'PUT /storage/blobs/{key}',
      field: '*',
      send: (v) => ({
        method: 'PUT',
        url: `/api/v1/storage/blobs/${encodeURIComponent(`audio/${v}.wav`)}?expires=1&max=1&type=audio%2Fwav&sig=s`,
        headers: { 'content-type': 'audio/wav' },
        payload: Buffer.from('RIFF'),
      }),
    },
  ];

  const refused = async (request: InjectOptions, field: string) => {
    const res = await t.app.inject(request);
    expect(res.statusCode, res.body.slice(0, 500)).toBe(422);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    expect(Array.isArray(body.detail)).toBe(true);
    const places = (body.detail as { loc: unknown[] }[]).map((i) => i.loc);
    expect(
      places.some((loc) => loc.includes(field)),
      JSON.stringify(places),
    ).toBe(true);
    return res;
  };

  it.each(inputs)('$route $field: NUL is a 422', async ({ field, send }) => {
    await refused(send(NUL), field);
  });

  it.each(inputs)('$route $field: a control character is a 422', async ({ field, send }) => {
    await refused(send(BELL), field);
  });

  // Only JSON can carry half a pair: form, multipart and URL encodings are UTF-8, which cannot.
  const jsonInputs = inputs.filter((i) => i.body === 'json');

  it.each(jsonInputs)('$route $field: a lone UTF-16 surrogate is a 422', async ({ field, send }) => {
    const res = await refused(send(LONE_SURROGATE), field);
    expect(res.json().detail).toContainEqual(expect.objectContaining({ type: 'invalid_unicode' }));
  });

  it('keeps the typed transcript rather than storing a lone surrogate as a replacement character', async () => {
    const raw = '{"text":"Caf\\ud800 au lait"}';
    expect(JSON.parse(raw).text).toBe('Caf\ud800 au lait');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/audio/${audioId}/transcription`,
      headers: { ...auth(), 'content-type': 'application/json' },
      payload: raw,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation_failed', detail: [{ loc: ['body', 'text'] }] });
    // A whole pair (an emoji) is ordinary text.
    const emoji = await t.app.inject(
      json('POST', '/api/v1/audio/upload', { ...upload, title: 'Caf\u00e9 \ud83d\ude00' }),
    );
    expect(emoji.statusCode, emoji.body).toBe(200);
    const [row] = await t.ctx.database.db.select().from(audio).where(eq(audio.id, emoji.json().audio_id));
    expect(row?.title).toBe('Café 😀');
  });

  it.each(inputs.filter((i) => i.max !== undefined))(
    '$route $field: one character over $max is a 422, and not repeated back',
    async ({ field, send, max }) => {
      const res = await refused(send('a'.repeat((max as number) + 1)), field);
      expect(res.body.length).toBeLessThan(2000);
    },
  );

  it('keeps line breaks where text runs over lines, and refuses them in one-line fields', async () => {
    const multiline = await t.app.inject(
      json('POST', '/api/v1/audio/upload', { ...upload, description: 'First line\nsecond\tline' }),
    );
    expect(multiline.statusCode, multiline.body).toBe(200);
    await refused(json('POST', '/api/v1/audio/upload', { ...upload, title: 'Two\nlines' }), 'title');
  });

  it('stores nothing from a refused multipart form', async () => {
    const before = await t.ctx.database.db
      .select()
      .from(audio)
      .where(eq(audio.title, 'x'.repeat(65_536)));
    const res = await t.app.inject(multipart({ title: 'x'.repeat(65_536) }));
    expect(res.statusCode).toBe(422);
    const after = await t.ctx.database.db
      .select()
      .from(audio)
      .where(eq(audio.title, 'x'.repeat(65_536)));
    expect(after.length).toBe(before.length);
  });
});
