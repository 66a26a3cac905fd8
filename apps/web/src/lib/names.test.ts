import { describe, expect, it } from 'vitest';
import { displayName, firstName, initials } from './names.ts';

describe('displayName', () => {
  it('keeps names of up to 12 characters', () => {
    expect(displayName('Ada Lovelace')).toBe('Ada Lovelace');
    expect(displayName('  Grace  ')).toBe('Grace');
  });

  it('cuts longer names to 12 characters plus "..."', () => {
    expect(displayName('Alexandria Ocasio')).toBe('Alexandria O...');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(displayName('😀😀😀😀😀😀😀😀😀😀😀😀😀')).toBe('😀😀😀😀😀😀😀😀😀😀😀😀...');
  });

  it('falls back to "User"', () => {
    expect(displayName('')).toBe('User');
    expect(displayName('   ')).toBe('User');
    expect(displayName(null)).toBe('User');
    expect(displayName(undefined)).toBe('User');
  });
});

describe('initials and firstName', () => {
  it('derives avatar initials and a greeting name', () => {
    expect(initials('ada lovelace byron')).toBe('AL');
    expect(initials('')).toBe('U');
    expect(firstName('Ada Lovelace')).toBe('Ada');
    expect(firstName('')).toBe('');
  });
});
