import { describe, expect, it } from 'vitest';
import { composeRendition } from './compose-renditions.ts';
import { rulesFor } from './platform-rules.ts';
import type { RenditionSource } from './rendition-source.ts';
import { withoutNumber } from './thread.ts';
import { xWeightedLength } from './x-weight.ts';

const sentence = (i: number) =>
  `Sentence ${i} tells the reader one more true thing about slow bread and its long rise.`;
const source = (paragraphs: number, perParagraph = 4): RenditionSource => ({
  title: 'Slow bread',
  language: 'en',
  keywords: ['bread', 'slow baking', '2026'],
  markdown: '',
  blocks: [
    { type: 'heading', text: 'Bread', segment_ids: [], start: null },
    { type: 'paragraph', text: `Slow bread\n\n${sentence(0)}`, segment_ids: [0], start: null },
    ...Array.from({ length: paragraphs }, (_, p) => ({
      type: 'paragraph' as const,
      text: Array.from({ length: perParagraph }, (_, s) => sentence(p * 10 + s + 1)).join(' '),
      segment_ids: [p],
      start: null,
    })),
    { type: 'bullet', text: 'Flour and water', segment_ids: [1], start: null },
    { type: 'bullet', text: 'Salt', segment_ids: [1], start: null },
  ],
});

/** Every sentence the composer wrote must be one of the piece's own. */
function onlyOwnSentences(text: string, piece: RenditionSource): void {
  const own = piece.blocks.map((b) => b.text).join(' ');
  for (const s of text.match(/Sentence \d+[^.]*\./g) ?? []) expect(own).toContain(s);
}

describe("the composer's renditions", () => {
  it('opens the thread with the title once and keeps every post within 280', () => {
    const piece = source(2);
    const { parts } = composeRendition(piece, rulesFor('twitter'));
    expect(withoutNumber(parts[0] ?? '')).toMatch(/^Slow bread Sentence 0 /);
    for (const p of parts) expect(xWeightedLength(p)).toBeLessThanOrEqual(280);
    onlyOwnSentences(parts.join(' '), piece);
    expect(parts.at(-1)).toMatch(/#Bread #SlowBaking$/);
  });

  it("keeps a long piece to ten posts with each paragraph's lead sentence", () => {
    const piece = source(30);
    const { parts } = composeRendition(piece, rulesFor('twitter'));
    expect(parts.length).toBeLessThanOrEqual(10);
    expect(parts.join(' ')).toContain(sentence(1));
    expect(parts.join(' ')).not.toContain(sentence(2));
    onlyOwnSentences(parts.join(' '), piece);
  });

  it('fits LinkedIn, Instagram and a custom platform within their limits, cut at a sentence', () => {
    const piece = source(40);
    const linkedin = composeRendition(piece, rulesFor('linkedin')).parts[0] ?? '';
    expect(linkedin.length).toBeLessThanOrEqual(3000);
    expect(linkedin.split('\n').slice(0, 2)).toEqual(['Slow bread', sentence(0)]);
    const caption = composeRendition(piece, rulesFor('instagram')).parts[0] ?? '';
    expect(caption.length).toBeLessThanOrEqual(2200);
    expect(caption).toMatch(/\n\n#Bread #SlowBaking$/);
    const custom =
      composeRendition(piece, rulesFor('Team Wiki', { charLimit: 200, styleNote: 'Plain.' })).parts[0] ?? '';
    expect(custom.length).toBeLessThanOrEqual(200);
    expect(custom).toMatch(/\.$/);
    onlyOwnSentences(`${linkedin} ${caption} ${custom}`, piece);
  });

  it('gives WordPress the article as Markdown and HTML with its headings and lists', () => {
    const piece = { ...source(1), markdown: '## Bread\n\nSlow words.\n\n- Flour\n- Salt' };
    const article = composeRendition(piece, rulesFor('wordpress'));
    expect(article.parts[0]).toBe('# Slow bread\n\n## Bread\n\nSlow words.\n\n- Flour\n- Salt\n');
    expect(article.html).toContain('<h2>Bread</h2>');
    expect(article.html).toMatch(/<ul>\s*<li>Flour<\/li>/);
  });
});
