import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  type BlobListing,
  BlobNotFoundError,
  type BlobRange,
  type BlobStat,
  type BlobStore,
  byteLimit,
  type LocalBlobFile,
  type PresignedPut,
} from './blob-store.ts';
import { type UploadGrant, UploadLinkSigner } from './upload-link-signer.ts';

/** Path of the upload route this store's links point to (registered by `storage.routes.ts`). */
export const LOCAL_UPLOAD_PATH = '/api/v1/storage/blobs/';

/** Thrown by `putOnce` when something is already stored under the key. */
export class BlobExistsError extends Error {
  override name = 'BlobExistsError';
  constructor(where: string) {
    super(`A file is already stored at ${where}`);
  }
}

/**
 * Files under a folder of the data directory. Upload links are paths to this server signed with
 * an HMAC of the key, content type, size limit and expiry (`upload-link-signer.ts`). Writes go to
 * a file in the scratch folder first and appear under their key in one step, so a broken upload
 * never leaves a half-written object, and a crash leaves its debris only in the scratch folder,
 * which is swept (`scratch-space.ts`).
 */
export class LocalDiskBlobStore implements BlobStore {
  readonly driver = 'local' as const;
  private readonly links: UploadLinkSigner;

  constructor(
    private readonly root: string,
    secret: string,
    /** Where partial writes live until they are complete; best on the same disk as `root`. */
    private readonly tmpDir: string,
    /** Milliseconds since the epoch; upload links are signed and checked by this clock. */
    private readonly clock: () => number = Date.now,
  ) {
    this.links = new UploadLinkSigner(secret, clock);
  }

  /** Where uploads are written first: the disk whose free space decides whether one fits. */
  get scratchDir(): string {
    return this.tmpDir;
  }

  async presignPut(
    key: string,
    options: { contentType: string; maxBytes: number; expiresInS: number },
  ): Promise<PresignedPut> {
    assertValidKey(key);
    const query = this.links.sign(key, options);
    return {
      url: `${LOCAL_UPLOAD_PATH}${key.split('/').map(encodeURIComponent).join('/')}?${query}`,
      headers: { 'Content-Type': options.contentType },
    };
  }

  /** Checks a link made by `presignPut`; throws `InvalidUploadLinkError` with the reason. */
  verifyUpload(key: string, query: Record<string, string | undefined>, now = this.clock()): UploadGrant {
    return this.links.verify(key, query, now);
  }

  async put(
    key: string,
    body: Readable,
    options: { contentType: string; maxBytes?: number | undefined },
  ): Promise<{ size: number }> {
    return this.write(key, body, options.maxBytes, false);
  }

  /**
   * Like `put`, but only when nothing is stored under the key yet, checked before and again
   * atomically at the end (a hard link fails when the name exists): of two racing uploads through
   * one link, exactly one wins. Rejects with `BlobExistsError` otherwise.
   */
  async putOnce(key: string, body: Readable, options: { maxBytes: number }): Promise<{ size: number }> {
    if (await this.stat(key)) throw new BlobExistsError(key);
    return this.write(key, body, options.maxBytes, true);
  }

  async putFile(key: string, filePath: string, _options: { contentType: string }): Promise<{ size: number }> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    await this.place(filePath, target, false);
    return { size: (await stat(target)).size };
  }

  async localFile(key: string): Promise<LocalBlobFile> {
    const file = this.file(key);
    if (!(await this.stat(key))) throw new BlobNotFoundError(key);
    return { path: file, release: async () => {} };
  }

  async get(key: string, range?: BlobRange): Promise<{ stream: Readable; size: number }> {
    const file = this.file(key);
    const info = await this.stat(key);
    if (!info) throw new BlobNotFoundError(key);
    const stream = range
      ? createReadStream(file, { start: range.start, end: range.end })
      : createReadStream(file);
    return { stream, size: info.size };
  }

  async stat(key: string): Promise<BlobStat | null> {
    try {
      const info = await stat(this.file(key));
      return info.isFile() ? { size: info.size, contentType: null } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async move(from: string, to: string): Promise<void> {
    const source = this.file(from);
    const target = this.file(to);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(source, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFoundError(from);
      throw err;
    }
  }

  async *list(prefix: string): AsyncIterable<BlobListing> {
    // Walk only the folder the prefix names; the rest of its last part filters by name.
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    if (folder) assertValidKey(folder);
    for await (const key of walk(this.root, folder)) {
      if (!key.startsWith(prefix)) continue;
      const info = await stat(this.file(key)).catch(() => null);
      if (info?.isFile()) yield { key, size: info.size, modifiedAt: info.mtime };
    }
  }

  /**
   * Removes partial writes older than `before` left beside their targets: by versions that wrote
   * them there, or by a crash during a copy across disks. Returns how many went.
   */
  async sweepPartialWrites(before: Date): Promise<number> {
    let removed = 0;
    for await (const key of walk(this.root, '', true)) {
      if (!key.endsWith('.part')) continue;
      const file = path.join(this.root, ...key.split('/'));
      const info = await stat(file).catch(() => null);
      if (!info || info.mtime >= before) continue;
      await rm(file, { force: true });
      removed++;
    }
    return removed;
  }

  private async write(key: string, body: Readable, maxBytes: number | undefined, once: boolean) {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    await mkdir(this.tmpDir, { recursive: true });
    const temp = path.join(this.tmpDir, `${randomUUID()}.part`);
    const limit = byteLimit(maxBytes);
    try {
      await pipeline(body, limit.step, createWriteStream(temp));
      await this.place(temp, target, once);
      return { size: limit.count() };
    } finally {
      await rm(temp, { force: true });
    }
  }

  /** Puts a finished file under its name in one step: replacing (rename) or only if new (link). */
  private async place(source: string, target: string, once: boolean): Promise<void> {
    try {
      if (once) await link(source, target);
      else await rename(source, target);
      return;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') throw new BlobExistsError(target);
      if (code !== 'EXDEV') throw err;
    }
    // Another disk: copy beside the target first, so the last step is still a single one.
    const sibling = `${target}.${randomUUID()}.part`;
    try {
      await copyFile(source, sibling);
      await this.place(sibling, target, once);
    } finally {
      await rm(sibling, { force: true });
    }
  }

  /** The file for a key; refuses keys that would leave the storage folder. */
  private file(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }
}

/**
 * Keys of the files under `root/folder`, depth first; a missing folder has none. Partial writes
 * (`.part`) are not objects and only listed with `partials`.
 */
async function* walk(root: string, folder: string, partials = false): AsyncGenerator<string> {
  const entries = await readdir(path.join(root, ...folder.split('/').filter(Boolean)), {
    withFileTypes: true,
  }).catch(() => []);
  for (const entry of entries) {
    const key = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(root, key, partials);
    else if (entry.isFile() && (partials || !entry.name.endsWith('.part'))) yield key;
  }
}
