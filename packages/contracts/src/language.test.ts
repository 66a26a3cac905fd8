import { describe, expect, it } from 'vitest';
import { primaryLanguage, sameLanguage } from './language.ts';

describe('primaryLanguage', () => {
  it('keeps the primary subtag, lower case, whichever separator the tag uses', () => {
    expect(primaryLanguage('en-US')).toBe('en');
    expect(primaryLanguage('en_GB')).toBe('en');
    expect(primaryLanguage('EN')).toBe('en');
    expect(primaryLanguage('zh-Hant-TW')).toBe('zh');
    expect(primaryLanguage(' pt-BR ')).toBe('pt');
    expect(primaryLanguage('')).toBe('');
  });

  it('tells variants of one language apart from other languages', () => {
    expect(sameLanguage('en-GB', 'en-US')).toBe(true);
    expect(sameLanguage('en', 'EN-au')).toBe(true);
    expect(sameLanguage('nb-NO', 'no')).toBe(false);
  });
});
