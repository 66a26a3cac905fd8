import path from 'node:path';
import type { Config } from '../config/config.ts';
import type { BlobStore } from './blob-store.ts';
import { LocalDiskBlobStore } from './local-disk.blob-store.ts';
import { S3BlobStore } from './s3.blob-store.ts';

/** S3 when a bucket is configured, else files under `<data>/blobs`; `tmpDir` is the scratch folder. */
export function createBlobStore(config: Config, tmpDir: string): BlobStore {
  if (config.s3) return new S3BlobStore({ ...config.s3, tmpDir });
  return new LocalDiskBlobStore(path.join(config.dataDir, 'blobs'), config.secret, tmpDir);
}
