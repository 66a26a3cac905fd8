import { describe, expect, it } from 'vitest';
import {
  isKnownLanguage,
  languageName,
  searchLanguages,
  transcriptionLanguageFields,
} from './language-fields.ts';
import englishNames from './language-names.en.json';
import { LANGUAGE_CODES, languages } from './languages.ts';

const LANGUAGES = languages();
const UNIVERSAL_ENGLISH = { name: 'English (Universal – All Regions & Accents)' };

describe('language list', () => {
  it('has an English name for every offered code and no name without a code', () => {
    expect([...LANGUAGE_CODES].sort()).toEqual(Object.keys(englishNames).sort());
  });

  it('holds about 150 unique language-region codes with universal English first', () => {
    expect(LANGUAGES.length).toBeGreaterThanOrEqual(140);
    expect(LANGUAGES.length).toBeLessThanOrEqual(170);
    expect(new Set(LANGUAGES.map((l) => l.code)).size).toBe(LANGUAGES.length);
    expect(LANGUAGES[0]).toEqual({ code: 'en-US', name: UNIVERSAL_ENGLISH.name });
    for (const code of ['en-GB', 'es-ES', 'es-MX', 'fr-FR', 'de-DE', 'zh-CN', 'ja-JP', 'ko-KR', 'ta-IN']) {
      expect(isKnownLanguage(code), code).toBe(true);
    }
    for (const code of ['te-IN', 'hi-IN', 'ar-SA']) expect(isKnownLanguage(code), code).toBe(true);
    for (const l of LANGUAGES) expect(l.code).toMatch(/^[a-z]{2,3}-[A-Z]{2}$/);
  });

  it('names codes, falling back to the code itself', () => {
    expect(languageName('ta-IN')).toBe('Tamil (India)');
    expect(languageName('en-us')).toBe(UNIVERSAL_ENGLISH.name);
    expect(languageName('xx-YY')).toBe('xx-YY');
    // A bare language code outside the list gets the browser's name for it.
    expect(languageName('es')).toBe('Spanish');
    expect(languageName('en')).toBe('English');
  });
});

describe('searchLanguages', () => {
  it('returns everything for an empty query', () => {
    expect(searchLanguages('  ')).toHaveLength(LANGUAGES.length);
  });

  it('matches names and codes, ignoring case and accents', () => {
    expect(searchLanguages('tamil').map((l) => l.code)).toEqual(['ta-IN', 'ta-MY', 'ta-SG', 'ta-LK']);
    expect(searchLanguages('ES-mx').map((l) => l.code)).toEqual(['es-MX']);
    expect(searchLanguages('bokmal').map((l) => l.code)).toEqual(['nb-NO']);
    expect(searchLanguages('spanish mex').map((l) => l.code)).toEqual(['es-MX']);
  });

  it('keeps the pinned universal English first when it matches', () => {
    const english = searchLanguages('english');
    expect(english[0]?.code).toBe('en-US');
    expect(english.length).toBeGreaterThan(10);
  });

  it('finds nothing for nonsense', () => {
    expect(searchLanguages('klingon')).toEqual([]);
  });
});

describe('transcriptionLanguageFields', () => {
  it('maps universal English to en with the English-tuned engine', () => {
    expect(transcriptionLanguageFields('en-US')).toEqual({
      language: 'en-US',
      google_language_code: 'en-US',
      use_whisper_for_english: true,
      expected_languages: ['en'],
      force_language: 'en-US',
      dialect: null,
    });
  });

  it('uses the part before the hyphen for other codes, including other English regions', () => {
    expect(transcriptionLanguageFields('ta-IN')).toEqual({
      language: 'ta-IN',
      google_language_code: 'ta-IN',
      use_whisper_for_english: false,
      expected_languages: ['ta'],
      force_language: 'ta-IN',
      dialect: 'ta-IN',
    });
    expect(transcriptionLanguageFields('en-GB').use_whisper_for_english).toBe(false);
    expect(transcriptionLanguageFields('en-GB').expected_languages).toEqual(['en']);
    expect(transcriptionLanguageFields('fil-PH').expected_languages).toEqual(['fil']);
  });
});
