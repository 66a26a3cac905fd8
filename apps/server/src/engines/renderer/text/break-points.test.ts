import { describe, expect, it } from 'vitest';
import { ellipsisCandidates } from './break-points.ts';

const graphemes = (text: string, language: string) =>
  [...new Intl.Segmenter(language, { granularity: 'grapheme' }).segment(text)].map((s) => s.segment);

describe('ellipsis candidates', () => {
  it('end at word boundaries, longest first, without trailing punctuation', () => {
    const got = ellipsisCandidates('Salt the water, then boil the pasta.', 'en');
    expect(got).toEqual([
      'Salt the water, then boil the…',
      'Salt the water, then boil…',
      'Salt the water, then…',
      'Salt the water…',
      'Salt the…',
      'Salt…',
      'Sal…',
      'Sa…',
      'S…',
    ]);
  });

  it('cut Chinese and Japanese between dictionary words', () => {
    const zh = ellipsisCandidates('煮面的水要多放盐', 'zh');
    expect(zh.length).toBeGreaterThan(1);
    for (const c of zh) expect('煮面的水要多放盐'.startsWith(c.slice(0, -1))).toBe(true);
    // Word cuts come first; cuts inside the first word only after them.
    expect(zh).toContain('煮面的水…');
  });

  it('never split a Devanagari, Tamil or Telugu cluster', () => {
    for (const [language, text] of [
      ['hi', 'पास्ता का एक कप पानी बचाकर रखें'],
      ['ta', 'ஒரு கோப்பை பாஸ்தா நீரை வைத்திருங்கள்'],
      ['te', 'ఒక కప్పు పాస్తా నీటిని ఉంచుకోండి'],
    ] as const) {
      const whole = graphemes(text, language);
      for (const candidate of ellipsisCandidates(text, language)) {
        const kept = graphemes(candidate.slice(0, -1), language);
        // Every kept cluster is a whole cluster of the original, in place.
        expect(kept).toEqual(whole.slice(0, kept.length));
        expect(candidate.endsWith(' …')).toBe(false);
      }
    }
  });

  it('cut a single long word between whole graphemes', () => {
    const word = 'क्षत्रियों';
    const clusters = graphemes(word, 'hi');
    const got = ellipsisCandidates(word, 'hi');
    expect(got).toHaveLength(clusters.length - 1);
    got.forEach((candidate, i) => {
      expect(candidate).toBe(`${clusters.slice(0, clusters.length - 1 - i).join('')}…`);
    });
  });
});
