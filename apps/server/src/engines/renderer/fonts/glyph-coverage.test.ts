import { INFOGRAPHIC_CONTENT_TYPES, LAYOUT_STYLE_KEYS } from '@voxpress/contracts';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import type { RenderRequest } from '../renderer.ts';
import { requestTexts, TakumiDraw } from '../takumi/takumi-draw.tsx';
import { LANGUAGE_SAMPLES, sampleIn } from '../test/sample-data.ts';
import type { FontFace } from './font-library.ts';
import { codepointsOf, inRanges } from './unicode-range.ts';

const draw = new TakumiDraw();
const opened = new Map<string, fontkit.Font>();
function open(face: FontFace): fontkit.Font {
  let font = opened.get(face.file);
  if (!font) {
    font = fontkit.openSync(face.file) as fontkit.Font;
    opened.set(face.file, font);
  }
  return font;
}

const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

describe('glyph coverage', () => {
  for (const language of Object.keys(LANGUAGE_SAMPLES)) {
    it(`draws every character of ${language} text and labels with a real glyph`, () => {
      for (const style of LAYOUT_STYLE_KEYS) {
        for (const contentType of INFOGRAPHIC_CONTENT_TYPES) {
          const request: RenderRequest = {
            style,
            contentType,
            width: 1080,
            height: 1080,
            data: sampleIn(language),
            audience: 'general',
            culturalContext: 'international',
          };
          const plan = draw.fontPlan(request);
          expect(plan.missing.map(hex), `${language} ${style}: no font covers these`).toEqual([]);
          for (const cp of codepointsOf(requestTexts(request))) {
            // The faces whose unicode-range claims this character must really carry it (cmap).
            const claimed = plan.faces.filter((f) => inRanges(f.ranges, cp));
            expect(claimed.length, `${language} ${style} ${hex(cp)} has no face`).toBeGreaterThan(0);
            const families = new Set(claimed.map((f) => f.family));
            for (const family of families) {
              // Subsets of a family may claim the same character (Inter's latin and latin-ext both
              // claim the Turkish ı); the renderer tries each, so one of them must carry it.
              const faces = claimed.filter((f) => f.family === family && f.style === 'normal');
              expect(
                faces.some((face) => open(face).hasGlyphForCodePoint(cp)),
                `${family} lacks ${hex(cp)} for ${language}`,
              ).toBe(true);
            }
          }
        }
      }
    });
  }

  it('loads no CJK or Indic font for a Latin-only request', () => {
    const plan = draw.fontPlan({
      style: 'modern',
      contentType: 'recipe',
      width: 1080,
      height: 1080,
      data: sampleIn('de'),
      audience: 'general',
      culturalContext: 'international',
    });
    expect(new Set(plan.faces.map((f) => f.family))).toEqual(new Set(['Inter']));
    expect(plan.fallbacks).toEqual([]);
  });

  it('loads a script font only for a text that needs it: Arabic, Hebrew and Thai on first use', () => {
    const plan = (language: string) =>
      draw.fontPlan({
        style: 'modern',
        contentType: 'recipe',
        width: 1080,
        height: 1080,
        data: sampleIn(language),
        audience: 'general',
        culturalContext: 'international',
      });
    for (const [language, family] of [
      ['ar', 'Noto Sans Arabic'],
      ['fa', 'Noto Sans Arabic'],
      ['ur', 'Noto Sans Arabic'],
      ['he', 'Noto Sans Hebrew'],
      ['th', 'Noto Sans Thai'],
    ] as const) {
      const p = plan(language);
      expect(p.fallbacks, language).toEqual([family]);
      expect(new Set(p.faces.map((f) => f.family)), language).toEqual(new Set(['Inter', family]));
    }
    // Cyrillic and Greek are Inter's own subsets: no other font is loaded for them.
    for (const language of ['ru', 'el']) {
      const p = plan(language);
      expect(p.fallbacks, language).toEqual([]);
      expect(new Set(p.faces.map((f) => f.subset)), language).toContain(
        language === 'ru' ? 'cyrillic' : 'greek',
      );
    }
  });

  it('loads only the Chinese subsets a Chinese text needs', () => {
    const plan = draw.fontPlan({
      style: 'minimal',
      contentType: 'recipe',
      width: 1080,
      height: 1080,
      data: sampleIn('zh'),
      audience: 'general',
      culturalContext: 'international',
    });
    expect(plan.fallbacks[0]).toBe('Noto Sans SC');
    const sc = plan.faces.filter((f) => f.family === 'Noto Sans SC');
    // Two weights of a handful of the package's ~100 slices.
    expect(sc.length).toBeGreaterThan(0);
    expect(sc.length).toBeLessThan(40);
  });
});
