import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INTERFACE_LANGUAGE_CODES } from '../../i18n/interface-languages.ts';

// The dashboard's figure is the speech engines' own confidence, which on offline speech runs 10 to
// 25 points above the share of words they get right: it must never be called an accuracy rate.
const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../i18n/locales');

interface Stats {
  accuracy: string;
  accuracyNote: string;
  accuracyHint: string;
}

function statsIn(lang: string): Stats {
  return JSON.parse(readFileSync(path.join(locales, lang, 'home.json'), 'utf8')).stats as Stats;
}

describe('the dashboard’s confidence figure', () => {
  it('is labelled engine confidence, not accuracy', () => {
    const en = statsIn('en');
    expect(en.accuracy).toBe('Engine confidence');
    expect(en.accuracyNote).toBe('Not a measured accuracy');
    expect(en.accuracyHint).toContain('It is not measured accuracy');
  });

  it.each(INTERFACE_LANGUAGE_CODES)('says in %s how far it overstates real accuracy', (lang) => {
    const stats = statsIn(lang);
    expect(stats.accuracyHint).toMatch(/(10|۱۰).*(25|۲۵)/);
    expect(stats.accuracyNote).not.toBe(stats.accuracy);
  });
});
