import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { makeAudioFile } from '@voxpress/test-kit/speech-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../test/harness.ts';
import { multipartBody, postAudioFile, signUp } from '../../test/http.ts';

const MB = 1024 * 1024;

describe.each(drivers)('dashboard figures and storage quota on %s', (driver) => {
  let t: TestContext;
  let fixtures: string;
  let wav: Buffer;
  let ada: string;
  let bob: string;

  beforeAll(async () => {
    t = await createTestContext(driver, {
      startWorkers: false,
      env: { AUTH_RATE_LIMIT: '1000', STORAGE_QUOTA_MB: '1' },
    });
    fixtures = mkdtempSync(path.join(tmpdir(), 'voxpress-quota-fixtures-'));
    wav = readFileSync(await makeAudioFile('Testing one two three.', 'wav', fixtures));
    ada = await signUp(t.app, 'ada@example.com');
    bob = await signUp(t.app, 'bob@example.com');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(fixtures, { recursive: true, force: true });
  });

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const upload = (token: string, content: Buffer) =>
    postAudioFile(t.app, token, { name: 'note.wav', content });
  const initUpload = (token: string, size: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/audio/upload',
      headers: auth(token),
      payload: { title: 'Big one', file_format: 'wav', file_size_bytes: size },
    });
  const stats = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/audio/stats', headers: auth(token) })).json();

  it('counts only the account’s own audio, with the quota it has', async () => {
    expect(await stats(ada)).toEqual({
      performance: { speed: null, turnaround_s: null, engines: [] },
      this_month: {
        since: expect.stringMatching(/^\d{4}-\d{2}-01T00:00:00\.000Z$/),
        recordings: 0,
        duration_s: 0,
        transcribed: 0,
      },
      total_recordings: 0,
      total_duration_s: 0,
      storage_bytes: 0,
      storage_quota_bytes: MB,
      transcribed: 0,
      processing: 0,
      failed: 0,
      success_rate: null,
      accuracy_rate: null,
    });
    expect((await upload(ada, wav)).statusCode).toBe(201);
    const figures = await stats(ada);
    expect(figures).toMatchObject({
      total_recordings: 1,
      storage_bytes: wav.length,
      storage_quota_bytes: MB,
      this_month: { recordings: 1, transcribed: 0 },
    });
    expect(figures.total_duration_s).toBeGreaterThan(1);
    expect(figures.this_month.duration_s).toBe(figures.total_duration_s);

    // "This month" follows the month start the browser sends, in the user's own time zone.
    const query = (since: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/audio/stats?month_start=${encodeURIComponent(since)}`,
        headers: auth(ada),
      });
    const later = await query(new Date(Date.now() + 60_000).toISOString());
    expect(later.json().this_month).toMatchObject({ recordings: 0, duration_s: 0 });
    expect((await query('2020-01-01T00:00:00+02:00')).json().this_month).toMatchObject({
      since: '2019-12-31T22:00:00.000Z',
      recordings: 1,
    });
    const bad = await query('last tuesday');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['query', 'month_start']);
    expect((await stats(bob)).total_recordings).toBe(0);
  });

  it('refuses an upload that would pass the quota, in both paths, and keeps nothing', async () => {
    const free = MB - wav.length;
    const link = await initUpload(ada, free + 1);
    expect(link.statusCode).toBe(413);
    expect(link.json().detail).toMatch(
      /^Storage limit reached: this file needs \d+ KB but only \d+ KB of your 1\.0 MB is free\. Delete recordings you no longer need/,
    );

    // Refused from its Content-Length before the body is read, and, sent without one, once the
    // file has arrived.
    const padded = Buffer.concat([wav, Buffer.alloc(free + 2 * MB)]);
    const early = await upload(ada, padded);
    expect(early.statusCode).toBe(413);
    expect(early.json().detail).toMatch(/^Storage limit reached/);
    const form = multipartBody(
      {},
      { field: 'file', name: 'note.wav', content: Buffer.concat([wav, Buffer.alloc(free)]) },
    );
    const streamed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files/upload/audio',
      headers: { ...auth(ada), 'content-type': form.contentType, 'transfer-encoding': 'chunked' },
      payload: Readable.from([form.body]),
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().detail).toMatch(/^Storage limit reached/);
    expect(await t.ctx.scratch.files()).toEqual([]);
    expect((await stats(ada)).total_recordings).toBe(1);

    // Another account has its own quota.
    expect((await initUpload(bob, free + 1)).statusCode).toBe(200);
  });

  it('holds room for an upload in progress, and gives it back when audio is deleted', async () => {
    const free = MB - wav.length;
    const first = await initUpload(ada, Math.floor(free / 2));
    expect(first.statusCode).toBe(200);
    // The first upload's announced size is held, so a second one as large no longer fits.
    expect((await initUpload(ada, Math.ceil(free / 2) + 1)).statusCode).toBe(413);

    const remove = (id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/audio/${id}`, headers: auth(ada) });
    const { items } = (
      await t.app.inject({ method: 'GET', url: '/api/v1/audio', headers: auth(ada) })
    ).json();
    for (const id of [first.json().audio_id, ...items.map((i: { id: string }) => i.id)]) {
      expect((await remove(id)).statusCode).toBe(200);
    }
    expect((await initUpload(ada, MB)).statusCode).toBe(200);
  });
});
