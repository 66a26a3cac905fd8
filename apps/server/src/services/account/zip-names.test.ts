import { describe, expect, it } from 'vitest';
import { extension, slug, UniqueNames } from './zip-names.ts';

/** Every name Windows keeps for a device, in the cases a title may have. */
const RESERVED = [
  'CON',
  'prn',
  'Aux',
  'nul',
  ...Array.from({ length: 9 }, (_, i) => `COM${i + 1}`),
  ...Array.from({ length: 9 }, (_, i) => `lpt${i + 1}`),
];

describe('names inside the data export', () => {
  it('never use a device name Windows reserves, whatever the case and the extension', () => {
    const names = new UniqueNames();
    for (const title of [...RESERVED, 'nul.txt', ' con ', 'CON.', 'aux...']) {
      const name = names.take(`audio/${slug(title)}`, extension('mp3'));
      const base = (name.split('/').pop() ?? '').split('.')[0] ?? '';
      expect(base, title).not.toMatch(/^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i);
    }
    expect(slug('CON')).toBe('CON-file');
    expect(slug('Console')).toBe('Console');
    expect(slug('com10')).toBe('com10');
  });

  it('hold no character Windows forbids and end in no dot or space', () => {
    for (const title of ['a<b>c:d"e/f\\g|h?i*j', 'ends with dot.', 'ends with space ', 'tab\there', '...']) {
      const name = slug(title);
      expect(name, title).toMatch(/^[\p{L}\p{N}-]+$/u);
      expect(name, title).not.toMatch(/[. ]$/);
      expect(name.length, title).toBeGreaterThan(0);
    }
    expect(extension('.p<n>g')).toBe('.png');
    expect(extension('...')).toBe('');
  });

  it('never hand out two names that differ only in case', () => {
    const names = new UniqueNames();
    expect(names.take('audio/Talk', '.mp3')).toBe('audio/Talk.mp3');
    expect(names.take('audio/talk', '.mp3')).toBe('audio/talk-2.mp3');
    expect(names.take('audio/TALK', '.MP3')).toBe('audio/TALK-3.MP3');
  });

  it('keep letters of every script', () => {
    expect(slug('Réunion à 9 h')).toBe('Reunion-a-9-h');
    expect(slug('会议记录')).toBe('会议记录');
    expect(slug('اجتماع الفريق')).toBe('اجتماع-الفريق');
  });
});
