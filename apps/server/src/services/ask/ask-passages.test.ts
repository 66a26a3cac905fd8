import { describe, expect, it } from 'vitest';
import type { AskHit, AskNeighbour } from '../../repositories/ask.repository.ts';
import { ASK_LIMITS, buildPassages, questionQuery } from './ask-passages.ts';
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
    });
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
