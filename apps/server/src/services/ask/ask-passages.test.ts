import { describe, expect, it } from 'vitest';
import type { AskHit, AskNeighbour } from '../../repositories/ask.repository.ts';
import { ASK_LIMITS, buildPassages, FUSION_K, fuseHits, questionQuery } from './ask-passages.ts';
import { citationOf } from './ask-prompt.ts';

const segment = (position: number, text: string, speaker: string | null = 'S1'): AskNeighbour => ({
  hit_id: '',
  position,
  start_s: position * 5,
  end_s: position * 5 + 5,
  speaker,
  speaker_name: null,
  body: text,
});

const hit = (n: AskNeighbour, rank: number, item = 'i1'): AskHit => ({
  id: `${item}-${n.position}`,
  item_id: item,
  item_kind: 'audio',
  transcription_id: `t-${item}`,
  title: 'Weekly meeting',
  position: n.position,
  start_s: n.start_s,
  end_s: n.end_s,
  speaker: n.speaker,
  speaker_name: n.speaker_name,
  body: n.body,
  rank,
});

/** Each hit with the segments either side of it in `talk`. */
function around(talk: AskNeighbour[], hits: AskHit[]): AskNeighbour[] {
  return hits.flatMap((h) =>
    talk.filter((s) => Math.abs(s.position - h.position) <= 1).map((s) => ({ ...s, hit_id: h.id })),
  );
}

describe('passages for a question', () => {
  const talk = [
    segment(0, 'Sarah, where are we with the release?', 'S1'),
    segment(1, 'The release candidate is ready.', 'S2'),
    segment(2, 'We fixed the crash on older phones.', 'S2'),
    segment(3, 'Good, then we launch on the fourteenth.', 'S1'),
    segment(4, 'Marketing needs more time.', 'S1'),
  ];

  it('reads a hit with its neighbours in the same voice, never folding in another voice', () => {
    const hits = [hit(talk[1] as AskNeighbour, 0.9)];
    const [passage] = buildPassages(hits, around(talk, hits));
    expect(passage).toMatchObject({
      id: 1,
      text: 'The release candidate is ready. We fixed the crash on older phones.',
      start: 5,
      end: 15,
      speaker: 'S2',
      speaker_name: 'Speaker 2',
      matched: 'words',
    });
  });

  it('says how each passage was found, as its hit does', () => {
    const hits = fuseHits([hit(talk[3] as AskNeighbour, 0.9)], [hit(talk[1] as AskNeighbour, 0.8)], 16);
    const passages = buildPassages(hits, around(talk, hits));
    expect(passages.map((p) => [p.speaker, p.matched])).toEqual([
      ['S1', 'words'],
      ['S2', 'meaning'],
    ]);
  });

  it('never gives a segment twice, and numbers passages in rank order', () => {
    const hits = [
      hit(talk[3] as AskNeighbour, 0.9),
      hit(talk[4] as AskNeighbour, 0.5),
      hit(talk[1] as AskNeighbour, 0.4),
    ];
    const passages = buildPassages(hits, around(talk, hits));
    expect(passages.map((p) => [p.id, p.text])).toEqual([
      [1, 'Good, then we launch on the fourteenth. Marketing needs more time.'],
      [2, 'The release candidate is ready. We fixed the crash on older phones.'],
    ]);
  });

  it('keeps within the limits on count and characters', () => {
    const long = Array.from({ length: 40 }, (_, i) => segment(i * 3, `${'word '.repeat(60)}${i}`));
    const hits = long.map((s, i) => hit(s, 1 - i / 100));
    const passages = buildPassages(hits, around(long, hits));
    expect(passages.length).toBeLessThanOrEqual(ASK_LIMITS.passages);
    expect(passages.reduce((n, p) => n + p.text.length, 0)).toBeLessThanOrEqual(ASK_LIMITS.totalChars);
    for (const p of passages) expect(p.text.length).toBeLessThanOrEqual(ASK_LIMITS.passageChars);
  });

  it('cites the segment of a passage that says the sentence', () => {
    const hits = [hit(talk[3] as AskNeighbour, 0.9)];
    const [passage] = buildPassages(hits, around(talk, hits));
    if (!passage) throw new Error('no passage');
    expect(citationOf(passage, 'Marketing needed more time.')).toMatchObject({ start: 20, end: 25 });
    expect(citationOf(passage, 'Nothing in common.')).toMatchObject({
      start: passage.start,
      end: passage.end,
    });
  });

  it('asks for any of the question’s words', () => {
    expect(questionQuery('Who will review the cloud costs, or not?').query).toBe(
      'who or will or review or the or cloud or costs or not',
    );
    expect(questionQuery('"-" ?').query).toBe('');
  });
});

describe('fusing the hits found by words and by meaning', () => {
  const h = (id: string, rank = 0.5): AskHit => ({ ...hit(segment(0, id), rank), id });
  const order = (hits: { id: string; matched: string }[]) => hits.map((x) => `${x.id}:${x.matched}`);

  it('puts first what both found, marks each by what found it, and keeps to the limit', () => {
    const words = [h('a', 0.9), h('b', 0.5), h('c', 0.1)];
    const meaning = [h('d', 0.99), h('b', 0.8), h('e', 0.7)];
    const fused = fuseHits(words, meaning, 16);
    expect(order(fused)).toEqual(['b:both', 'a:words', 'd:meaning', 'c:words', 'e:meaning']);
    // Scores by place alone (1 / (60 + place)), summed where both lists hold a hit.
    expect(fused[0]?.rank).toBeCloseTo(1 / (FUSION_K + 2) + 1 / (FUSION_K + 2), 12);
    expect(fused[1]?.rank).toBeCloseTo(1 / (FUSION_K + 1), 12);
    expect(order(fuseHits(words, meaning, 2))).toEqual(['b:both', 'a:words']);
    expect(fuseHits(words, meaning, 0)).toEqual([]);
  });

  it('gives one list as it is when the other found nothing', () => {
    const words = [h('a'), h('b')];
    expect(order(fuseHits(words, [], 16))).toEqual(['a:words', 'b:words']);
    expect(order(fuseHits([], words, 16))).toEqual(['a:meaning', 'b:meaning']);
    expect(fuseHits([], [], 16)).toEqual([]);
  });

  it('ranks a hit both lists found low above one only a list found high, as far as k allows', () => {
    // Tenth in both: 2/70 beats first in one: 1/61.
    const words = [h('w1'), ...Array.from({ length: 8 }, (_, i) => h(`w${i + 2}`)), h('x')];
    const meaning = [h('m1'), ...Array.from({ length: 8 }, (_, i) => h(`m${i + 2}`)), h('x')];
    expect(order(fuseHits(words, meaning, 3))).toEqual(['x:both', 'w1:words', 'm1:meaning']);
  });

  it('keeps the hit’s own fields, from the words’ list when both found it', () => {
    const byWords = { ...h('a', 0.3), body: 'as the words found it' };
    const byMeaning = { ...h('a', 0.9), body: 'as the meaning found it' };
    const [fused] = fuseHits([byWords], [byMeaning], 16);
    expect(fused).toMatchObject({ id: 'a', body: 'as the words found it', matched: 'both' });
  });
});
