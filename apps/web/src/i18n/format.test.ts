import { afterEach, describe, expect, it } from 'vitest';
import { durationParts, formatClock, formatDuration, formatFileSize, formatMegabytes } from './format.ts';
import { i18n, SOURCE_LANGUAGE } from './i18n.ts';

// English here; translation-languages and the end-to-end tests show the same functions in Spanish
// and Arabic. What matters is that no figure is put together by hand.

describe('figures in the reader’s language', () => {
  it('sizes from kilobytes up, 1024-based, one decimal below 100', () => {
    expect(formatFileSize(0)).toBe('0 kB');
    expect(formatFileSize(512)).toBe('0.5 kB');
    expect(formatFileSize(1_572_864)).toBe('1.5 MB');
    expect(formatFileSize(150 * 1024 * 1024)).toBe('150 MB');
    expect(formatFileSize(10 * 1024 ** 3)).toBe('10 GB');
    expect(formatMegabytes(1_310_720)).toBe('1.25 MB');
  });

  it('running clocks as mm:ss, h:mm:ss from an hour', () => {
    expect(formatClock(65_400)).toBe('01:05');
    expect(formatClock(3_725_400)).toBe('1:02:05');
  });

  it('lengths in words: tenths under a minute, whole units above, nothing left empty', () => {
    expect(durationParts(8.24)).toEqual({ seconds: 8.2 });
    expect(durationParts(185)).toEqual({ minutes: 3, seconds: 5 });
    expect(durationParts(4320)).toEqual({ hours: 1, minutes: 12 });
    expect(formatDuration(0, 'long')).toBe('0 seconds');
    expect(formatDuration(8.24)).toBe('8.2 sec');
    expect(formatDuration(185, 'long')).toBe('3 minutes, 5 seconds');
    expect(formatDuration(4320)).toBe('1 hr, 12 min');
  });
});

describe('the same figures in Spanish and Arabic', () => {
  afterEach(async () => {
    await i18n.changeLanguage(SOURCE_LANGUAGE);
  });

  it('follow each language’s separators, units and words', async () => {
    await i18n.changeLanguage('es');
    expect(formatFileSize(1_572_864)).toBe('1,5 MB');
    expect(formatDuration(185, 'long')).toBe('3 minutos y 5 segundos');
    await i18n.changeLanguage('ar');
    expect(formatFileSize(1_572_864)).toBe('1.5 م.ب');
    expect(formatDuration(4320, 'long')).toBe('ساعة و12 دقيقة');
  });
});
