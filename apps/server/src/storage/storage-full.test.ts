import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { userMessageOf } from '../engines/engine.ts';
import { registerErrorHandling } from '../http/errors.ts';
import { HttpError } from '../lib/http-error.ts';
import { asStorageFull, isStorageFull, STORAGE_FULL_DETAIL, StorageFullError } from './storage-full.ts';

// Linux's /dev/full refuses every write with ENOSPC: a real full device, no mount needed.
const devFull = existsSync('/dev/full');
const writeToFullDevice = () => writeFile('/dev/full', 'more bytes than fit');

describe('a full disk is recognised', () => {
  it.skipIf(!devFull)('in a real failed write (ENOSPC), however deeply it is wrapped', async () => {
    const err = await writeToFullDevice().catch((e: unknown) => e);
    expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
    expect(isStorageFull(err)).toBe(true);
    expect(isStorageFull(new Error('upload failed', { cause: err }))).toBe(true);
    expect(isStorageFull(new AggregateError([new Error('other'), err]))).toBe(true);
    expect(asStorageFull(err)).toBeInstanceOf(StorageFullError);
  });

  it('in a used-up disk quota, PostgreSQL’s disk_full and a tool’s own words', () => {
    const quota = Object.assign(new Error('EDQUOT: disk quota exceeded, write'), { code: 'EDQUOT' });
    expect(isStorageFull(quota)).toBe(true);
    // What node-postgres raises when the database server cannot extend a file.
    const pg = Object.assign(new Error('could not extend file "base/16384/2619": No space left on device'), {
      code: '53100',
      severity: 'ERROR',
    });
    expect(isStorageFull(pg)).toBe(true);
    expect(isStorageFull(new Error('av_interleaved_write_frame(): No space left on device'))).toBe(true);
  });

  it('and nothing else: other write errors, a missing file, a user’s words in a refusal', () => {
    expect(isStorageFull(Object.assign(new Error('EACCES'), { code: 'EACCES', syscall: 'open' }))).toBe(
      false,
    );
    expect(isStorageFull(Object.assign(new Error('ENOENT'), { code: 'ENOENT', syscall: 'open' }))).toBe(
      false,
    );
    expect(
      isStorageFull(new HttpError(422, 'validation_failed', 'Title "No space left on device" is taken')),
    ).toBe(false);
    expect(isStorageFull(null)).toBe(false);
    expect(isStorageFull('ENOSPC')).toBe(false);
    const loop: { cause?: unknown } = {};
    loop.cause = loop;
    expect(isStorageFull(loop)).toBe(false);
  });
});

describe.skipIf(!devFull)('a background job whose write finds the disk full', () => {
  it('tells the user the disk is full rather than a general failure (a transcript, an infographic)', async () => {
    const err = await writeToFullDevice().catch((e: unknown) => e);
    expect(userMessageOf(err, 'Transcription failed because of an error on the server.')).toBe(
      STORAGE_FULL_DETAIL,
    );
    expect(userMessageOf(new Error('image store', { cause: err }), 'The image could not be made.')).toBe(
      STORAGE_FULL_DETAIL,
    );
    expect(userMessageOf(new Error('something else'), 'The image could not be made.')).toBe(
      'The image could not be made.',
    );
  });
});

describe.skipIf(!devFull)('a request whose write finds the disk full', () => {
  const app = Fastify();
  registerErrorHandling(app);
  app.post('/write', async () => {
    await writeToFullDevice();
    return { ok: true };
  });
  app.post('/wrapped', async () => {
    try {
      await writeToFullDevice();
    } catch (err) {
      throw new Error('Could not store the picture', { cause: err });
    }
  });
  afterAll(() => app.close());

  it('answers 507 storage_full in the error shape, wrapped or not, and says whose problem it is', async () => {
    for (const url of ['/write', '/wrapped']) {
      const res = await app.inject({ method: 'POST', url });
      expect(res.statusCode, url).toBe(507);
      expect(res.json()).toEqual({ detail: STORAGE_FULL_DETAIL, code: 'storage_full', params: {} });
    }
    expect(STORAGE_FULL_DETAIL).toBe('The server has run out of disk space. Ask your administrator.');
  });
});
