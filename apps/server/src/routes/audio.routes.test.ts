import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { startS3Server } from '@voxpress/test-kit/s3-server';
import { FIXTURE_PARAGRAPH, makeAudioFile } from '@voxpress/test-kit/speech-fixtures';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../test/harness.ts';
import { multipartBody, postAudioFile, signUp } from '../../test/http.ts';
import { audio } from '../db/schema.ts';

const INVALID = 'Please upload a valid audio file (MP3, WAV, M4A, or OGG).';

describe.each(drivers)('audio upload and library on %s', (driver) => {
  let t: TestContext;
  let fixtures: string;
  let ada: string;
  let bob: string;
  const files: Record<string, Buffer> = {};

  beforeAll(async () => {
    // Uploads only: no workers, so nothing is transcribed behind the tests' backs.
    t = await createTestContext(driver, { startWorkers: false, env: { AUTH_RATE_LIMIT: '1000' } });
    fixtures = mkdtempSync(path.join(tmpdir(), 'voxpress-audio-fixtures-'));
    for (const format of ['mp3', 'wav', 'm4a', 'ogg', 'webm'] as const) {
      files[format] = readFileSync(await makeAudioFile('Testing one two three.', format, fixtures));
    }
    ada = await signUp(t.app, 'ada@example.com');
    bob = await signUp(t.app, 'bob@example.com');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(fixtures, { recursive: true, force: true });
  });

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const upload = (token: string, content: Buffer, name: string, fields: Record<string, string> = {}) =>
    postAudioFile(t.app, token, { name, content }, fields);
  const blobFiles = () => {
    const root = path.join(t.dataDir, 'blobs');
    try {
      return readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
    } catch {
      return 0;
    }
  };
  const audioCount = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/audio', headers: auth(token) })).json().total;

  it.each(['mp3', 'wav', 'm4a', 'ogg', 'webm'] as const)(
    'accepts %s by its bytes and reads its duration',
    async (format) => {
      const res = await upload(ada, files[format] as Buffer, `speech.${format}`, {
        title: `  Clip ${format}  `,
        description: 'A short test',
        language: 'en-US',
        use_whisper_for_english: 'true',
      });
      expect(res.statusCode, res.body).toBe(201);
      const { data } = res.json();
      expect(data).toMatchObject({
        title: `Clip ${format}`,
        description: 'A short test',
        file_name: `speech.${format}`,
        file_format: format,
        file_size_bytes: (files[format] as Buffer).length,
        language: 'en-US',
        status: 'processing',
        transcription_status: 'queued',
      });
      expect(data.duration_s).toBeGreaterThan(0.5);
      expect(data.duration_s).toBeLessThan(5);
    },
  );

  it('names an upload without a title after its file, with no description', async () => {
    const res = await upload(ada, files.mp3 as Buffer, 'weekly_team-update.mp3', {
      title: '   ',
      description: '  ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.title).toBe('weekly team update');
    expect(res.json().data.description).toBeNull();
    // A file name with nothing to read keeps a stand-in title.
    const nameless = await upload(ada, files.mp3 as Buffer, '__.mp3');
    expect(nameless.json().data.title).toMatch(/^Audio Upload \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('refuses a text file named .mp3, a truncated MP3 and an empty file, keeping nothing', async () => {
    const before = { rows: await audioCount(ada), blobs: blobFiles() };
    const text = await upload(
      ada,
      Buffer.from('This is not audio at all, just words.\n'.repeat(50)),
      'fake.mp3',
    );
    expect(text.statusCode).toBe(415);
    expect(text.json().detail).toBe(INVALID);

    const truncated = await upload(ada, (files.mp3 as Buffer).subarray(0, 600), 'cut.mp3');
    expect(truncated.statusCode).toBe(422);
    expect(truncated.json().detail).toMatch(/could not be decoded/);

    const empty = await upload(ada, Buffer.alloc(0), 'empty.wav');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail).toMatch(/empty/);

    expect(await audioCount(ada)).toBe(before.rows);
    expect(blobFiles()).toBe(before.blobs);
    expect(await t.ctx.scratch.files()).toEqual([]);
  });

  it('refuses a real recording cut in half at upload: the check decodes to the end', async () => {
    const before = { rows: await audioCount(ada), blobs: blobFiles() };
    for (const format of ['wav', 'mp3'] as const) {
      const whole = readFileSync(await makeAudioFile(FIXTURE_PARAGRAPH, format, fixtures));
      const res = await upload(ada, whole.subarray(0, whole.length >> 1), `half.${format}`);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'audio_undecodable',
        detail: expect.stringMatching(/^The audio could not be decoded completely: the file says it lasts/),
      });
    }
    expect(await audioCount(ada)).toBe(before.rows);
    expect(blobFiles()).toBe(before.blobs);
  });

  it('refuses a file over 100 MB, early from its Content-Length and while streaming', async () => {
    const big = Buffer.concat([files.wav as Buffer, Buffer.alloc(101 * 1024 * 1024)]);
    const declared = await upload(ada, big, 'huge.wav');
    expect(declared.statusCode).toBe(413);
    expect(declared.json().detail).toBe('File size must be less than 100MB.');

    // No Content-Length: the limit applies while the bytes arrive.
    const form = multipartBody({}, { field: 'file', name: 'huge.wav', content: big });
    const streamed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files/upload/audio',
      headers: { ...auth(ada), 'content-type': form.contentType, 'transfer-encoding': 'chunked' },
      payload: Readable.from(chunks(form.body, 1024 * 1024)),
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().detail).toBe('File size must be less than 100MB.');
    expect(await t.ctx.scratch.files()).toEqual([]);
  });

  it('uploads through a signed link, then checks the bytes when transcription is asked for', async () => {
    const wav = files.wav as Buffer;
    const init = await t.app.inject({
      method: 'POST',
      url: '/api/v1/audio/upload',
      headers: auth(ada),
      payload: { title: 'Recorded', file_format: 'wav', file_size_bytes: wav.length, source: 'recording' },
    });
    expect(init.statusCode).toBe(200);
    const { audio_id, presigned_url, headers } = init.json();
    // Without PUBLIC_URL the link is a path on this server, whatever Host the request named.
    expect(presigned_url).toMatch(/^\/api\/v1\/storage\/blobs\//);

    const pending = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audio/${audio_id}`,
      headers: auth(ada),
    });
    expect(pending.json()).toMatchObject({
      status: 'pending_upload',
      title: 'Recorded',
      source: 'recording',
    });

    const tampered = presigned_url.replace(/max=\d+/, 'max=104857600');
    const forged = await t.app.inject({ method: 'PUT', url: tampered, headers, payload: wav });
    expect(forged.statusCode).toBe(403);

    const put = await t.app.inject({ method: 'PUT', url: presigned_url, headers, payload: wav });
    expect(put.statusCode).toBe(200);

    const started = await t.app.inject({
      method: 'POST',
      url: `/api/v1/audio/${audio_id}/transcribe?language=en-US`,
      headers: auth(ada),
    });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({
      status: 'processing',
      transcription_status: 'queued',
      file_format: 'wav',
      file_size_bytes: wav.length,
    });
  });

  it('drops a signed upload whose bytes are not audio, and one whose link expired unused', async () => {
    const junk = Buffer.from('<html>not audio</html>');
    const init = await t.app.inject({
      method: 'POST',
      url: '/api/v1/audio/upload',
      headers: auth(ada),
      payload: { file_format: 'mp3', file_size_bytes: junk.length },
    });
    const { audio_id, presigned_url, headers } = init.json();
    await t.app.inject({ method: 'PUT', url: presigned_url, headers, payload: junk });
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/v1/audio/${audio_id}/complete`,
      headers: auth(ada),
    });
    expect(done.statusCode).toBe(415);
    expect(done.json().detail).toBe(INVALID);
    const gone = await t.app.inject({ method: 'GET', url: `/api/v1/audio/${audio_id}`, headers: auth(ada) });
    expect(gone.statusCode).toBe(404);

    const late = await t.app.inject({
      method: 'POST',
      url: '/api/v1/audio/upload',
      headers: auth(ada),
      payload: { file_format: 'wav', file_size_bytes: 1000 },
    });
    const lateId = late.json().audio_id;
    await t.ctx.database.db
      .update(audio)
      .set({ uploadExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(audio.id, lateId));
    const expired = await t.app.inject({
      method: 'POST',
      url: `/api/v1/audio/${lateId}/transcribe`,
      headers: auth(ada),
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().detail).toMatch(/expired/);
  });

  it('sweeps away uploads whose link expired unused, and does not list them meanwhile', async () => {
    const init = await t.app.inject({
      method: 'POST',
      url: '/api/v1/audio/upload',
      headers: auth(ada),
      payload: { file_format: 'wav', file_size_bytes: 1000 },
    });
    const id = init.json().audio_id;
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/audio?limit=100', headers: auth(ada) });
    expect(listed.json().items.map((a: { audio_id: string }) => a.audio_id)).not.toContain(id);

    expect(await t.ctx.audio.sweepAbandonedUploads()).toBe(0);
    expect(
      await t.ctx.audio.sweepAbandonedUploads(new Date(Date.now() + 2 * 3600 * 1000)),
    ).toBeGreaterThanOrEqual(1);
    const gone = await t.app.inject({ method: 'GET', url: `/api/v1/audio/${id}`, headers: auth(ada) });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses to start an upload that is too big or empty, in the spec’s words', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/audio/upload',
      headers: auth(ada),
      payload: { file_format: 'wav', file_size_bytes: 104857601 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({
      loc: ['body', 'file_size_bytes'],
      msg: 'File size must be less than 100MB.',
    });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/audio/upload',
      headers: { ...auth(ada), 'content-type': 'application/json' },
      payload: '{"file_format": "wav",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toMatch(/Malformed JSON/);
  });

  it('lists only the owner’s audio, newest first, with paging and a status filter', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/v1/audio?page=1&limit=2',
      headers: auth(ada),
    });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.items).toHaveLength(2);
    expect(body.total).toBeGreaterThanOrEqual(7);
    expect(Date.parse(body.items[0].created_at)).toBeGreaterThanOrEqual(Date.parse(body.items[1].created_at));
    const pending = await t.app.inject({
      method: 'GET',
      url: '/api/v1/audio?status=pending_upload',
      headers: auth(ada),
    });
    expect(pending.json().items.every((a: { status: string }) => a.status === 'pending_upload')).toBe(true);
    expect(await audioCount(bob)).toBe(0);
  });

  it('serves the file with byte ranges for playback, also with the token in the query', async () => {
    const created = await upload(ada, files.ogg as Buffer, 'play.ogg');
    const id = created.json().data.audio_id;
    const whole = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audio/${id}/download`,
      headers: auth(ada),
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/ogg');
    expect(whole.rawPayload.equals(files.ogg as Buffer)).toBe(true);

    const part = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audio/${id}/download?token=${ada}`,
      headers: { range: 'bytes=10-19' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${(files.ogg as Buffer).length}`);
    expect(part.rawPayload.equals((files.ogg as Buffer).subarray(10, 20))).toBe(true);

    const beyond = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audio/${id}/download`,
      headers: { ...auth(ada), range: 'bytes=99999999-' },
    });
    expect(beyond.statusCode).toBe(416);
  });

  it('answers 404 for another user’s audio on every route, and deletes the owner’s with its file', async () => {
    const created = await upload(ada, files.wav as Buffer, 'mine.wav');
    const id = created.json().data.audio_id;
    const blobsBefore = blobFiles();
    for (const [method, url] of [
      ['GET', `/api/v1/audio/${id}`],
      ['GET', `/api/v1/audio/${id}/download`],
      ['GET', `/api/v1/audio/${id}/transcription`],
      ['PUT', `/api/v1/audio/${id}/transcription`],
      ['POST', `/api/v1/audio/${id}/transcribe`],
      ['POST', `/api/v1/audio/${id}/complete`],
      ['DELETE', `/api/v1/audio/${id}`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: auth(bob),
        ...(method === 'PUT' ? { payload: { text: 'mine now' } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const stream = await t.app.inject({ method: 'GET', url: `/api/v1/audio/${id}/status?token=${bob}` });
    expect(stream.statusCode).toBe(404);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/audio/${id}`, headers: auth(ada) });
    expect(del.statusCode).toBe(200);
    expect(blobFiles()).toBe(blobsBefore - 1);
    const after = await t.app.inject({ method: 'GET', url: `/api/v1/audio/${id}`, headers: auth(ada) });
    expect(after.statusCode).toBe(404);
  });

  it('requires a token, and says so', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/audio' });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('Authentication required');
    const stream = await t.app.inject({
      method: 'GET',
      url: '/api/v1/audio/00000000-0000-4000-8000-000000000000/status',
    });
    expect(stream.statusCode).toBe(401);
    expect(stream.json().detail).toBe('Authentication required');
  });
});

function* chunks(buffer: Buffer, size: number): Generator<Buffer> {
  for (let i = 0; i < buffer.length; i += size) yield buffer.subarray(i, i + size);
}

describe('audio on S3-compatible storage', () => {
  let t: TestContext;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let token: string;
  let wav: Buffer;
  let fixtures: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestContext('pglite', { startWorkers: false, env: s3.env });
    token = await signUp(t.app, 'sam@example.com');
    fixtures = mkdtempSync(path.join(tmpdir(), 'voxpress-s3-fixtures-'));
    wav = readFileSync(await makeAudioFile('Stored in a bucket.', 'wav', fixtures));
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    rmSync(fixtures, { recursive: true, force: true });
  });
  const headers = () => ({ authorization: `Bearer ${token}` });

  it('hands out a presigned PUT to the bucket, checks the object, serves and deletes it', async () => {
    const init = await t.app.inject({
      method: 'POST',
      url: '/api/v1/audio/upload',
      headers: headers(),
      payload: { file_format: 'wav', file_size_bytes: wav.length },
    });
    const { audio_id, presigned_url, headers: putHeaders } = init.json();
    expect(presigned_url.startsWith(`${s3.endpoint}/${s3.bucket}/uploads/`)).toBe(true);
    const put = await fetch(presigned_url, { method: 'PUT', headers: putHeaders, body: wav });
    expect(put.status).toBe(200);

    const done = await t.app.inject({
      method: 'POST',
      url: `/api/v1/audio/${audio_id}/complete`,
      headers: headers(),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'processing',
      file_format: 'wav',
      file_size_bytes: wav.length,
    });

    const part = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audio/${audio_id}/download`,
      headers: { ...headers(), range: 'bytes=0-3' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('RIFF');
    expect(part.headers['content-range']).toBe(`bytes 0-3/${wav.length}`);

    const row = await t.ctx.audio.owned(await t.ctx.accessTokens.verify(token), audio_id);
    expect(await t.ctx.blobs.stat(row.blobKey)).toMatchObject({ size: wav.length });
    await t.app.inject({ method: 'DELETE', url: `/api/v1/audio/${audio_id}`, headers: headers() });
    expect(await t.ctx.blobs.stat(row.blobKey)).toBeNull();
  });

  it('streams a multipart upload into the bucket', async () => {
    const form = multipartBody({ title: 'Bucket' }, { field: 'file', name: 'b.wav', content: wav });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files/upload/audio',
      headers: { ...headers(), 'content-type': form.contentType },
      payload: form.body,
    });
    expect(res.statusCode).toBe(201);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audio/${res.json().data.audio_id}/download`,
      headers: headers(),
    });
    expect(file.rawPayload.equals(wav)).toBe(true);
  });
});
