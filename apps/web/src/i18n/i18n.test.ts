import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, SOURCE_LANGUAGE, syncDocumentLanguage } from './i18n.ts';
import { directionOf, INTERFACE_LANGUAGE_CODES } from './interface-languages.ts';

function fakeDocument(): Document {
  return { documentElement: { lang: '', dir: '' } } as unknown as Document;
}

const hasFiles = (language: string) => existsSync(join(import.meta.dirname, 'locales', language));
const withoutFiles = INTERFACE_LANGUAGE_CODES.find((l) => !hasFiles(l));

describe('interface language', () => {
  afterEach(async () => {
    await i18n.changeLanguage(SOURCE_LANGUAGE);
  });

  it('is ready with the English texts before anything renders', () => {
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.t('brand.tagline')).toBe('Voice to Content, Simplified');
    expect(i18n.t('card.step', { step: 3 })).toBe('Step 3');
  });

  it('sets <html lang> and the writing direction of the texts shown, right to left for Arabic, Hebrew and Persian', async () => {
    const doc = fakeDocument();
    syncDocumentLanguage(doc);
    expect(doc.documentElement.lang).toBe('en');
    expect(doc.documentElement.dir).toBe('ltr');
    for (const language of ['ar', 'he', 'fa', 'es', 'de']) {
      await i18n.changeLanguage(language);
      // A language without its files yet shows English, and says so to the browser.
      const shown = hasFiles(language) ? language : SOURCE_LANGUAGE;
      expect(doc.documentElement.lang, language).toBe(shown);
      expect(doc.documentElement.dir, language).toBe(directionOf(shown));
    }
  });

  it.skipIf(withoutFiles === undefined)(
    'falls back to English for a language whose texts are not there yet',
    async () => {
      await i18n.changeLanguage(withoutFiles ?? 'en');
      expect(i18n.t('layout.home')).toBe('Home');
    },
  );
});
