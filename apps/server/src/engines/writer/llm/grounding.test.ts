import { describe, expect, it } from 'vitest';
import { groundDraft, normaliseForMatch } from './grounding.ts';
import { formatTimestamp, sourceSegments, splitForContext, transcriptLine } from './transcript-lines.ts';

const segments = [
  { id: 0, start: 0, text: 'We start early.' },
  { id: 1, start: 3, text: 'The art of bread is patience,' },
  { id: 2, start: 6, text: 'and a hot oven.' },
  { id: 3, start: 9, text: '我们今天烤面包。' },
];
const draft = (quotes: string[]) => ({
  title: 't',
  blocks: [{ type: 'paragraph' as const, text: 'p', segment_ids: [1, 7, 1] }],
  key_points: [],
  quotes: quotes.map((text) => ({ text, segment_ids: [0] })),
  details: null,
});

describe('grounding', () => {
  it('keeps quotes found after normalising, spanning segments, and drops the rest', () => {
    const { draft: grounded, report } = groundDraft(
      draft(['the ART of bread is patience and a hot oven', 'art', 'bread is love', '今天烤面包']),
      segments,
    );
    expect(grounded.quotes).toEqual([
      { text: 'the ART of bread is patience and a hot oven', segment_ids: [1, 2] },
      { text: '今天烤面包', segment_ids: [3] },
    ]);
    expect(report.quotes_dropped).toEqual(['art', 'bread is love']);
  });

  it('matches whole words only', () => {
    expect(groundDraft(draft(['tart early']), segments).draft.quotes).toEqual([]);
  });

  it('removes unknown and repeated segment ids', () => {
    const { draft: grounded, report } = groundDraft(draft([]), segments);
    expect(grounded.blocks[0]?.segment_ids).toEqual([1]);
    expect(report.references_dropped).toBe(1);
  });

  it('normalises case, accents, curly apostrophes and punctuation', () => {
    expect(normaliseForMatch('Don’t  STOP—Café!')).toBe(normaliseForMatch('dont stop cafe'));
  });
});

describe('transcript lines', () => {
  it('formats compact timestamped lines with ids', () => {
    expect(formatTimestamp(3725.9)).toBe('01:02:05');
    expect(transcriptLine({ id: 12, start: 723.4, text: ' Hello\n there ' })).toBe(
      '#12 [00:12:03] Hello there',
    );
    expect(transcriptLine({ id: 2, start: null, text: 'Typed.' })).toBe('#2 Typed.');
  });

  it('cuts an untimed transcript into sentences and skips empty segments', () => {
    expect(sourceSegments([], 'First one. Second one?\n\nA new paragraph.')).toEqual([
      { id: 0, start: null, text: 'First one.' },
      { id: 1, start: null, text: 'Second one?' },
      { id: 2, start: null, text: 'A new paragraph.' },
    ]);
    expect(
      sourceSegments(
        [
          { start: 0, end: 1, text: ' ' },
          { start: 1, end: 2, text: 'Hi' },
        ],
        'Hi',
      ),
    ).toEqual([{ id: 1, start: 1, text: 'Hi' }]);
  });

  it('splits at segment boundaries within the budget, never inside a segment', () => {
    const many = Array.from({ length: 50 }, (_, id) => ({ id, start: id, text: 'word '.repeat(20) }));
    const parts = splitForContext(many, 200);
    expect(parts.length).toBeGreaterThan(5);
    expect(parts.flat().map((s) => s.id)).toEqual(many.map((s) => s.id));
    expect(splitForContext([{ id: 0, start: 0, text: 'x'.repeat(5000) }], 10)).toHaveLength(1);
  });
});
