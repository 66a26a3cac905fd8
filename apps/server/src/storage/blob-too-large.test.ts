import { LIMITS } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import { BlobTooLargeError } from './blob-store.ts';

describe('a stored file over its limit', () => {
  it('names the limit in megabytes, not as a count of bytes', () => {
    const err = new BlobTooLargeError(LIMITS.maxUploadBytes);
    expect(err.message).toBe('The file is larger than 100 MB');
    expect(err.maxBytes).toBe(104_857_600);
  });
});
