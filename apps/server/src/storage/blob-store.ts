import type { Readable } from 'node:stream';
import { formatBytes } from '@voxpress/contracts';

/** What a stored object looks like from outside. */
export interface BlobStat {
  size: number;
  contentType: string | null;
}

/** A link the browser can PUT the bytes to, with the headers it must send. */
export interface PresignedPut {
  url: string;
  headers: Record<string, string>;
}

export interface LocalBlobFile {
  path: string;
  release(): Promise<void>;
}

export interface BlobRange {
  start: number;
  /** Inclusive; undefined means to the end. */
  end?: number | undefined;
}

/**
 * Where audio files (and later images) live. Implementations: local disk with HMAC-signed links
 * to this server (`local-disk.blob-store.ts`) and S3-compatible object storage
 * (`s3.blob-store.ts`). Both pass `blob-store.compliance.ts`. Keys are `/`-separated paths such as
 * `audio/<user>/<id>.mp3`; they never contain `..`.
 */
export interface BlobStore {
  readonly driver: 'local' | 's3';
  /** A time-limited link for one PUT of at most `maxBytes` with the given content type. */
  presignPut(
    key: string,
    options: { contentType: string; maxBytes: number; expiresInS: number },
  ): Promise<PresignedPut>;
  /** Stores a stream; rejects (storing nothing) when it is longer than `maxBytes`. */
  put(
    key: string,
    body: Readable,
    options: { contentType: string; maxBytes?: number | undefined },
  ): Promise<{ size: number }>;
  /**
   * Stores a file from local disk. The source may be moved rather than copied: the caller removes
   * it afterwards if it is still there.
   */
  putFile(key: string, filePath: string, options: { contentType: string }): Promise<{ size: number }>;
  /**
   * The object as a file on local disk, for tools that read files (ffmpeg, file-type): local
   * storage hands out its own file, others a temporary download. Call `release()` when done.
   */
  localFile(key: string, tmpDir: string): Promise<LocalBlobFile>;
  /**
   * The bytes (or a range of them) and the size of the whole object; rejects with
   * `BlobNotFoundError` when absent.
   */
  get(key: string, range?: BlobRange): Promise<{ stream: Readable; size: number }>;
  /** Null when there is no object under the key. */
  stat(key: string): Promise<BlobStat | null>;
  /** Removes the object; no error when it is already gone. */
  delete(key: string): Promise<void>;
  /**
   * Moves an object to another key (S3: copy, then delete the source); afterwards nothing is left
   * under `from`. Rejects with `BlobNotFoundError` when there is nothing under `from`.
   */
  move(from: string, to: string): Promise<void>;
  /** The objects whose keys start with `prefix`, in no particular order. */
  list(prefix: string): AsyncIterable<BlobListing>;
}

/** One object as `list` reports it. */
export interface BlobListing {
  key: string;
  size: number;
  modifiedAt: Date;
}

export class BlobNotFoundError extends Error {
  override name = 'BlobNotFoundError';
  constructor(readonly key: string) {
    super(`No stored file under ${key}`);
  }
}

/** A key that is not a plain relative path (empty parts, `.` or `..`, a leading `/`). */
export class InvalidBlobKeyError extends Error {
  override name = 'InvalidBlobKeyError';
  constructor(readonly key: string) {
    super(`Invalid blob key: ${JSON.stringify(key)}`);
  }
}

/** Throws `InvalidBlobKeyError` unless `key` is a plain `/`-separated relative path. */
export function assertValidKey(key: string): void {
  if (
    !key ||
    key.length > 1024 ||
    key.includes('\\') ||
    key.includes('\0') ||
    key.split('/').some((part) => part === '' || part === '..' || part === '.')
  )
    throw new InvalidBlobKeyError(key);
}

/** Thrown by `put` when the body passes `maxBytes`. */
export class BlobTooLargeError extends Error {
  override name = 'BlobTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${formatBytes(maxBytes)}`);
  }
}

/**
 * A pipeline step that passes bytes through and fails with `BlobTooLargeError` once more than
 * `maxBytes` went by; `count()` tells how many did.
 */
export function byteLimit(maxBytes = Number.POSITIVE_INFINITY) {
  let size = 0;
  return {
    count: () => size,
    async *step(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
      for await (const chunk of source) {
        size += chunk.length;
        if (size > maxBytes) throw new BlobTooLargeError(maxBytes);
        yield chunk;
      }
    },
  };
}
