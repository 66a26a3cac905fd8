import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MediaSite } from '@voxpress/test-kit/media-site';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../test/harness.ts';
import { type Client, client } from '../../test/http.ts';
import { readUntil } from '../../test/wait.ts';
import { startWorkers } from '../boot.ts';
import { audio, transcriptions } from '../db/schema.ts';

const IMPORT = '/api/v1/audio/import';

describe('import from a link: media files, podcast feeds and their episodes', () => {
  let t: TestContext;
  let site: MediaSite;
  let fixtures: string;
  let ann: Client;
  beforeAll(async () => {
    fixtures = mkdtempSync(path.join(tmpdir(), 'voxpress-import-'));
    site = await new MediaSite().start(fixtures);
    // The test site is on 127.0.0.1: this server is told it may reach its own network.
    t = await createTestContext('pglite', {
      startWorkers: false,
      env: { SPEECH_ENGINES: 'pocketsphinx', ALLOW_PRIVATE_ADDRESSES: 'true' },
    });
    ann = await client(t, 'ann@example.com');
    // Speech and video made with flite and ffmpeg, and a server started: slow on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await site?.stop();
    rmSync(fixtures, { recursive: true, force: true });
  });

  const rowOf = async (id: string) =>
    (await t.ctx.database.db.select().from(audio).where(eq(audio.id, id)))[0];
  const settled = (id: string) =>
    readUntil(
      () => rowOf(id),
      (row) => row?.status === 'completed' || row?.status === 'failed' || row?.status === 'processing',
      { timeoutMs: 60_000 },
    );

  it('lists a feed (RSS sent as a generic type) with its newest episodes that carry media', async () => {
    const res = await ann.send('POST', IMPORT, { url: `${site.url}/feed`, language: 'en-US' });
    expect(res.statusCode, res.body).toBe(200);
    const { feed } = res.json();
    expect(feed.title).toBe('Working Well & Remote');
    expect(feed.image).toBe(`${site.url}/art.jpg`);
    expect(feed.episodes.map((e: { title: string }) => e.title)).toEqual([
      'A note about the meeting',
      'Morning ideas',
      'Video: the talk',
    ]);
    expect(feed.episodes[0]).toEqual({
      title: 'A note about the meeting',
      url: `${site.url}/media/voice-note.wav`,
      published_at: '2026-11-10T09:30:00.000Z',
      duration: 7,
      description: 'Finish the design by Friday.',
    });
    expect(feed.episodes[2].duration).toBe(3723);
    // Nothing was made yet: the user chooses first.
    expect(await t.ctx.database.db.select().from(audio)).toEqual([]);
  });

  it('lists an Atom feed', async () => {
    const res = await ann.send('POST', IMPORT, { url: `${site.url}/atom`, language: 'en-US' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().feed).toMatchObject({
      title: 'Field Notes',
      image: `${site.url}/logo.png`,
      episodes: [
        { title: 'Voice note', url: `${site.url}/media/voice-note.wav`, description: 'A short note.' },
      ],
    });
  });

  it('refuses clearly: not a URL, a feed without media, not media, an HTTP error, too large, a page without yt-dlp', async () => {
    const cases: [string, number, string][] = [
      ['not a link', 422, 'import_url_invalid'],
      ['ftp://files.example/a.mp3', 422, 'import_url_invalid'],
      [`${site.url}/empty-feed`, 422, 'import_feed_empty'],
      [`${site.url}/media/notes.mp3`, 415, 'import_not_media'],
      [`${site.url}/missing.mp3`, 502, 'import_remote_error'],
      [`${site.url}/media/huge.mp3`, 413, 'import_too_large'],
    ];
    for (const [url, status, code] of cases) {
      const res = await ann.send('POST', IMPORT, { url, language: 'en-US' });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
      expect(res.json().code).toBe(code);
    }
    const missing = await ann.send('POST', IMPORT, { url: `${site.url}/missing.mp3`, language: 'en' });
    expect(missing.json()).toMatchObject({
      detail: expect.stringContaining('(404)'),
      params: { status: 404 },
    });
    // A server without yt-dlp on its PATH: a page says so with its own code and sentence.
    vi.stubEnv(
      'PATH',
      (process.env.PATH ?? '')
        .split(path.delimiter)
        .filter((dir) => !existsSync(path.join(dir, 'yt-dlp')))
        .join(path.delimiter),
    );
    const page = await ann
      .send('POST', IMPORT, { url: `${site.url}/page`, language: 'en-US' })
      .finally(() => vi.unstubAllEnvs());
    expect(page.statusCode).toBe(422);
    expect(page.json()).toMatchObject({
      code: 'import_needs_ytdlp',
      detail: 'Importing from this site needs yt-dlp on the server; ask your administrator.',
    });
    expect(await t.ctx.database.db.select().from(audio)).toEqual([]);
  });

  it('fetches no more than the upload limit the administrator saved', async () => {
    // Ann signed up first, so she is this server's administrator.
    const save = (value: number | null) =>
      ann.send('PUT', '/api/v1/admin/settings', { max_upload_mb: value });
    expect((await save(1)).statusCode).toBe(200);
    try {
      const res = await ann.send('POST', IMPORT, {
        url: `${site.url}/media/three-mb.mp3`,
        language: 'en-US',
      });
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toMatchObject({ code: 'import_too_large', params: { max_bytes: 1024 * 1024 } });
    } finally {
      expect((await save(null)).statusCode).toBe(200);
    }
  });

  it('imports a direct MP3 link through a redirect in a job, then transcribes it; the item says where it came from', async () => {
    const res = await ann.send('POST', IMPORT, { url: `${site.url}/go/morning`, language: 'en-US' });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().audio_id as string;
    expect(res.json().audio_ids).toEqual([id]);
    const waiting = await rowOf(id);
    expect(waiting).toMatchObject({
      status: 'pending_upload',
      title: 'morning',
      origin: { kind: 'link', url: `${site.url}/go/morning` },
    });

    await startWorkers(t.ctx);
    const done = await readUntil(
      () => rowOf(id),
      (row) => row?.status === 'completed' || row?.status === 'failed',
      { timeoutMs: 90_000 },
    );
    expect(done?.status, done?.error ?? '').toBe('completed');
    expect(done).toMatchObject({ fileFormat: 'mp3', mimeType: 'audio/mpeg', fileName: 'morning.mp3' });
    // The file itself was fetched whole once, by the job: the check before asked only for its start.
    expect(site.requests.filter((r) => r.url === '/media/morning.mp3')).toEqual([
      { url: '/media/morning.mp3', range: 'bytes=0-16383' },
      { url: '/media/morning.mp3', range: null },
    ]);
    const [text] = await t.ctx.database.db
      .select()
      .from(transcriptions)
      .where(eq(transcriptions.audioId, id));
    const said = (text?.originalText ?? '').toLowerCase();
    for (const word of ['morning', 'ideas', 'working', 'home']) expect(said).toContain(word);

    const item = await ann.get(`/api/v1/items/${id}`);
    expect(item.json().source).toEqual({
      type: 'link',
      url: `${site.url}/go/morning`,
      host: new URL(site.url).host,
      feed_title: null,
      feed_url: null,
      published_at: null,
    });
    expect(item.json().audio.origin).toEqual({ kind: 'link', url: `${site.url}/go/morning` });
    // Someone else's import is not found.
    const eve = await client(t, 'eve@example.com');
    expect((await eve.get(`/api/v1/items/${id}`)).statusCode).toBe(404);
    expect((await eve.get(`/api/v1/audio/${id}`)).statusCode).toBe(404);
  }, 120_000);

  it('imports a small MP4 video by its link', async () => {
    const res = await ann.send('POST', IMPORT, {
      url: `${site.url}/media/talk.mp4`,
      language: 'en-US',
      title: 'The talk',
    });
    expect(res.statusCode, res.body).toBe(202);
    const row = await settled(res.json().audio_id);
    expect(row?.error ?? null).toBeNull();
    expect(row).toMatchObject({ title: 'The talk', fileFormat: 'mp4', mimeType: 'video/mp4' });
  }, 90_000);

  it('imports the sound of a web page with an HTML5 video through yt-dlp (on this server’s PATH)', async () => {
    const before = site.requests.length;
    const res = await ann.send('POST', IMPORT, { url: `${site.url}/talk-page`, language: 'en-US' });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().audio_id as string;
    expect(await rowOf(id)).toMatchObject({
      status: 'pending_upload',
      origin: { kind: 'site', url: `${site.url}/talk-page`, site: null },
    });
    const row = await readUntil(
      () => rowOf(id),
      (r) => r?.status === 'completed' || r?.status === 'failed',
      { timeoutMs: 150_000 },
    );
    expect(row?.error ?? null).toBeNull();
    expect(row).toMatchObject({
      status: 'completed',
      fileFormat: 'mp4',
      mimeType: 'video/mp4',
      fileName: 'talk-page.mp4',
      origin: {
        kind: 'site',
        url: `${site.url}/talk-page`,
        site: expect.stringMatching(/^(Generic|HTML5MediaEmbed)$/),
      },
    });
    const [text] = await t.ctx.database.db
      .select()
      .from(transcriptions)
      .where(eq(transcriptions.audioId, id));
    const said = (text?.originalText ?? '').toLowerCase();
    for (const word of ['morning', 'working', 'home']) expect(said).toContain(word);
    // The page was read by the check and by yt-dlp; the video itself once, whole, by yt-dlp.
    expect(site.requests.slice(before)).toEqual([
      { url: '/talk-page', range: 'bytes=0-16383' },
      { url: '/talk-page', range: null },
      { url: '/media/talk.mp4', range: null },
    ]);
    const item = await ann.get(`/api/v1/items/${id}`);
    expect(item.json().source).toMatchObject({ type: 'site', url: `${site.url}/talk-page` });
  }, 180_000);

  it('imports chosen feed episodes with the title, description and date the feed gives', async () => {
    const res = await ann.send('POST', IMPORT, {
      url: `${site.url}/feed`,
      language: 'en-US',
      episodes: [`${site.url}/media/voice-note.wav`],
    });
    expect(res.statusCode, res.body).toBe(202);
    const [id] = res.json().audio_ids as string[];
    const row = await settled(id as string);
    expect(row).toMatchObject({
      title: 'A note about the meeting',
      titleProvisional: false,
      description: 'Finish the design by Friday.',
      fileFormat: 'wav',
      origin: {
        kind: 'feed_episode',
        url: `${site.url}/media/voice-note.wav`,
        feed_title: 'Working Well & Remote',
        feed_url: `${site.url}/feed`,
        published_at: '2026-11-10T09:30:00.000Z',
      },
    });
    const item = await ann.get(`/api/v1/items/${id}`);
    expect(item.json().source).toMatchObject({
      type: 'feed_episode',
      host: new URL(site.url).host,
      feed_title: 'Working Well & Remote',
    });

    const stale = await ann.send('POST', IMPORT, {
      url: `${site.url}/feed`,
      language: 'en-US',
      episodes: [`${site.url}/media/gone.mp3`],
    });
    expect(stale.statusCode).toBe(422);
    expect(stale.json().code).toBe('import_episode_not_in_feed');
  }, 90_000);

  it('marks an item failed with the reason when its file cannot be fetched', async () => {
    const res = await ann.send('POST', IMPORT, { url: `${site.url}/media/once.mp3`, language: 'en-US' });
    expect(res.statusCode, res.body).toBe(202);
    const row = await readUntil(
      () => rowOf(res.json().audio_id),
      (r) => r?.status === 'failed',
      { timeoutMs: 60_000 },
    );
    expect(row?.error).toBe('The site answered with an error (410). Check the link, or try again later.');

    // "Try again" fetches the file again (the site still answers 410), rather than transcribing nothing.
    const asked = site.hits.filter((h) => h === '/media/once.mp3').length;
    const again = await ann.send('POST', `/api/v1/audio/${row?.id}/transcribe`);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toMatchObject({ status: 'pending_upload', error: null });
    await readUntil(
      () => rowOf(res.json().audio_id),
      (r) => r?.status === 'failed',
      { timeoutMs: 60_000 },
    );
    expect(site.hits.filter((h) => h === '/media/once.mp3').length).toBe(asked + 1);
    expect(await t.ctx.scratch.files()).toEqual([]);
  }, 90_000);

  it('lists uploads and recordings as what they are', async () => {
    const list = await ann.get('/api/v1/items?limit=100');
    const types = (list.json().items as { source: { type: string } }[]).map((i) => i.source.type);
    expect(new Set(types)).toEqual(new Set(['link', 'site', 'feed_episode']));
  });
});

describe('import from a link with private addresses refused (the default)', () => {
  let t: TestContext;
  let site: MediaSite;
  let fixtures: string;
  beforeAll(async () => {
    fixtures = mkdtempSync(path.join(tmpdir(), 'voxpress-import-guard-'));
    site = await new MediaSite().start(fixtures);
    t = await createTestContext('pglite', { startWorkers: false });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await site?.stop();
    rmSync(fixtures, { recursive: true, force: true });
  });

  it('refuses this machine and its network before connecting, by address and by name', async () => {
    const bob = await client(t, 'bob@example.com');
    const before = site.hits.length;
    for (const url of [
      `${site.url}/media/morning.mp3`,
      `http://localhost:${new URL(site.url).port}/feed`,
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const res = await bob.send('POST', IMPORT, { url, language: 'en-US' });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().code).toBe('import_address_forbidden');
    }
    expect(site.hits.length).toBe(before);
    // Each import makes the server fetch from the web: 30 a minute per user at most.
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await bob.send('POST', IMPORT, { url: 'not a link', language: 'en' })).statusCode);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: IMPORT,
      payload: { url: site.url, language: 'en' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe.each(drivers)('where an import came from, kept on %s', (driver) => {
  let t: TestContext;
  let site: MediaSite;
  let fixtures: string;
  beforeAll(async () => {
    fixtures = mkdtempSync(path.join(tmpdir(), 'voxpress-import-db-'));
    site = await new MediaSite().start(fixtures);
    t = await createTestContext(driver, {
      startWorkers: false,
      env: { SPEECH_ENGINES: 'pocketsphinx', ALLOW_PRIVATE_ADDRESSES: 'true' },
    });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await site?.stop();
    rmSync(fixtures, { recursive: true, force: true });
  });

  it('stores a feed episode with its origin and lists it with its source', async () => {
    const cy = await client(t, 'cy@example.com');
    const res = await cy.send('POST', IMPORT, {
      url: `${site.url}/atom`,
      language: 'en-US',
      episodes: [`${site.url}/media/voice-note.wav`],
    });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().audio_id as string;
    await startWorkers(t.ctx);
    await readUntil(
      async () => (await cy.get(`/api/v1/audio/${id}`)).json().status,
      (status) => status !== 'pending_upload',
      { timeoutMs: 60_000 },
    );
    const list = await cy.get('/api/v1/items?limit=10');
    expect(list.json().items[0]).toMatchObject({
      id,
      title: 'Voice note',
      description: 'A short note.',
      audio: { file_format: 'wav', origin: { kind: 'feed_episode', feed_title: 'Field Notes' } },
      source: {
        type: 'feed_episode',
        url: `${site.url}/media/voice-note.wav`,
        host: new URL(site.url).host,
        feed_title: 'Field Notes',
        feed_url: `${site.url}/atom`,
        published_at: '2026-11-05T12:00:00.000Z',
      },
    });
  }, 90_000);

  it('hands an import back when the worker stops mid-fetch, instead of failing it', async () => {
    const dee = await client(t, 'dee@example.com');
    // The site sends the start of this file, then nothing: the fetch is under way when workers stop.
    const res = await dee.send('POST', IMPORT, { url: `${site.url}/media/slow.mp3`, language: 'en-US' });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().audio_id as string;
    // Asked twice: once to tell what it is, once by the import job.
    await readUntil(
      () => site.hits.filter((h) => h === '/media/slow.mp3').length,
      (asked) => asked >= 2,
      { timeoutMs: 30_000 },
    );
    await t.ctx.queue.stop(0);
    const [after] = await t.ctx.database.db.select().from(audio).where(eq(audio.id, id));
    expect(after).toMatchObject({ status: 'pending_upload', error: null });
    const job = after?.jobId ? await t.ctx.queue.get(after.jobId) : null;
    expect(job?.status).toBe('queued');
  }, 60_000);
});
