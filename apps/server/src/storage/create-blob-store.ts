import path from 'node:path';
import type { Config } from '../config/config.ts';
import type { BlobStore } from './blob-store.ts';
import { LocalDiskBlobStore } from './local-disk.blob-store.ts';
import { S3BlobStore } from './s3.blob-store.ts';

/** S3 when a bucket is configured, else files under `<data>/blobs`. */
export function createBlobStore(config: Config): BlobStore {
  if (config.s3) return new S3BlobStore({ ...config.s3, tmpDir: path.join(config.dataDir, 'tmp') });
  return new LocalDiskBlobStore(path.join(config.dataDir, 'blobs'), config.secret);
}
