import { afterEach, describe, expect, it } from 'vitest';
import { i18n, SOURCE_LANGUAGE } from '../../i18n/i18n.ts';
import { summarizeRejections } from './upload-rules.ts';

describe('summarizeRejections', () => {
  it('headlines a wrong type with the spec message and lists the accepted types', () => {
    expect(
      summarizeRejections([
        {
          file: { name: 'notes.txt' },
          errors: [{ code: 'file-invalid-type', message: 'File type must be …' }],
        },
      ]),
    ).toEqual({
      title: 'Please upload a valid audio file (MP3, WAV, M4A, or OGG).',
      details: ['notes.txt: File type must be .mp3, .wav, .m4a, .ogg, .webm, .mp4, .mov, .m4v, .mkv, .avi'],
    });
  });

  it('headlines a file over 100 MB with the size message', () => {
    expect(
      summarizeRejections([
        {
          file: { name: 'long.wav' },
          errors: [{ code: 'file-too-large', message: 'File is larger than 100 MB' }],
        },
      ]),
    ).toEqual({
      title: 'File size must be less than 100MB.',
      details: ['long.wav: File is larger than 100 MB'],
    });
  });

  describe('in another language', () => {
    afterEach(async () => {
      await i18n.changeLanguage(SOURCE_LANGUAGE);
    });

    it('writes the size limit in megabytes, the reader’s way, never as a count of bytes', async () => {
      await i18n.changeLanguage('de');
      const summary = summarizeRejections([
        { file: { name: 'lang.wav' }, errors: [{ code: 'file-too-large', message: 'x' }] },
      ]);
      expect(summary?.details).toEqual(['lang.wav: Die Datei ist größer als 100 MB']);
      expect(summary?.details.join()).not.toMatch(/104|Byte/);
    });
  });

  it('says "Too many files" once for a multi-file drop, plus other problems', () => {
    const summary = summarizeRejections([
      { file: { name: 'a.mp3' }, errors: [{ code: 'too-many-files', message: 'Too many files' }] },
      {
        file: { name: 'b.txt' },
        errors: [
          { code: 'too-many-files', message: 'Too many files' },
          { code: 'file-invalid-type', message: 'x' },
        ],
      },
    ]);
    expect(summary?.title).toBe('Too many files');
    expect(summary?.details).toEqual([
      'Choose one audio file at a time.',
      'Please upload a valid audio file (MP3, WAV, M4A, or OGG).',
      'b.txt: File type must be .mp3, .wav, .m4a, .ogg, .webm, .mp4, .mov, .m4v, .mkv, .avi',
    ]);
  });

  it('returns null when nothing was refused', () => {
    expect(summarizeRejections([])).toBeNull();
  });
});
