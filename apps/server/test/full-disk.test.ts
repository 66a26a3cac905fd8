import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Audio, AudioList, FileUploadResponse, StorageSpace } from '@voxpress/contracts';
import { makeAudioFile } from '@voxpress/test-kit/speech-fixtures';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_FULL_DETAIL } from '../src/storage/storage-full.ts';
import { mountSmallDisk, type SmallDisk, smallDiskUnavailable } from './full-disk.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { multipartBody, signUpAt } from './http.ts';
import { readUntil } from './wait.ts';

const unavailable = smallDiskUnavailable();
/** Speech fixtures, a server and its workers: seconds, or minutes on a busy two-core machine. */
const SETUP_MS = 300_000;
const STORAGE_FULL = { detail: STORAGE_FULL_DETAIL, code: 'storage_full', params: {} };

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/**
 * Sends the headers of a request and only the first part of its body, and resolves with the answer
 * that comes while the rest is still owed: proof that the server refused without reading it all.
 */
function sendPartly(
  method: 'PUT' | 'POST',
  url: URL,
  headers: Record<string, string | number>,
  firstPart: Buffer,
): Promise<{ status: number; headers: Record<string, unknown>; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        req.destroy();
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        });
      });
    });
    req.on('error', reject);
    req.write(firstPart);
  });
}

/**
 * A server whose data folder is a real, small filesystem filled to the last byte: every write
 * fails with ENOSPC as on a full disk. Requests go over HTTP, as a browser sends them.
 */
describe.skipIf(unavailable !== undefined)(
  `a full data disk${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  { timeout: SETUP_MS },
  () => {
    let small: SmallDisk;
    let t: TestContext;
    let base: string;
    let token: string;
    let fixtures: string;
    let wav: Buffer;
    let mp3: Buffer;
    const auth = () => ({ authorization: `Bearer ${token}` });
    /** The files the server left in its data folder, apart from the disk's filler. */
    const leftovers = () => filesUnder(small.dir).filter((f) => f !== 'filler' && !f.endsWith('.owner'));

    beforeAll(async () => {
      small = mountSmallDisk('8m');
      fixtures = mkdtempSync(path.join(tmpdir(), 'voxpress-full-disk-'));
      wav = readFileSync(await makeAudioFile('The disk is full, the file is fine.', 'wav', fixtures));
      mp3 = readFileSync(
        await makeAudioFile(
          'A short recording that decodes to a much larger file than it is stored as.',
          'mp3',
          fixtures,
        ),
      );
      t = await createTestContext('pglite', {
        env: { VOXPRESS_DATA_DIR: small.dir, AUTH_RATE_LIMIT: '1000' },
      });
      base = await t.app.listen({ host: '127.0.0.1', port: 0 });
      token = await signUpAt(base, 'admin@example.com');
    }, SETUP_MS);
    afterAll(async () => {
      await t?.close();
      small?.remove();
      rmSync(fixtures, { recursive: true, force: true });
    }, SETUP_MS);

    const startUpload = async (bytes: Buffer, format: 'wav' | 'mp3') => {
      const res = await fetch(`${base}/api/v1/audio/upload`, {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json' },
        body: JSON.stringify({ file_format: format, file_size_bytes: bytes.length }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as {
        audio_id: string;
        presigned_url: string;
        headers: Record<string, string>;
      };
    };
    const put = (link: { presigned_url: string; headers: Record<string, string> }, bytes: Buffer) =>
      fetch(new URL(link.presigned_url, base), { method: 'PUT', headers: link.headers, body: bytes });
    const audio = async (id: string) =>
      (await (await fetch(`${base}/api/v1/audio/${id}`, { headers: auth() })).json()) as Audio;
    /** Sends `bytes` in pieces without a length (chunked), as a stream whose size is not known. */
    const streamed = (bytes: Buffer) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 16 * 1024)
            controller.enqueue(bytes.subarray(at, at + 16 * 1024));
          controller.close();
        },
      });
    const postFile = (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.set('file', new Blob([bytes]), name);
      return fetch(`${base}/api/v1/files/upload/audio`, { method: 'POST', headers: auth(), body: form });
    };

    it('refuses a signed upload that cannot fit before reading it, and the same link works once there is room', async () => {
      const link = await startUpload(wav, 'wav');
      small.fill();
      const url = new URL(link.presigned_url, base);
      const refused = await sendPartly(
        'PUT',
        url,
        { ...link.headers, 'content-length': wav.length },
        wav.subarray(0, 1024),
      );
      expect(refused.status).toBe(507);
      expect(refused.body).toEqual(STORAGE_FULL);
      expect(refused.headers.connection).toBe('close');
      expect(leftovers()).toEqual([]);

      small.release(wav.length * 4);
      expect((await put(link, wav)).status).toBe(200);
      const done = await fetch(`${base}/api/v1/audio/${link.audio_id}/complete`, {
        method: 'POST',
        headers: auth(),
      });
      expect(done.status).toBe(200);
      const heard = await readUntil(
        () => audio(link.audio_id),
        // The speakers stage follows the transcript with a scratch file of its own: it has ended
        // before the next test counts what is left in the scratch folder.
        (a) =>
          a.status === 'failed' ||
          (a.transcription_status === 'completed' &&
            ['completed', 'failed', 'off'].includes(a.speakers_status ?? 'completed')),
        { timeoutMs: SETUP_MS - 60_000 },
      );
      expect(heard.transcription_status).toBe('completed');
    });

    it('answers 507 when the disk fills while an upload of unknown length arrives, and keeps no part of it', async () => {
      const link = await startUpload(wav, 'wav');
      small.fill();
      small.release(8 * 1024);
      // Without a length, only the write itself can find the disk full.
      const refused = await fetch(new URL(link.presigned_url, base), {
        method: 'PUT',
        headers: link.headers,
        body: streamed(wav),
        duplex: 'half',
      } as RequestInit);
      expect(refused.status).toBe(507);
      expect(await refused.json()).toEqual(STORAGE_FULL);
      expect(leftovers().filter((f) => f.startsWith('tmp/') || f.startsWith('blobs/uploads/'))).toEqual([]);
    });

    it('refuses a form upload that cannot fit before reading it, creating no item and never blaming the file', async () => {
      small.fill();
      const list = async () =>
        ((await (await fetch(`${base}/api/v1/audio`, { headers: auth() })).json()) as AudioList).total;
      const before = await list();
      const boundary = '----voxpressfulldisk';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fine.wav"\r\n` +
          'Content-Type: audio/wav\r\n\r\n',
      );
      const refused = await sendPartly(
        'POST',
        new URL(`${base}/api/v1/files/upload/audio`),
        {
          ...auth(),
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + wav.length + boundary.length + 8,
        },
        Buffer.concat([head, wav.subarray(0, 1024)]),
      );
      expect(refused.status).toBe(507);
      expect(refused.body).toEqual(STORAGE_FULL);
      expect(await list()).toBe(before);

      // A form of unknown length: the write finding the disk full says the same.
      small.release(8 * 1024);
      const form = multipartBody({}, { field: 'file', name: 'fine.wav', content: wav, type: 'audio/wav' });
      const midway = await fetch(`${base}/api/v1/files/upload/audio`, {
        method: 'POST',
        headers: { ...auth(), 'content-type': form.contentType },
        body: streamed(form.body),
        duplex: 'half',
      } as RequestInit);
      expect(midway.status).toBe(507);
      expect(await midway.json()).toEqual(STORAGE_FULL);
      expect(await list()).toBe(before);
      expect(leftovers().filter((f) => f.startsWith('tmp/'))).toEqual([]);
    });

    it('fails a transcription whose decoded audio does not fit as storage full, not as a damaged file', async () => {
      small.fill();
      // Room for the MP3 (spooled, then moved into storage on the same disk), not for its WAV.
      small.release(mp3.length + 16 * 1024);
      const res = await postFile(mp3, 'fine.mp3');
      expect(res.status).toBe(201);
      const id = ((await res.json()) as FileUploadResponse).data.id;
      const failed = await readUntil(
        () => audio(id),
        (a) => a.status === 'failed' || a.transcription_status === 'completed',
        { timeoutMs: SETUP_MS - 60_000 },
      );
      expect(failed.status).toBe('failed');
      expect(failed.error).toBe(STORAGE_FULL_DETAIL);
      // The decoded file went with the failure: the recording itself is kept.
      expect(leftovers().filter((f) => f.startsWith('tmp/') && f.endsWith('.wav'))).toEqual([]);
      expect(leftovers().filter((f) => f.startsWith('blobs/audio/') && f.includes(id))).toHaveLength(1);
    });

    it('refuses a profile picture with 507 storage_full', async () => {
      small.fill();
      const png = await sharp({
        create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 80, b: 20 } },
      })
        .png()
        .toBuffer();
      const form = new FormData();
      form.set('file', new Blob([png], { type: 'image/png' }), 'me.png');
      const res = await fetch(`${base}/api/v1/users/me/avatar`, {
        method: 'POST',
        headers: auth(),
        body: form,
      });
      expect(res.status).toBe(507);
      expect(await res.json()).toEqual(STORAGE_FULL);
    });

    it('shows the administrator the free space of the data folder as low', async () => {
      small.fill();
      const res = await fetch(`${base}/api/v1/admin/storage`, { headers: auth() });
      expect(res.status).toBe(200);
      const space = (await res.json()) as StorageSpace;
      expect(space).toMatchObject({ data_dir: small.dir, blobs: 'local', low: true });
      expect(space.free_bytes).toBeLessThan(64 * 1024);
      expect(space.total_bytes).toBe(8 * 1024 * 1024);
      small.release(1024 * 1024);
      const later = (await (
        await fetch(`${base}/api/v1/admin/storage`, { headers: auth() })
      ).json()) as StorageSpace;
      expect(later.free_bytes).toBeGreaterThanOrEqual(1024 * 1024 - 4096);
    });
  },
);
