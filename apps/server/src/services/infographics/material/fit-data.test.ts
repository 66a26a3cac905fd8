import { INFOGRAPHIC_DATA_LIMITS, zInfographicData } from '@voxpress/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InfographicData } from '../../../engines/renderer/renderer.ts';
import { ELLIPSIS, fitText, fitToContract } from './fit-data.ts';
import { dataFor, emptyMaterial } from './infographic-material.ts';

const RUN = 'so then we take the flour and mix it with butter until smooth';

describe('fitText', () => {
  it('keeps a text within its limit as it is, on one line', () => {
    expect(fitText('  Salt the water\nwell\t ', 40)).toBe('Salt the water well');
  });

  it('cuts a long run after its last whole word, with an ellipsis', () => {
    const run = Array.from({ length: 40 }, () => RUN).join(' ');
    const cut = fitText(run, 400);
    expect(cut.length).toBeLessThanOrEqual(400);
    expect(cut.length).toBeGreaterThan(380);
    expect(cut.endsWith(ELLIPSIS)).toBe(true);
    const kept = cut.slice(0, -1);
    expect(run.startsWith(kept)).toBe(true);
    expect(run[kept.length]).toBe(' ');
  });

  it('drops the punctuation a cut leaves, but not a closing quote', () => {
    expect(fitText('one two three, four five six', 16)).toBe('one two three…');
    expect(fitText('he said “stop” and then left the room', 18)).toBe('he said “stop”…');
    expect(fitText('(see the notes) and more', 17)).toBe('(see the notes)…');
  });

  it('cuts Chinese and Thai, written without spaces, between words', () => {
    const zh = '我们把面粉和黄油搅拌均匀然后放进烤箱'.repeat(30);
    const cut = fitText(zh, 100, 'zh');
    expect(cut.length).toBeLessThanOrEqual(100);
    const kept = cut.slice(0, -1);
    const words = [...new Intl.Segmenter('zh', { granularity: 'word' }).segment(zh)];
    expect(words.some((w) => w.index === kept.length)).toBe(true);
    const th = 'เราผสมแป้งกับเนยจนเนียนแล้วนำเข้าเตาอบ'.repeat(20);
    const thai = fitText(th, 60, 'th').slice(0, -1);
    const thaiWords = [...new Intl.Segmenter('th', { granularity: 'word' }).segment(th)];
    expect(thaiWords.some((w) => w.index === thai.length)).toBe(true);
  });

  it('cuts a single word longer than the limit between whole characters', () => {
    expect(fitText('a'.repeat(500), 60)).toBe(`${'a'.repeat(59)}${ELLIPSIS}`);
    // An emoji with a skin tone is one character of two code points: never split.
    const cut = fitText('👍🏽'.repeat(100), 9);
    expect(cut).toBe(`👍🏽👍🏽${ELLIPSIS}`);
  });

  it('replaces a lone surrogate and control characters', () => {
    expect(fitText('a\uD800b\u0000c', 10)).toBe('a\uFFFDb c');
  });
});

describe('fitToContract', () => {
  it('makes data from a piece with a run-on opening fit the contract', () => {
    const m = emptyMaterial('en', 'Baking day');
    m.subtitle = Array.from({ length: 60 }, () => RUN).join(' ');
    m.keyPoints = [{ text: m.subtitle, start: -1 }];
    m.tags = ['x'.repeat(200)];
    const data = dataFor(m, 'key_points');
    expect(zInfographicData.safeParse(data).error).toBeUndefined();
    expect(data.subtitle?.length).toBeLessThanOrEqual(INFOGRAPHIC_DATA_LIMITS.subtitle);
    expect(data.points[0]?.start).toBeNull();
  });

  it('answers any data within the contract', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.string({ unit: 'grapheme', maxLength: 900 }),
      fc
        .array(fc.constantFrom('so', 'then', 'we', '字', 'คำ', 'كلمة', '\n'), { maxLength: 400 })
        .map((w) => w.join(' ')),
      fc.integer({ min: 1, max: 3000 }).map((n) => 'w'.repeat(n)),
    );
    const sourced = fc.record({ text, start: fc.oneof(fc.constant(null), fc.double()) });
    const data: fc.Arbitrary<InfographicData> = fc.record(
      {
        language: fc.constantFrom('en', 'zh', 'th', 'ar', 'x!', ''),
        title: text,
        subtitle: text,
        points: fc.array(sourced, { maxLength: 20 }),
        steps: fc.array(text, { maxLength: 30 }),
        ingredients: fc.array(text, { maxLength: 50 }),
        facts: fc.array(fc.record({ label: text, value: text }), { maxLength: 10 }),
        quote: sourced,
        actionItems: fc.array(fc.record({ text, owner: text }), { maxLength: 15 }),
        tags: fc.array(text, { maxLength: 15 }),
        footer: text,
      },
      { requiredKeys: ['language', 'title', 'points'] },
    );
    fc.assert(
      fc.property(data, (d) => {
        const fitted = fitToContract(d);
        const parsed = zInfographicData.safeParse(fitted);
        expect(parsed.error).toBeUndefined();
        // Fitting is stable: fitted data is left as it is.
        expect(fitToContract(fitted)).toEqual(fitted);
      }),
      { numRuns: 300, seed: 20261127 },
    );
  });
});
