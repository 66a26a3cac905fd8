import type { MeasuredNode } from '@takumi-rs/core';
import { describe, expect, it } from 'vitest';
import { factLabel } from '../../../services/infographics/material/fact-labels.ts';
import type { RenderRequest } from '../renderer.ts';
import { TakumiDraw } from '../takumi/takumi-draw.tsx';
import { LANGUAGE_SAMPLES, sampleIn } from '../test/sample-data.ts';
import { isRightToLeft } from './direction.ts';
import { labelsFor } from './labels.ts';

const draw = new TakumiDraw();

const request = (language: string, style: RenderRequest['style'] = 'modern'): RenderRequest => ({
  style,
  contentType: 'recipe',
  width: 1080,
  height: 1080,
  data: sampleIn(language),
  audience: 'general',
  culturalContext: 'international',
});

/** Every drawn run with where it lands on the image. */
function runs(node: MeasuredNode, out: { text: string; left: number; right: number }[] = []) {
  for (const r of node.runs) {
    const left = node.transform[4] + r.x;
    if (r.text.trim()) out.push({ text: r.text, left, right: left + r.width });
  }
  for (const child of node.children) runs(child, out);
  return out;
}

/** The room left of and right of the runs that draw `text` (a run may hold a word or a line). */
function margins(all: ReturnType<typeof runs>, text: string, width: number) {
  // Some styles draw the eyebrow in capitals.
  // A font change splits a run (ę, ơ), so a run of one or two letters could belong to any word;
  // Chinese, Japanese and Korean come one character to a run.
  const mine = all.filter((r) => {
    const run = r.text.trim().toLowerCase();
    const shortest = CJK.test(run) ? 1 : Math.min(3, text.length);
    return run.length >= shortest && text.toLowerCase().includes(run);
  });
  expect(mine.length, `no run draws ${text}`).toBeGreaterThan(0);
  return {
    left: Math.min(...mine.map((r) => r.left)),
    right: width - Math.max(...mine.map((r) => r.right)),
  };
}

const RTL = ['ar', 'fa', 'ur', 'he'];
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

describe('writing direction', () => {
  it('knows which languages are written right to left', () => {
    expect(RTL.every(isRightToLeft)).toBe(true);
    expect(['ar-EG', 'fa_IR', 'yi'].every(isRightToLeft)).toBe(true);
    expect(['en', 'th', 'ru', 'el', 'hi', 'zh', 'tr'].some(isRightToLeft)).toBe(false);
  });

  for (const language of Object.keys(LANGUAGE_SAMPLES)) {
    const rtl = isRightToLeft(language);
    it(`lays ${language} out from the ${rtl ? 'right' : 'left'}: eyebrow, title and points`, async () => {
      for (const style of ['modern', 'elegant'] as const) {
        const r = request(language, style);
        const all = runs(await draw.layout(r));
        const sample = sampleIn(language);
        for (const text of [labelsFor(language).type.recipe, sample.points[0]?.text ?? '']) {
          const m = margins(all, text, r.width);
          if (style === 'elegant') {
            // A centred style keeps its eyebrow centred in both directions.
            if (text === labelsFor(language).type.recipe)
              expect(Math.abs(m.left - m.right), `${language} ${style} ${text}`).toBeLessThan(60);
            continue;
          }
          if (rtl) expect(m.right, `${language} ${text} starts at the right`).toBeLessThan(m.left);
          else expect(m.left, `${language} ${text} starts at the left`).toBeLessThan(m.right);
        }
        if (style === 'modern' && !CJK.test(sample.title)) {
          const title = margins(all, sample.title, r.width);
          // The title's lines start at the image's start margin (a CJK character's run could be
          // any text's, so those titles are left to the eyebrow and points above).
          if (rtl) expect(title.right).toBeLessThanOrEqual(title.left);
          else expect(title.left).toBeLessThanOrEqual(title.right);
        }
      }
    });
  }
});

describe('labels in the content’s language', () => {
  const en = labelsFor('en');
  for (const language of Object.keys(LANGUAGE_SAMPLES).filter((l) => l !== 'en')) {
    it(`names sections and figures in ${language}, not in English`, () => {
      const own = labelsFor(language);
      for (const key of ['ingredients', 'steps', 'points', 'actions'] as const)
        expect(own[key], `${language} ${key}`).not.toBe(en[key]);
      expect(own.type.meeting_notes).not.toBe(en.type.meeting_notes);
      for (const key of ['servings', 'difficulty', 'ingredients', 'steps', 'attendees'] as const)
        expect(factLabel(language, key), `${language} ${key}`).not.toBe(factLabel('en', key));
    });
  }

  it('reads Norwegian Bokmål and Nynorsk with the Norwegian labels', () => {
    expect(labelsFor('nb-NO').steps).toBe('Trinn');
    expect(factLabel('nn', 'servings')).toBe('Porsjoner');
  });
});
