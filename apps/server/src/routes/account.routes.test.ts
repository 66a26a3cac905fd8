import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startS3Server } from '@voxpress/test-kit/s3-server';
import { makeAudioFile } from '@voxpress/test-kit/speech-fixtures';
import { readZip } from '@voxpress/test-kit/zip';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../test/harness.ts';
import { multipartBody, postAudioFile, signUp } from '../../test/http.ts';
import { content, transcriptions, users } from '../db/schema.ts';
import type { BlobStore } from '../storage/blob-store.ts';

const PASSWORD = 'correct horse battery';
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function allKeys(blobs: BlobStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of blobs.list('')) keys.push(object.key);
  return keys;
}

/** Every table's rows that name the user (any column holding the id). */
async function rowsNaming(t: TestContext, userId: string): Promise<Record<string, number>> {
  const tables = (await t.ctx.database.db.execute(
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type = 'uuid'`,
  )) as unknown as { rows: Array<{ table_name: string; column_name: string }> };
  const counts: Record<string, number> = {};
  for (const { table_name, column_name } of tables.rows) {
    const result = (await t.ctx.database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)} = ${userId}`,
    )) as unknown as { rows: Array<{ n: number }> };
    const n = result.rows[0]?.n ?? 0;
    if (n) counts[`${table_name}.${column_name}`] = n;
  }
  return counts;
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 40, b: 200 } } })
    .png()
    .toBuffer();

describe.each(drivers)('my account on %s', (driver) => {
  let t: TestContext;
  let fixtures: string;
  let wav: Buffer;
  let ada: string;
  let bob: string;
  beforeAll(async () => {
    t = await createTestContext(driver, { startWorkers: false, env: { AUTH_RATE_LIMIT: '1000' } });
    fixtures = mkdtempSync(path.join(tmpdir(), 'voxpress-account-'));
    wav = readFileSync(await makeAudioFile('My garden has tomatoes and basil.', 'wav', fixtures));
    ada = await signUp(t.app, 'ada@example.com', 'Ada Lovelace');
    bob = await signUp(t.app, 'bob@example.com', 'Bob Builder');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(fixtures, { recursive: true, force: true });
  });

  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: auth(token) });
  const put = (url: string, token: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/v1${url}`, headers: auth(token), payload: payload as object });
  const login = (email: string, password = PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: email, password }).toString(),
    });
  const avatar = (token: string, file: Buffer, name = 'me.png') => {
    const form = multipartBody({}, { field: 'file', name, content: file });
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/users/me/avatar',
      headers: { ...auth(token), 'content-type': form.contentType },
      payload: form.body,
    });
  };

  it('keeps my defaults on the server and hands them back with my profile', async () => {
    const fresh = (await me(ada)).json();
    expect(fresh.settings).toEqual({
      theme: null,
      interface_language: null,
      transcription_language: null,
      content_languages: null,
      content_type: null,
      platforms: null,
      writing_voice: null,
      remember_voices: false,
    });
    const saved = await put('/users/me/settings', ada, {
      theme: 'dark',
      interface_language: 'es',
      transcription_language: 'es-ES',
      content_languages: ['ES', 'en'],
      content_type: 'blog_post',
      platforms: ['wordpress', ' My Blog '],
      writing_voice: 'Short sentences.',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      content_languages: ['es', 'en'],
      platforms: ['wordpress', 'My Blog'],
    });
    const partial = await put('/users/me/settings', ada, { theme: null });
    expect(partial.json()).toMatchObject({
      theme: null,
      interface_language: 'es',
      content_type: 'blog_post',
    });
    expect((await me(ada)).json().settings).toEqual(partial.json());
    expect((await me(bob)).json().settings.interface_language).toBeNull();
  });

  it('refuses settings outside the rules with the field and a code', async () => {
    for (const payload of [
      { theme: 'blue' },
      { interface_language: 'xx' },
      { content_languages: [] },
      { content_type: 'poem' },
      { platforms: [''] },
      { writing_voice: 'x'.repeat(1001) },
      { transcription_language: 'not a language' },
      { remember_voices: 'yes' },
    ]) {
      const res = await put('/users/me/settings', ada, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().code).toBe('validation_failed');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/me/settings' })).statusCode).toBe(401);
  });

  it('changes my name', async () => {
    const res = await put('/users/me/profile', ada, { full_name: '  Ada King  ' });
    expect(res.json()).toMatchObject({ full_name: 'Ada King', name: 'Ada King' });
    const blank = await put('/users/me/profile', ada, { full_name: '   ' });
    expect(blank.statusCode).toBe(422);
  });

  it('sets a picture checked by its bytes, resized to 256×256 WebP behind a link', async () => {
    const res = await avatar(ada, await png(900, 600));
    expect(res.statusCode).toBe(200);
    const link: string = res.json().profile_image;
    expect(link).toMatch(/^\/api\/v1\/avatars\/[0-9a-f-]{36}\/[0-9a-f]{32}\.webp$/);
    const image = await t.app.inject({ method: 'GET', url: link });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const meta = await sharp(image.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'webp',
      width: 256,
      height: 256,
    });

    const next = await avatar(ada, await png(300, 300));
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
    const userId = (await me(ada)).json().id;
    expect((await allKeys(t.ctx.blobs)).filter((k) => k.startsWith(`avatars/${userId}/`))).toEqual([
      next.json().profile_image.replace('/api/v1/', ''),
    ]);
  });

  it('refuses a file that is not a picture, or too large, and keeps the picture I had', async () => {
    const before = (await me(ada)).json().profile_image;
    const fake = await avatar(ada, Buffer.from('GIF89a but really a text file'), 'cat.gif');
    expect(fake.statusCode).toBe(422);
    expect(fake.json().code).toBe('image_invalid');
    const text = await avatar(ada, Buffer.from('hello'), 'me.png');
    expect(text.json().code).toBe('image_invalid');
    const huge = await avatar(ada, Buffer.alloc(6 * 1024 * 1024, 1), 'big.png');
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('image_too_large');
    expect((await me(ada)).json().profile_image).toBe(before);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me/avatar',
      headers: auth(ada),
    });
    expect(removed.json().profile_image).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: before })).statusCode).toBe(404);
  });

  it('changes my email with my password, never to one that is taken', async () => {
    const wrong = await put('/users/me/email', ada, {
      email: 'ada@new.example',
      current_password: 'nope nope',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('password_incorrect');
    const taken = await put('/users/me/email', ada, { email: 'BOB@example.com', current_password: PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('email_unavailable');
    const bad = await put('/users/me/email', ada, { email: 'nope', current_password: PASSWORD });
    expect(bad.statusCode).toBe(422);
    const ok = await put('/users/me/email', ada, { email: 'Ada@New.Example', current_password: PASSWORD });
    expect(ok.json().email).toBe('ada@new.example');
    expect((await login('ada@new.example')).statusCode).toBe(200);
    expect((await login('ada@example.com')).statusCode).toBe(401);
  });

  it('changes my password: other sessions end, this one goes on with new tokens', async () => {
    const other = (await login('ada@new.example')).json();
    const wrong = await put('/users/me/password', ada, {
      current_password: 'wrong one',
      new_password: 'purple elephant umbrella',
    });
    expect(wrong.statusCode).toBe(403);
    const weak = await put('/users/me/password', ada, {
      current_password: PASSWORD,
      new_password: 'password1',
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().code).toBe('password_too_weak');
    const ok = await put('/users/me/password', ada, {
      current_password: PASSWORD,
      new_password: 'purple elephant umbrella',
    });
    expect(ok.statusCode).toBe(200);
    const pair = ok.json();
    expect((await me(ada)).statusCode).toBe(401);
    expect((await me(other.access_token)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token: other.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await me(pair.access_token)).statusCode).toBe(200);
    ada = pair.access_token;
    expect((await login('ada@new.example', 'purple elephant umbrella')).statusCode).toBe(200);
  });

  it('signs me out everywhere', async () => {
    const second = (await login('bob@example.com')).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/me/sign-out-everywhere',
      headers: auth(bob),
    });
    expect(res.statusCode).toBe(200);
    expect((await me(bob)).statusCode).toBe(401);
    expect((await me(second.access_token)).statusCode).toBe(401);
    bob = (await login('bob@example.com')).json().access_token;
    expect((await me(bob)).statusCode).toBe(200);
  });

  it('downloads all my data as a zip: records, audio, transcripts and content, nobody else’s', async () => {
    const upload = await postAudioFile(
      t.app,
      ada,
      { name: 'garden.wav', content: wav },
      { title: 'Garden notes' },
    );
    expect(upload.statusCode).toBe(201);
    await postAudioFile(t.app, bob, { name: 'bob.wav', content: wav }, { title: 'Bob secret' });
    const userId = (await me(ada)).json().id as string;
    const audioId = upload.json().data.audio_id as string;
    const db = t.ctx.database.db;
    const [tr] = await db
      .insert(transcriptions)
      .values({
        audioId,
        userId,
        originalText: 'My garden has tomatoes and basil.',
        language: 'en-US',
        provider: 'pocketsphinx',
        segments: [{ start: 0, end: 2.1, text: 'My garden has tomatoes and basil.' }],
      })
      .returning();
    await db.insert(content).values({
      userId,
      transcriptionId: tr?.id as string,
      contentType: 'blog_post',
      title: 'My garden',
      language: 'en',
      languages: ['en'],
      status: 'completed',
      translations: {
        en: {
          title: 'My garden',
          text: 'Tomatoes and basil grow here.',
          status: 'completed',
          method: 'written',
          service: 'composer',
          reason: null,
          error: null,
          blocks: [],
          metadata: { word_count: 5 },
        },
      },
    });

    const link = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me/export/link',
      headers: auth(ada),
    });
    const res = await t.app.inject({ method: 'GET', url: link.json().url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="voxpress-data-\d{4}-\d\d-\d\d\.zip"$/,
    );
    const entries = await readZip(res.rawPayload);
    const names = [...entries.keys()];
    expect(names).toEqual(
      expect.arrayContaining([
        'voxpress-data/README.txt',
        'voxpress-data/account.json',
        'voxpress-data/audio.json',
        'voxpress-data/transcripts.json',
        'voxpress-data/content.json',
        'voxpress-data/audio/Garden-notes.wav',
        'voxpress-data/transcripts/Garden-notes.txt',
        'voxpress-data/transcripts/Garden-notes.srt',
        'voxpress-data/content/My-garden-blog_post-en.md',
      ]),
    );
    expect(entries.get('voxpress-data/audio/Garden-notes.wav')?.equals(wav)).toBe(true);
    expect(entries.get('voxpress-data/transcripts/Garden-notes.srt')?.toString()).toContain(
      '00:00:00,000 --> 00:00:02,100\nMy garden has tomatoes and basil.',
    );
    expect(entries.get('voxpress-data/content/My-garden-blog_post-en.md')?.toString()).toBe(
      '# My garden\n\nTomatoes and basil grow here.\n',
    );
    const account = JSON.parse(entries.get('voxpress-data/account.json')?.toString() ?? '{}');
    expect(account).toMatchObject({ email: 'ada@new.example', settings: { content_type: 'blog_post' } });
    expect(JSON.stringify(account)).not.toMatch(/argon2|password_hash/);
    expect(JSON.parse(entries.get('voxpress-data/audio.json')?.toString() ?? '[]')).toHaveLength(1);
    expect([...entries.values()].some((b) => b.toString('latin1').includes('Bob secret'))).toBe(false);

    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/me/export' })).statusCode).toBe(401);
    const stolen = await t.app.inject({
      method: 'GET',
      url: link.json().url.replace('/export', '/export/link'),
    });
    expect(stolen.statusCode).toBe(401);
  });

  it('names the files in my data export so that Windows can unpack them: no device names, no names equal but for case', async () => {
    for (const title of ['CON', 'con', 'Lpt1.', 'nul.txt'])
      expect((await postAudioFile(t.app, ada, { name: 'x.wav', content: wav }, { title })).statusCode).toBe(
        201,
      );
    const link = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me/export/link',
      headers: auth(ada),
    });
    const entries = await readZip((await t.app.inject({ method: 'GET', url: link.json().url })).rawPayload);
    const audio = [...entries.keys()].filter((name) => name.startsWith('voxpress-data/audio/'));
    expect(audio).toEqual(
      expect.arrayContaining([
        'voxpress-data/audio/CON-file.wav',
        'voxpress-data/audio/con-file-2.wav',
        'voxpress-data/audio/Lpt1-file.wav',
        'voxpress-data/audio/nul-txt.wav',
      ]),
    );
    for (const name of entries.keys()) {
      const file = name.split('/').pop() ?? '';
      expect(file.split('.')[0], name).not.toMatch(/^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i);
    }
    const lower = [...entries.keys()].map((name) => name.toLowerCase());
    expect(new Set(lower).size).toBe(lower.length);
  });

  it('deletes my account only with my email typed and my password', async () => {
    const del = (payload: object) =>
      t.app.inject({ method: 'DELETE', url: '/api/v1/users/me', headers: auth(ada), payload });
    const mismatch = await del({
      confirm_email: 'bob@example.com',
      current_password: 'purple elephant umbrella',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().code).toBe('confirmation_mismatch');
    const wrong = await del({ confirm_email: 'ada@new.example', current_password: PASSWORD });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('password_incorrect');
    expect((await me(ada)).statusCode).toBe(200);
  });

  it('deleting the administrator leaves no row and no file, and hands the role to the oldest account', async () => {
    await avatar(ada, await png(64, 64));
    const userId = (await me(ada)).json().id as string;
    expect((await me(ada)).json().is_admin).toBe(true);
    expect((await allKeys(t.ctx.blobs)).filter((k) => k.includes(userId)).length).toBeGreaterThanOrEqual(2);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: auth(ada),
      payload: { confirm_email: 'ADA@new.example', current_password: 'purple elephant umbrella' },
    });
    expect(res.statusCode).toBe(200);
    expect(await rowsNaming(t, userId)).toEqual({});
    expect((await allKeys(t.ctx.blobs)).filter((k) => k.includes(userId))).toEqual([]);
    expect((await allKeys(t.ctx.blobs)).some((k) => k.startsWith('audio/'))).toBe(true);
    expect((await me(ada)).statusCode).toBe(401);
    expect((await login('ada@new.example', 'purple elephant umbrella')).statusCode).toBe(401);
    expect((await me(bob)).json().is_admin).toBe(true);
    const [row] = await t.ctx.database.db.select().from(users).where(eq(users.email, 'bob@example.com'));
    expect(row?.role).toBe('admin');
  });
});

describe('deleting an account on S3 storage', () => {
  let t: TestContext;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let fixtures: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestContext('pglite', {
      startWorkers: false,
      env: { AUTH_RATE_LIMIT: '1000', ...s3.env },
    });
    fixtures = mkdtempSync(path.join(tmpdir(), 'voxpress-account-s3-'));
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    rmSync(fixtures, { recursive: true, force: true });
  });

  it('leaves nothing of the account in the bucket', async () => {
    await signUp(t.app, 'admin@example.com');
    const token = await signUp(t.app, 'carol@example.com');
    const userId = (
      await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: auth(token) })
    ).json().id;
    const wav = readFileSync(await makeAudioFile('A short note about the bucket.', 'wav', fixtures));
    expect((await postAudioFile(t.app, token, { name: 'a.wav', content: wav })).statusCode).toBe(201);
    // A presigned upload that never came: its row and its future key both belong to the account.
    const init = await t.app.inject({
      method: 'POST',
      url: '/api/v1/audio/upload',
      headers: auth(token),
      payload: { file_format: 'wav', file_size_bytes: wav.length },
    });
    await fetch(init.json().presigned_url, { method: 'PUT', headers: init.json().headers, body: wav });
    const form = multipartBody({}, { field: 'file', name: 'p.png', content: await png(50, 50) });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/me/avatar',
      headers: { ...auth(token), 'content-type': form.contentType },
      payload: form.body,
    });
    expect((await allKeys(t.ctx.blobs)).filter((k) => k.includes(userId))).toHaveLength(3);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: auth(token),
      payload: { confirm_email: 'carol@example.com', current_password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(await allKeys(t.ctx.blobs)).toEqual([]);
    expect(await rowsNaming(t, userId)).toEqual({});
  });
});
