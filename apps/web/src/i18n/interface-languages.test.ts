import { describe, expect, it } from 'vitest';
import {
  directionOf,
  INTERFACE_LANGUAGE_CODES,
  initialLanguage,
  matchInterfaceLanguage,
  nativeNameOf,
} from './interface-languages.ts';
import { languageOptions, searchLanguageOptions } from './language-search.ts';

describe('interface languages', () => {
  it('are the 25 of the specification, each with its own name', () => {
    expect([...INTERFACE_LANGUAGE_CODES].sort()).toEqual(
      'en es fr de it pt ru ja ko zh ar hi nl sv no da fi pl tr th vi id ms he fa'.split(' ').sort(),
    );
    expect(nativeNameOf('es')).toBe('Español');
    expect(nativeNameOf('ar')).toBe('العربية');
    expect(nativeNameOf('ja')).toBe('日本語');
  });

  it('run right to left for Arabic, Hebrew and Persian only', () => {
    const rtl = INTERFACE_LANGUAGE_CODES.filter((code) => directionOf(code) === 'rtl');
    expect(rtl).toEqual(['ar', 'he', 'fa']);
  });

  it('are found from the tags browsers send, regions and old codes included', () => {
    expect(matchInterfaceLanguage('es-MX')).toBe('es');
    expect(matchInterfaceLanguage('pt_BR')).toBe('pt');
    expect(matchInterfaceLanguage('zh-Hant-TW')).toBe('zh');
    expect(matchInterfaceLanguage('nb-NO')).toBe('no');
    expect(matchInterfaceLanguage('nn')).toBe('no');
    expect(matchInterfaceLanguage('iw')).toBe('he');
    expect(matchInterfaceLanguage('FA-ir')).toBe('fa');
    expect(matchInterfaceLanguage('uk-UA')).toBeNull();
    expect(matchInterfaceLanguage('')).toBeNull();
  });
});

describe('the first language of a visit', () => {
  it('is the one chosen before on this browser', () => {
    expect(initialLanguage('ar', ['es-ES', 'en'])).toBe('ar');
  });

  it('else the first of the browser languages Voxpress speaks', () => {
    expect(initialLanguage(null, ['uk-UA', 'ru-RU', 'en-US'])).toBe('ru');
    expect(initialLanguage(null, ['es-419'])).toBe('es');
  });

  it('else English, also when the saved choice is not a language any more', () => {
    expect(initialLanguage('xx', ['uk-UA', 'be'])).toBe('en');
    expect(initialLanguage(null, [])).toBe('en');
  });
});

describe('the language picker search', () => {
  const inSpanish = languageOptions('es');

  it('names each language in its own tongue and in the page language', () => {
    const german = inSpanish.find((o) => o.code === 'de');
    expect(german).toEqual({ code: 'de', nativeName: 'Deutsch', localName: 'alemán' });
    // No second line where both names are the same word.
    expect(inSpanish.find((o) => o.code === 'es')?.localName).toBeNull();
  });

  it('finds a language by its own name, its name here, its English name or its code', () => {
    const codes = (q: string) => searchLanguageOptions(inSpanish, q).map((o) => o.code);
    expect(codes('deutsch')).toEqual(['de']);
    expect(codes('alemán')).toEqual(['de']);
    expect(codes('aleman')).toEqual(['de']);
    expect(codes('German')).toEqual(['de']);
    expect(codes('عرب')).toEqual(['ar']);
    expect(codes('arabic')).toEqual(['ar']);
    expect(codes('klingon')).toEqual([]);
    expect(codes('  ')).toHaveLength(25);
  });
});
