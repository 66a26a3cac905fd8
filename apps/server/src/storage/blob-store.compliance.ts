import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, type BlobStore, BlobTooLargeError, InvalidBlobKeyError } from './blob-store.ts';

export interface BlobStoreUnderTest {
  store: BlobStore;
  /** Resolves a presigned URL (absolute or a path on our own server) to something fetch can reach. */
  resolve(url: string): string;
  /** Breaks a link's signature the way an attacker would (changing what it allows). */
  tamper(url: string): string;
  /**
   * False for a test server that does not check request signatures (s3rver skips SigV4). Then
   * the suite checks that our links sign the length and type, and leaves enforcement to the real
   * server.
   */
  verifiesSignatures: boolean;
  /**
   * True when the store itself refuses a second PUT through a link whose first one arrived (local
   * disk). S3 links cannot be made single-use; there the upload is moved away on completion.
   */
  refusesSecondPut: boolean;
  /** Moves the clock the store signs and checks links by, in milliseconds (negative: the past). */
  shiftClock(ms: number): void;
  close(): Promise<void>;
}

const body = (s: string | Buffer) => Readable.from([Buffer.from(s)]);

/**
 * What every `BlobStore` must do. Run against each implementation with a factory that gives a
 * store on clean storage, reachable over real HTTP for the presigned links.
 */
export function describeBlobStoreCompliance(label: string, make: () => Promise<BlobStoreUnderTest>): void {
  describe(`BlobStore compliance: ${label}`, () => {
    let t: BlobStoreUnderTest;
    let scratch: string;
    beforeAll(async () => {
      t = await make();
      scratch = mkdtempSync(path.join(tmpdir(), 'voxpress-blob-'));
    });
    afterAll(async () => {
      await t?.close();
      rmSync(scratch, { recursive: true, force: true });
    });
    const bytesOf = async (k: string) => {
      const chunks: Buffer[] = [];
      for await (const c of (await t.store.get(k)).stream) chunks.push(c as Buffer);
      return Buffer.concat(chunks);
    };
    const key = (name: string) => `audio/user-${randomBytes(4).toString('hex')}/${name}`;

    it('stores a stream, reports its size and gives the bytes back', async () => {
      const k = key('a.wav');
      expect(await t.store.put(k, body('hello world'), { contentType: 'audio/wav' })).toEqual({ size: 11 });
      expect((await t.store.stat(k))?.size).toBe(11);
      const { stream, size } = await t.store.get(k);
      expect(size).toBe(11);
      expect(await text(stream)).toBe('hello world');
    });

    it('reads a byte range and still reports the whole size', async () => {
      const k = key('range.mp3');
      await t.store.put(k, body('0123456789'), { contentType: 'audio/mpeg' });
      const { stream, size } = await t.store.get(k, { start: 2, end: 5 });
      expect(size).toBe(10);
      expect(await text(stream)).toBe('2345');
      const tail = await t.store.get(k, { start: 7 });
      expect(await text(tail.stream)).toBe('789');
    });

    it('stores a file from disk', async () => {
      const file = path.join(scratch, 'f.bin');
      const bytes = randomBytes(300_000);
      writeFileSync(file, bytes);
      const k = key('f.ogg');
      expect(await t.store.putFile(k, file, { contentType: 'audio/ogg' })).toEqual({ size: bytes.length });
      const { stream } = await t.store.get(k);
      const chunks: Buffer[] = [];
      for await (const c of stream) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    });

    it('hands out the object as a local file, and releasing it keeps the object', async () => {
      const k = key('local.wav');
      await t.store.put(k, body('local bytes'), { contentType: 'audio/wav' });
      const file = await t.store.localFile(k, scratch);
      expect(readFileSync(file.path, 'utf8')).toBe('local bytes');
      await file.release();
      expect((await t.store.stat(k))?.size).toBe(11);
      await expect(t.store.localFile(key('none.wav'), scratch)).rejects.toBeInstanceOf(BlobNotFoundError);
    });

    it('refuses a stream over its limit and stores nothing', async () => {
      const k = key('big.wav');
      await expect(
        t.store.put(k, Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), {
          contentType: 'audio/wav',
          maxBytes: 1000,
        }),
      ).rejects.toBeInstanceOf(BlobTooLargeError);
      expect(await t.store.stat(k)).toBeNull();
    });

    it('answers null or BlobNotFoundError for a missing key, and deletes idempotently', async () => {
      const k = key('missing.wav');
      expect(await t.store.stat(k)).toBeNull();
      await expect(t.store.get(k)).rejects.toBeInstanceOf(BlobNotFoundError);
      await t.store.put(k, body('x'), { contentType: 'audio/wav' });
      await t.store.delete(k);
      await t.store.delete(k);
      expect(await t.store.stat(k)).toBeNull();
    });

    it('moves an object to another key, leaving nothing under the old one', async () => {
      const from = key('moving.wav');
      const to = key('moved.wav');
      const bytes = randomBytes(70_000);
      await t.store.put(from, body(bytes), { contentType: 'audio/wav' });
      await t.store.move(from, to);
      expect(await t.store.stat(from)).toBeNull();
      const { stream, size } = await t.store.get(to);
      expect(size).toBe(bytes.length);
      const chunks: Buffer[] = [];
      for await (const c of stream) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
      await expect(t.store.move(from, to)).rejects.toBeInstanceOf(BlobNotFoundError);
    });

    it('lists the objects under a prefix with their size and time', async () => {
      const folder = `listing-${randomBytes(4).toString('hex')}`;
      const before = Date.now() - 60_000;
      await t.store.put(`${folder}/a/one.wav`, body('1'), { contentType: 'audio/wav' });
      await t.store.put(`${folder}/b/two.wav`, body('22'), { contentType: 'audio/wav' });
      await t.store.put(`${folder}-other/three.wav`, body('333'), { contentType: 'audio/wav' });
      const listed: { key: string; size: number; modifiedAt: Date }[] = [];
      for await (const item of t.store.list(`${folder}/`)) listed.push(item);
      expect(listed.map((i) => [i.key, i.size]).sort()).toEqual([
        [`${folder}/a/one.wav`, 1],
        [`${folder}/b/two.wav`, 2],
      ]);
      for (const item of listed) expect(item.modifiedAt.getTime()).toBeGreaterThan(before);
      const none: unknown[] = [];
      for await (const item of t.store.list('nothing-here/')) none.push(item);
      expect(none).toEqual([]);
    });

    it('refuses keys that are not plain paths', async () => {
      for (const bad of ['../escape.wav', 'audio/../../x.wav', '/abs.wav', 'a//b.wav', 'a/./b.wav']) {
        await expect(t.store.put(bad, body('x'), { contentType: 'audio/wav' })).rejects.toBeInstanceOf(
          InvalidBlobKeyError,
        );
        await expect(
          t.store.presignPut(bad, { contentType: 'audio/wav', maxBytes: 10, expiresInS: 60 }),
        ).rejects.toBeInstanceOf(InvalidBlobKeyError);
      }
    });

    it('keeps an upload once moved on: a later PUT through its link cannot change it', async () => {
      const upload = key('incoming.wav');
      const final = key('final.wav');
      const first = randomBytes(2000);
      const link = await t.store.presignPut(upload, {
        contentType: 'audio/wav',
        maxBytes: 2000,
        expiresInS: 60,
      });
      const put = await fetch(t.resolve(link.url), { method: 'PUT', headers: link.headers, body: first });
      expect(put.status).toBe(200);

      const again = await fetch(t.resolve(link.url), {
        method: 'PUT',
        headers: link.headers,
        body: randomBytes(2000),
      });
      if (t.refusesSecondPut) {
        expect(again.status).toBe(409);
        expect(((await again.json()) as { detail: string }).detail).toMatch(/already been used/);
      }
      const uploaded = await bytesOf(upload);
      if (t.refusesSecondPut) expect(uploaded.equals(first)).toBe(true);

      await t.store.move(upload, final);
      await fetch(t.resolve(link.url), { method: 'PUT', headers: link.headers, body: randomBytes(2000) });
      expect((await bytesOf(final)).equals(uploaded)).toBe(true);
    });

    it('accepts one PUT through a presigned link with the signed content type', async () => {
      const k = key('up.wav');
      const payload = randomBytes(5000);
      const link = await t.store.presignPut(k, {
        contentType: 'audio/wav',
        maxBytes: payload.length,
        expiresInS: 60,
      });
      const res = await fetch(t.resolve(link.url), { method: 'PUT', headers: link.headers, body: payload });
      expect(res.status).toBe(200);
      expect((await t.store.stat(k))?.size).toBe(payload.length);
    });

    it('refuses a presigned PUT that is larger than signed for', async () => {
      const k = key('over.wav');
      const link = await t.store.presignPut(k, { contentType: 'audio/wav', maxBytes: 100, expiresInS: 60 });
      if (!t.verifiesSignatures) {
        const signed = new URL(link.url).searchParams.get('X-Amz-SignedHeaders') ?? '';
        expect(signed.split(';')).toEqual(expect.arrayContaining(['content-length', 'content-type']));
        return;
      }
      const res = await fetch(t.resolve(link.url), {
        method: 'PUT',
        headers: link.headers,
        body: randomBytes(5000),
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(await t.store.stat(k)).toBeNull();
    });

    it('refuses an expired or tampered link', async () => {
      const k = key('late.wav');
      const payload = randomBytes(100);
      // Signed two seconds ago for one second: expired a second ago, whoever checks it.
      t.shiftClock(-2000);
      const expired = await t.store
        .presignPut(k, { contentType: 'audio/wav', maxBytes: 100, expiresInS: 1 })
        .finally(() => t.shiftClock(2000));
      const late = await fetch(t.resolve(expired.url), {
        method: 'PUT',
        headers: expired.headers,
        body: payload,
      });
      expect(late.status).toBe(403);
      if (!t.verifiesSignatures) return;

      const fresh = await t.store.presignPut(k, { contentType: 'audio/wav', maxBytes: 100, expiresInS: 60 });
      const forged = await fetch(t.resolve(t.tamper(fresh.url)), {
        method: 'PUT',
        headers: fresh.headers,
        body: payload,
      });
      expect(forged.status).toBe(403);
      expect(await t.store.stat(k)).toBeNull();
    });
  });
}
