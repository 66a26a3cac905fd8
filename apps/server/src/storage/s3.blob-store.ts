import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
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

export interface S3BlobStoreOptions {
  bucket: string;
  endpoint?: string | undefined;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
  /** Scratch folder: streams of unknown length are spooled here to learn their size. */
  tmpDir: string;
  /** Milliseconds since the epoch; presigned links are dated by this clock. Default: Date.now. */
  clock?: (() => number) | undefined;
}

/**
 * Objects in an S3-compatible bucket (AWS, MinIO, R2, Garage…). The browser PUTs uploads straight
 * to the bucket through presigned links that fix the content type and length; the bucket needs a
 * CORS rule allowing PUT from the app's origin.
 */
export class S3BlobStore implements BlobStore {
  readonly driver = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly options: S3BlobStoreOptions) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Checksums the SDK adds by default are not understood by many S3-compatible servers, and
      // would be baked into presigned links the browser cannot satisfy.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async presignPut(
    key: string,
    options: { contentType: string; maxBytes: number; expiresInS: number },
  ): Promise<PresignedPut> {
    assertValidKey(key);
    const command = new PutObjectCommand({
      Bucket: this.options.bucket,
      Key: key,
      ContentType: options.contentType,
      ContentLength: options.maxBytes,
    });
    const url = await getSignedUrl(this.client, command, {
      expiresIn: options.expiresInS,
      signingDate: new Date((this.options.clock ?? Date.now)()),
      signableHeaders: new Set(['content-type', 'content-length']),
    });
    return { url, headers: { 'Content-Type': options.contentType } };
  }

  async put(
    key: string,
    body: Readable,
    options: { contentType: string; maxBytes?: number | undefined },
  ): Promise<{ size: number }> {
    assertValidKey(key);
    // S3 needs the length up front; spool to disk (never to memory) to learn it.
    await mkdir(this.options.tmpDir, { recursive: true });
    const temp = path.join(this.options.tmpDir, `${randomUUID()}.s3put`);
    try {
      await pipeline(body, byteLimit(options.maxBytes).step, createWriteStream(temp));
      return await this.putFile(key, temp, options);
    } finally {
      await rm(temp, { force: true });
    }
  }

  async putFile(key: string, filePath: string, options: { contentType: string }): Promise<{ size: number }> {
    assertValidKey(key);
    const { size } = await stat(filePath);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: createReadStream(filePath),
        ContentLength: size,
        ContentType: options.contentType,
      }),
    );
    return { size };
  }

  async localFile(key: string, tmpDir: string): Promise<LocalBlobFile> {
    await mkdir(tmpDir, { recursive: true });
    const file = path.join(tmpDir, `${randomUUID()}.s3get`);
    try {
      await pipeline((await this.get(key)).stream, createWriteStream(file));
    } catch (err) {
      await rm(file, { force: true });
      throw err;
    }
    return { path: file, release: () => rm(file, { force: true }) };
  }

  async get(key: string, range?: BlobRange): Promise<{ stream: Readable; size: number }> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.options.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
        }),
      );
      // With a range, the total size is after the slash of `Content-Range: bytes a-b/total`.
      const total = res.ContentRange ? Number(res.ContentRange.split('/')[1]) : (res.ContentLength ?? 0);
      const body = res.Body;
      if (!(body instanceof Readable)) throw new Error('S3 returned no readable body');
      return { stream: body, size: total };
    } catch (err) {
      if (isNotFound(err)) throw new BlobNotFoundError(key);
      throw err;
    }
  }

  async stat(key: string): Promise<BlobStat | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? null };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  async move(from: string, to: string): Promise<void> {
    assertValidKey(to);
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.options.bucket,
          Key: to,
          // Each key part is URL-encoded; the slashes between them stay.
          CopySource: `${this.options.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
        }),
      );
    } catch (err) {
      if (isNotFound(err)) throw new BlobNotFoundError(from);
      throw err;
    }
    await this.delete(from);
  }

  async *list(prefix: string): AsyncIterable<BlobListing> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key)
          yield { key: item.Key, size: item.Size ?? 0, modifiedAt: item.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Releases the HTTP agent (tests, shutdown). */
  close(): void {
    this.client.destroy();
  }
}

function isNotFound(err: unknown): boolean {
  return (
    err instanceof S3ServiceException &&
    (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404)
  );
}
