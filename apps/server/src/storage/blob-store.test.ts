import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startS3Server } from '@voxpress/test-kit/s3-server';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerErrorHandling } from '../http/errors.ts';
import { storageRoutes } from '../routes/storage.routes.ts';
import { describeBlobStoreCompliance } from './blob-store.compliance.ts';
import { LocalDiskBlobStore } from './local-disk.blob-store.ts';
import { S3BlobStore } from './s3.blob-store.ts';

/** The real clock moved by `shift` milliseconds, so links can be signed in the past. */
function shiftableClock() {
  let offsetMs = 0;
  return {
    now: () => Date.now() + offsetMs,
    shift: (ms: number) => {
      offsetMs += ms;
    },
  };
}

describeBlobStoreCompliance('local disk', async () => {
  const clock = shiftableClock();
  const root = mkdtempSync(path.join(tmpdir(), 'voxpress-local-blobs-'));
  const store = new LocalDiskBlobStore(
    path.join(root, 'blobs'),
    'a-test-secret-that-is-long-enough-0123456789',
    path.join(root, 'tmp'),
    clock.now,
  );
  // The links point at this server's upload route, so serve it for real.
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // Every upload may arrive here: whether an item still waits for it is the audio service's
  // question, tested with the whole server (`upload-links.test.ts`).
  await app.register(storageRoutes(store, { acceptsUpload: async () => true }), { prefix: '/api/v1' });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    store,
    resolve: (url) => new URL(url, base).toString(),
    tamper: (url) => url.replace(/max=\d+/, 'max=104857600'),
    verifiesSignatures: true,
    refusesSecondPut: true,
    shiftClock: clock.shift,
    async close() {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
});

describeBlobStoreCompliance('S3 (s3rver)', async () => {
  const clock = shiftableClock();
  const s3 = await startS3Server();
  const tmp = mkdtempSync(path.join(tmpdir(), 'voxpress-s3-tmp-'));
  const store = new S3BlobStore({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    tmpDir: tmp,
    clock: clock.now,
  });
  return {
    store,
    resolve: (url) => url,
    tamper: (url) => url.replace(/X-Amz-Expires=\d+/, 'X-Amz-Expires=3600'),
    verifiesSignatures: false,
    refusesSecondPut: false,
    shiftClock: clock.shift,
    async close() {
      store.close();
      await s3.close();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
});
