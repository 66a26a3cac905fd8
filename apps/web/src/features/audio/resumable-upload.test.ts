import { LIMITS } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import { RESUMABLE_FROM_BYTES, resumableMetadata } from './resumable-upload.ts';

describe('resumable uploads', () => {
  it('start above the spec’s 100 MB, where a form upload stops', () => {
    expect(RESUMABLE_FROM_BYTES).toBe(LIMITS.maxUploadBytes);
  });

  it('carry the form’s fields as tus metadata, blank ones left out', () => {
    expect(
      resumableMetadata({
        name: 'Interview.mov',
        title: '  ',
        description: ' Part two ',
        language: 'de-DE',
        speakers: 2,
      }),
    ).toEqual({
      filename: 'Interview.mov',
      language: 'de-DE',
      google_language_code: 'de-DE',
      use_whisper_for_english: 'false',
      description: 'Part two',
      speakers: '2',
    });
  });
});
