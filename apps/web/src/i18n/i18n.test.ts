import { afterEach, describe, expect, it } from 'vitest';
import { i18n, SOURCE_LANGUAGE, syncDocumentLanguage } from './i18n.ts';

function fakeDocument(): Document {
  return { documentElement: { lang: '', dir: '' } } as unknown as Document;
}

describe('interface language', () => {
  afterEach(async () => {
    await i18n.changeLanguage(SOURCE_LANGUAGE);
  });

  it('is ready with the English texts before anything renders', () => {
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.t('brand.tagline')).toBe('Voice to Content, Simplified');
    expect(i18n.t('card.step', { step: 3 })).toBe('Step 3');
  });

  it('sets <html lang> and the writing direction, right to left for Arabic, Hebrew and Persian', async () => {
    const doc = fakeDocument();
    syncDocumentLanguage(doc);
    expect(doc.documentElement.lang).toBe('en');
    expect(doc.documentElement.dir).toBe('ltr');
    for (const language of ['ar', 'he', 'fa']) {
      await i18n.changeLanguage(language);
      expect(doc.documentElement.lang).toBe(language);
      expect(doc.documentElement.dir).toBe('rtl');
    }
    await i18n.changeLanguage('de');
    expect(doc.documentElement.dir).toBe('ltr');
  });

  it('falls back to English for a language whose texts are not there yet', async () => {
    await i18n.changeLanguage('fr');
    expect(i18n.t('layout.home')).toBe('Home');
  });
});
