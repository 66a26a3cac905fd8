import { describe, expect, it } from 'vitest';
import { clock, escapeHtml, pageLanguage, previewText } from './share-page.ts';
import { bodyWithoutTitle, nestHeadings } from './share-page-data.ts';
import { SHARE_PAGE_TEXTS } from './share-page-texts.ts';

describe('share page pieces', () => {
  it('picks the best interface language from Accept-Language, English when none fits', () => {
    expect(pageLanguage(undefined)).toBe('en');
    expect(pageLanguage('xx, yy;q=0.9')).toBe('en');
    expect(pageLanguage('pt-BR,pt;q=0.9,en;q=0.8')).toBe('pt');
    expect(pageLanguage('en;q=0.2, ko;q=0.9')).toBe('ko');
    expect(pageLanguage('nb-NO')).toBe('no');
    expect(pageLanguage('zh-Hant-TW;q=0, fa')).toBe('fa');
  });

  it('has every text in every language, each with its {engine} where English has one', () => {
    const english = SHARE_PAGE_TEXTS.en;
    for (const [lang, texts] of Object.entries(SHARE_PAGE_TEXTS)) {
      expect(Object.keys(texts), lang).toEqual(Object.keys(english));
      for (const [key, text] of Object.entries(texts))
        expect(text.includes('{engine}'), `${lang}.${key}`).toBe(
          english[key as keyof typeof english].includes('{engine}'),
        );
    }
  });

  it('escapes, times and previews', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(clock(63.4)).toBe('1:03');
    expect(clock(3725)).toBe('1:02:05');
    const long = {
      description: null,
      transcript: { engine: null, passages: [{ start: 0, speaker: null, text: 'word '.repeat(80) }] },
    };
    const preview = previewText(long, 'fallback');
    expect(preview.length).toBeLessThanOrEqual(200);
    expect(preview.endsWith('word…')).toBe(true);
    expect(previewText({ description: null, transcript: null }, 'Shared with Voxpress')).toBe(
      'Shared with Voxpress',
    );
  });

  it("drops a piece's first heading only when it repeats the title, and nests the rest under it", () => {
    expect(bodyWithoutTitle('# Bulbs\n\nPlant them.', 'bulbs')).toBe('Plant them.');
    expect(bodyWithoutTitle('# Something else\n\nPlant them.', 'Bulbs')).toBe(
      '# Something else\n\nPlant them.',
    );
    expect(nestHeadings('<h1>A</h1><h2>B</h2><h5>C</h5>')).toBe('<h3>A</h3><h4>B</h4><h6>C</h6>');
  });
});
