import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../test/harness.ts';
import { signUp } from '../../test/http.ts';
import { audio, transcriptions } from '../db/schema.ts';

const HEARD = 'Good morning everyone.';

/** Saving an edited transcript: versions against lost updates, sanitised HTML, the contract's sizes. */
describe.each(drivers)('transcript edits on %s', (driver) => {
  let t: TestContext;
  let token: string;
  let audioId: string;

  beforeAll(async () => {
    t = await createTestContext(driver, { startWorkers: false, env: { AUTH_RATE_LIMIT: '1000' } });
    token = await signUp(t.app, 'ada@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  // Each test edits a fresh transcript, as a finished transcription job leaves it.
  beforeEach(async () => {
    const init = await t.app.inject({
      method: 'POST',
      url: '/api/v1/audio/upload',
      headers: auth(),
      payload: { file_format: 'wav', file_size_bytes: 1000 },
    });
    audioId = init.json().audio_id;
    const [row] = await t.ctx.database.db.select().from(audio).where(eq(audio.id, audioId));
    const [made] = await t.ctx.database.db
      .insert(transcriptions)
      .values({ audioId, userId: row?.userId ?? '', originalText: HEARD, language: 'en', provider: 'test' })
      .returning();
    await t.ctx.database.db
      .update(audio)
      .set({ status: 'completed', transcriptionStatus: 'completed', transcriptionId: made?.id })
      .where(eq(audio.id, audioId));
  });

  const auth = () => ({ authorization: `Bearer ${token}` });
  const url = () => `/api/v1/audio/${audioId}/transcription`;
  const get = () => t.app.inject({ method: 'GET', url: url(), headers: auth() });
  const put = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'PUT', url: url(), headers: { ...auth(), ...headers }, payload });

  it('exposes the version as a field and an ETag, and moves it on with each save', async () => {
    const first = await get();
    expect(first.json().version).toBe(1);
    expect(first.headers.etag).toBe('"1"');
    const saved = await put({ text: 'Edited once.', version: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ text: 'Edited once.', version: 2 });
    expect(saved.headers.etag).toBe('"2"');
    const again = await put({ text: 'Edited twice.' }, { 'if-match': '"2"' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().version).toBe(3);
  });

  it('refuses a stale save with 409 and keeps the stored text', async () => {
    expect((await put({ text: 'Saved in the other tab.', version: 1 })).statusCode).toBe(200);
    const stale = await put({ text: 'Typed in this tab.', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'conflict', params: { current_version: 2 } });
    expect(stale.json().detail).toMatch(/changed elsewhere/);
    const stored = (await get()).json();
    expect(stored).toMatchObject({ text: 'Saved in the other tab.', version: 2, original_text: HEARD });
    expect(stored.versions_count).toBe(1);
    const versions = await t.app.inject({ method: 'GET', url: `${url()}/versions`, headers: auth() });
    expect(versions.json().items.map((v: { text: string }) => v.text)).toEqual([HEARD]);
  });

  it('lets exactly one of two saves made from the same version through', async () => {
    const results = await Promise.all([
      put({ text: 'From the laptop.', version: 1 }),
      put({ text: 'From the phone.', version: 1 }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)?.json().text;
    expect((await get()).json()).toMatchObject({ text: winner, version: 2 });
  });

  it('asks for the version when a save names none', async () => {
    const res = await put({ text: 'No version.' });
    expect(res.statusCode).toBe(428);
    expect(res.json().code).toBe('precondition_required');
    expect((await get()).json().text).toBe(HEARD);
  });

  it('stores only the markup the editor can make', async () => {
    const html =
      '<h2 style="text-align: center">Title</h2>' +
      '<p style="text-align: right; position: fixed">A <strong>bold</strong> <em>move</em> <u>here</u> ' +
      '<span style="color: #e03131; background-color: rgb(255, 236, 153)">marked</span></p>' +
      '<p><a href="https://example.com" target="_blank">web</a> <a href="mailto:a@example.com">mail</a> ' +
      '<a href="tel:+441234">call</a> <a href="javascript:alert(1)">bad</a></p>' +
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">' +
      '<img src="data:text/html;base64,PHNjcmlwdD4=">' +
      '<img src="https://example.com/x.png" onerror="alert(1)">' +
      '<script>alert(1)</script><iframe src="https://evil.example"></iframe>' +
      '<ul><li>one</li></ul><blockquote>quote</blockquote><pre><code>code</code></pre>';
    const res = await put({ text: 'Title', html, version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const stored = (await get()).json().html as string;
    expect(stored).toBe(res.json().html);
    for (const kept of [
      '<h2 style="text-align:center">Title</h2>',
      '<p style="text-align:right">',
      '<strong>bold</strong>',
      '<span style="color:#e03131;background-color:rgb(255, 236, 153)">marked</span>',
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">web</a>',
      '<a href="mailto:a@example.com">mail</a>',
      '<a href="tel:+441234">call</a>',
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot" />',
      '<img src="https://example.com/x.png" />',
      '<ul><li>one</li></ul><blockquote>quote</blockquote><pre><code>code</code></pre>',
    ])
      expect(stored).toContain(kept);
    for (const gone of ['script', 'iframe', 'javascript:', 'onerror', 'data:text', 'position']) {
      expect(stored).not.toContain(gone);
    }
  });

  it('accepts an edit as large as a long recording allows', async () => {
    // Five and a half hours of audio: the contract's 1,000,000 characters fit.
    await t.ctx.database.db.update(audio).set({ durationS: 20_000 }).where(eq(audio.id, audioId));
    const text = 'word '.repeat(200_000);
    const html = `<p>${'word '.repeat(300_000)}</p>`;
    const res = await put({ text, html, version: 1 });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().text.length).toBe(1_000_000);
    // Too long to shape on the request thread: laid out by its own lines, still readable.
    expect(res.json().paragraphs).toHaveLength(1);
  });

  it('refuses an edit far longer than its recording with 413 transcript_too_long, keeping the text', async () => {
    // Ten minutes of audio: 50 characters a second is 30,000.
    await t.ctx.database.db.update(audio).set({ durationS: 600 }).where(eq(audio.id, audioId));
    const res = await put({ text: 'x'.repeat(30_001), version: 1 });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'transcript_too_long',
      params: { max_chars: 30_000, length: 30_001 },
    });
    expect(res.json().detail).toMatch(/at most 30,000 characters for 600 seconds of audio/);
    expect((await get()).json()).toMatchObject({ text: HEARD, version: 1 });
    expect((await put({ text: 'y'.repeat(30_000), version: 1 })).statusCode).toBe(200);
  });

  it('gives a short recording room for at least 20,000 characters', async () => {
    await t.ctx.database.db.update(audio).set({ durationS: 5 }).where(eq(audio.id, audioId));
    expect((await put({ text: 'z'.repeat(20_000), version: 1 })).statusCode).toBe(200);
    const over = await put({ text: 'z'.repeat(20_001), version: 2 });
    expect(over.statusCode).toBe(413);
    expect(over.json().code).toBe('transcript_too_long');
  });

  it('leaves earlier versions out of the transcript and pages them, newest first, to their owner only', async () => {
    for (let v = 1; v <= 7; v++) {
      expect((await put({ text: `Edit number ${v}.`, version: v })).statusCode).toBe(200);
    }
    const transcript = (await get()).json();
    expect(transcript.versions).toBeUndefined();
    expect(transcript.versions_count).toBe(7);
    const page = (n: number, token = auth()) =>
      t.app.inject({ method: 'GET', url: `${url()}/versions?page=${n}&page_size=3`, headers: token });
    const first = (await page(1)).json();
    expect(first).toMatchObject({ total: 7, page: 1, page_size: 3 });
    expect(first.items.map((v: { text: string }) => v.text)).toEqual([
      'Edit number 6.',
      'Edit number 5.',
      'Edit number 4.',
    ]);
    expect((await page(3)).json().items.map((v: { text: string }) => v.text)).toEqual([HEARD]);
    expect((await page(4)).json().items).toEqual([]);
    const bad = await t.app.inject({
      method: 'GET',
      url: `${url()}/versions?page_size=500`,
      headers: auth(),
    });
    expect(bad.statusCode).toBe(422);
    const eve = await signUp(t.app, `eve-${audioId}@example.com`);
    const theirs = await page(1, { authorization: `Bearer ${eve}` });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('audio_not_found');
  });
});
