import { describe, expect, it } from 'vitest';
import { alignSegments } from './align.ts';

const ids = (n: number) => `S${n + 1}`;

describe('segments aligned to speaker turns', () => {
  const turns = [
    { start: 0, end: 4, speaker: 0 },
    { start: 4.3, end: 9, speaker: 1 },
    { start: 9.4, end: 12, speaker: 0 },
  ];

  it('gives each segment the voice speaking during it', () => {
    const out = alignSegments(
      [
        { start: 0.2, end: 3.8, text: 'Thank you for coming.' },
        { start: 4.4, end: 8.9, text: 'It is a pleasure to be here.' },
        { start: 9.5, end: 11.5, text: 'Let us begin.' },
      ],
      turns,
      ids,
    );
    expect(out.map((s) => s.speaker)).toEqual(['S1', 'S2', 'S1']);
    expect(out.map((s) => s.text)).toEqual([
      'Thank you for coming.',
      'It is a pleasure to be here.',
      'Let us begin.',
    ]);
  });

  it('splits a segment spanning a change, by time in proportion when no word is timed', () => {
    const [first, second, ...rest] = alignSegments(
      [{ start: 2, end: 6, text: 'one two three four five six seven eight' }],
      turns,
      ids,
    );
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ speaker: 'S1', text: 'one two three four', start: 2 });
    expect(second).toMatchObject({ speaker: 'S2', text: 'five six seven eight', end: 6 });
  });

  it('splits at the word timings when the engine gave them', () => {
    const words = [
      { start: 3.0, end: 3.3, text: 'yes' },
      { start: 3.4, end: 3.9, text: 'indeed.' },
      { start: 4.4, end: 4.7, text: 'But' },
      { start: 4.8, end: 5.2, text: 'why' },
      { start: 5.3, end: 6.0, text: 'now?' },
    ];
    const out = alignSegments([{ start: 3, end: 6, text: 'yes indeed. But why now?', words }], turns, ids);
    expect(out.map((s) => [s.speaker, s.text, s.start, s.end])).toEqual([
      ['S1', 'yes indeed.', 3, 3.9],
      ['S2', 'But why now?', 4.4, 6],
    ]);
  });

  it('does not split off a sliver: a short overlap goes with the voice around it', () => {
    const out = alignSegments([{ start: 3.8, end: 8, text: 'a long answer from the guest' }], turns, ids);
    expect(out).toHaveLength(1);
    expect(out[0]?.speaker).toBe('S2');
  });

  it('gives a segment in a pause the nearest voice, and keeps one word whole', () => {
    const out = alignSegments(
      [
        { start: 4.05, end: 4.2, text: 'Right.' },
        { start: 3, end: 6, text: 'Okay' },
      ],
      turns,
      ids,
    );
    expect(out.map((s) => [s.speaker, s.text])).toEqual([
      ['S1', 'Right.'],
      ['S2', 'Okay'],
    ]);
  });
});
