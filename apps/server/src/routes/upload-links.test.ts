import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startS3Server } from '@voxpress/test-kit/s3-server';
import { makeAudioFile } from '@voxpress/test-kit/speech-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../test/harness.ts';
import { signUp } from '../../test/http.ts';

/** Everything stored under `<data>/blobs`, as paths relative to it. */
function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'blobs');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}

describe.each(drivers)('signed upload links are single-use, on %s', (driver) => {
  let t: TestContext;
  let fixtures: string;
  let wav: Buffer;
  let token: string;
  beforeAll(async () => {
    t = await createTestContext(driver, { startWorkers: false });
    fixtures = mkdtempSync(path.join(tmpdir(), 'voxpress-links-'));
    wav = readFileSync(await makeAudioFile('One link, one upload.', 'wav', fixtures));
    token = await signUp(t.app, 'links@example.com');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(fixtures, { recursive: true, force: true });
  });
  const auth = () => ({ authorization: `Bearer ${token}` });
  const start = async () => {
    const init = await t.app.inject({
      method: 'POST',
      url: '/api/v1/audio/upload',
      headers: auth(),
      payload: { file_format: 'wav', file_size_bytes: wav.length },
    });
    expect(init.statusCode).toBe(200);
    return init.json() as { audio_id: string; presigned_url: string; headers: Record<string, string> };
  };
  const put = (link: { presigned_url: string; headers: Record<string, string> }, body: Buffer) =>
    t.app.inject({ method: 'PUT', url: link.presigned_url, headers: link.headers, payload: body });

  it('refuses a PUT after the upload was checked, and playback keeps the checked bytes', async () => {
    const link = await start();
    expect((await put(link, wav)).statusCode).toBe(200);
    const second = await put(link, Buffer.alloc(wav.length, 7));
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe('This upload link has already been used. Start the upload again.');

    const started = await t.app.inject({
      method: 'POST',
      url: `/api/v1/audio/${link.audio_id}/transcribe`,
      headers: auth(),
    });
    expect(started.statusCode).toBe(202);

    const late = await put(link, Buffer.alloc(wav.length, 9));
    expect(late.statusCode).toBe(410);
    expect(late.json().detail).toMatch(/no longer open/);
    const played = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audio/${link.audio_id}/download`,
      headers: auth(),
    });
    expect(played.rawPayload.equals(wav)).toBe(true);
    // The checked file sits under the item's own key; nothing is left under the upload key.
    expect(storedFiles(t.dataDir).filter((f) => f.includes(link.audio_id))).toEqual([
      path.join(
        'audio',
        path.basename(path.dirname(new URL(link.presigned_url, 'http://localhost').pathname)),
        `${link.audio_id}.wav`,
      ),
    ]);
  });

  it('refuses a PUT after the item was deleted, storing nothing', async () => {
    const link = await start();
    const before = storedFiles(t.dataDir);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/audio/${link.audio_id}`,
      headers: auth(),
    });
    expect(deleted.statusCode).toBe(200);
    const res = await put(link, wav);
    expect(res.statusCode).toBe(410);
    expect(storedFiles(t.dataDir)).toEqual(before);
  });

  it('refuses a PUT through a link whose upload was rejected', async () => {
    const link = await start();
    expect((await put(link, Buffer.alloc(wav.length, 1))).statusCode).toBe(200);
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/v1/audio/${link.audio_id}/complete`,
      headers: auth(),
    });
    expect(done.statusCode).toBe(415);
    const before = storedFiles(t.dataDir);
    expect((await put(link, wav)).statusCode).toBe(410);
    expect(storedFiles(t.dataDir)).toEqual(before);
  });
});

describe('signed upload links on S3-compatible storage', () => {
  let t: TestContext;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let fixtures: string;
  let wav: Buffer;
  let token: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestContext('pglite', { startWorkers: false, env: s3.env });
    fixtures = mkdtempSync(path.join(tmpdir(), 'voxpress-links-s3-'));
    wav = readFileSync(await makeAudioFile('One link, one upload.', 'wav', fixtures));
    token = await signUp(t.app, 'links-s3@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    rmSync(fixtures, { recursive: true, force: true });
  });
  const auth = () => ({ authorization: `Bearer ${token}` });

  it('moves the upload to its own key on completion, so a leaked link cannot replace it', async () => {
    const init = await t.app.inject({
      method: 'POST',
      url: '/api/v1/audio/upload',
      headers: auth(),
      payload: { file_format: 'wav', file_size_bytes: wav.length },
    });
    const { audio_id, presigned_url, headers } = init.json();
    expect((await fetch(presigned_url, { method: 'PUT', headers, body: wav })).status).toBe(200);
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/v1/audio/${audio_id}/complete`,
      headers: auth(),
    });
    expect(done.statusCode).toBe(200);

    // S3 still takes the PUT (a presigned link cannot be revoked), but nothing reads that key.
    await fetch(presigned_url, { method: 'PUT', headers, body: Buffer.alloc(wav.length, 9) });
    const played = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audio/${audio_id}/download`,
      headers: auth(),
    });
    expect(played.rawPayload.equals(wav)).toBe(true);

    // …and the stray object goes once no upload can be waiting for it any more.
    expect(await t.ctx.audio.sweepStrayUploads()).toBe(0);
    expect(await t.ctx.audio.sweepStrayUploads(new Date(Date.now() + 3 * 3600 * 1000))).toBe(1);
    const left: string[] = [];
    for await (const item of t.ctx.blobs.list('uploads/')) left.push(item.key);
    expect(left).toEqual([]);
  });
});
