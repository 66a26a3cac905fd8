import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.ts';

describe('secret box', () => {
  const box = new SecretBox('a server secret that is long enough', 'publishing');

  it('seals to a value that does not contain the secret and opens back', () => {
    const sealed = box.seal('abcd efgh ijkl mnop', 'row-1');
    expect(sealed).not.toContain('abcd');
    expect(sealed).not.toBe(box.seal('abcd efgh ijkl mnop', 'row-1'));
    expect(box.open(sealed, 'row-1')).toBe('abcd efgh ijkl mnop');
  });

  it('refuses a value moved to another row, altered, or sealed under another server secret', () => {
    const sealed = box.seal('secret', 'row-1');
    expect(() => box.open(sealed, 'row-2')).toThrow();
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3] ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() =>
      box.open([...parts.slice(0, 3), flipped.toString('base64url')].join('.'), 'row-1'),
    ).toThrow();
    expect(() => new SecretBox('another server secret', 'publishing').open(sealed, 'row-1')).toThrow();
    expect(() =>
      new SecretBox('a server secret that is long enough', 'webhooks').open(sealed, 'row-1'),
    ).toThrow();
  });
});
