import { describe, expect, it } from 'vitest';
import { downloadFileName } from './file-name.ts';

const at = new Date(2026, 10, 23, 6, 45, 9);

describe('a downloaded image’s name', () => {
  it('is the name and the local date and time, as a PNG', () => {
    expect(downloadFileName('Banana bread Modern', at)).toBe('Banana-bread-Modern-2026-11-23-064509.png');
  });

  it('keeps letters of every script and drops what a file system may refuse', () => {
    expect(downloadFileName('  Crème brûlée: "Classic" / v2? ', at)).toBe(
      'Crème-brûlée-Classic-v2-2026-11-23-064509.png',
    );
    expect(downloadFileName('पनीर टिक्का', at)).toBe('पनीर-टिक्का-2026-11-23-064509.png');
  });

  it('falls back to “infographic” and keeps long names short', () => {
    expect(downloadFileName('***', at)).toBe('infographic-2026-11-23-064509.png');
    const long = downloadFileName('word '.repeat(40), at);
    expect(long.length).toBeLessThanOrEqual(80 + '-2026-11-23-064509.png'.length);
    expect(long).not.toMatch(/--|^-/);
  });

  it('takes the image’s own extension', () => {
    expect(downloadFileName('Cover', at, 'webp')).toBe('Cover-2026-11-23-064509.webp');
  });
});
