import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  BlobNotFoundError,
  type BlobRange,
  type BlobStat,
  type BlobStore,
  byteLimit,
  type LocalBlobFile,
  type PresignedPut,
} from './blob-store.ts';

/** Path of the upload route this store's links point to (registered by `storage.routes.ts`). */
export const LOCAL_UPLOAD_PATH = '/api/v1/storage/blobs/';

/** What a signed upload link allows: one PUT of at most `maxBytes` with `contentType`. */
export interface UploadGrant {
  key: string;
  contentType: string;
  maxBytes: number;
}

export class InvalidUploadLinkError extends Error {
  override name = 'InvalidUploadLinkError';
}

/**
 * Files under a folder of the data directory. Upload links are paths to this server signed with
 * an HMAC of the key, content type, size limit and expiry, so the server needs no state to check
 * them. Writes go to a temporary file that is renamed into place, so a broken upload never leaves
 * a half-written object under its key.
 */
export class LocalDiskBlobStore implements BlobStore {
  readonly driver = 'local' as const;
  private readonly signingKey: Buffer;

  constructor(
    private readonly root: string,
    secret: string,
  ) {
    this.signingKey = createHmac('sha256', secret).update('voxpress blob upload links').digest();
  }

  async presignPut(
    key: string,
    options: { contentType: string; maxBytes: number; expiresInS: number },
  ): Promise<PresignedPut> {
    this.file(key);
    const expires = Math.floor(Date.now() / 1000) + options.expiresInS;
    const query = new URLSearchParams({
      expires: String(expires),
      max: String(options.maxBytes),
      type: options.contentType,
    });
    query.set('sig', this.sign(key, query));
    return {
      url: `${LOCAL_UPLOAD_PATH}${key.split('/').map(encodeURIComponent).join('/')}?${query}`,
      headers: { 'Content-Type': options.contentType },
    };
  }

  /** Checks a link made by `presignPut`; throws `InvalidUploadLinkError` with the reason. */
  verifyUpload(key: string, query: Record<string, string | undefined>, now = Date.now()): UploadGrant {
    const params = new URLSearchParams({
      expires: query.expires ?? '',
      max: query.max ?? '',
      type: query.type ?? '',
    });
    const expected = Buffer.from(this.sign(key, params));
    const given = Buffer.from(query.sig ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new InvalidUploadLinkError('The upload link is not valid. Start the upload again.');
    }
    if (Number(query.expires) * 1000 < now) {
      throw new InvalidUploadLinkError('The upload link has expired. Start the upload again.');
    }
    return { key, contentType: query.type ?? '', maxBytes: Number(query.max) };
  }

  async put(
    key: string,
    body: Readable,
    options: { contentType: string; maxBytes?: number | undefined },
  ): Promise<{ size: number }> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.part`;
    const limit = byteLimit(options.maxBytes);
    try {
      await pipeline(body, limit.step, createWriteStream(temp));
      await rename(temp, target);
      return { size: limit.count() };
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  async putFile(key: string, filePath: string, _options: { contentType: string }): Promise<{ size: number }> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      // Uploads are spooled inside the data folder, so this is usually a rename, not a copy.
      await rename(filePath, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      const temp = `${target}.${randomUUID()}.part`;
      try {
        await copyFile(filePath, temp);
        await rename(temp, target);
      } catch (copyErr) {
        await rm(temp, { force: true });
        throw copyErr;
      }
    }
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

  private sign(key: string, params: URLSearchParams): string {
    return createHmac('sha256', this.signingKey)
      .update(['PUT', key, params.get('expires'), params.get('max'), params.get('type')].join('\n'))
      .digest('base64url');
  }

  /** The file for a key; refuses keys that would leave the storage folder. */
  private file(key: string): string {
    if (
      !key ||
      key.startsWith('/') ||
      key.split('/').some((part) => part === '' || part === '..' || part === '.')
    )
      throw new Error(`Invalid blob key: ${key}`);
    return path.join(this.root, ...key.split('/'));
  }
}
