import { describe, expect, it } from 'vitest';
import { fromLlm } from './content-body.ts';
import type { WrittenContent } from './llm/llm.writer.ts';
import { quoteSpeaker } from './quote-speaker.ts';
import { ComposerWriterEngine } from './writer-router.ts';

/** A baking show of two voices: the host named Ana by the user, the guest left as "Speaker 2". */
const LINES: [string, string, string][] = [
  ['S1', 'Ana', 'Welcome back to the kitchen, today we bake a rye bread together.'],
  ['S2', 'Speaker 2', 'Thanks for having me, rye is my favourite flour to work with.'],
  ['S1', 'Ana', 'The secret of a good rye bread is a long and patient fermentation.'],
  ['S2', 'Speaker 2', 'I leave my dough overnight in a cool room before baking it.'],
  ['S1', 'Ana', 'A hot oven and plenty of steam give the crust its deep colour.'],
  ['S2', 'Speaker 2', 'And you must wait a full day before you cut the loaf open.'],
  ['S1', 'Ana', 'Patience really is the most important ingredient in this kitchen.'],
];
const segments = LINES.map(([speaker, speaker_name, text], i) => ({
  start: i * 5,
  end: i * 5 + 4.5,
  text,
  speaker,
  speaker_name,
}));
const request = (contentType: string) => ({
  segments,
  text: segments.map((s) => s.text).join(' '),
  timed: true,
  language: 'en',
  contentType,
  signal: new AbortController().signal,
});

describe('the speaker a quote names', () => {
  it('is the named voice that said every segment quoted, and no one otherwise', () => {
    expect(quoteSpeaker(segments, [0])).toBe('Ana');
    expect(quoteSpeaker(segments, [2, 4])).toBe('Ana');
    // A voice nobody named has no name to print.
    expect(quoteSpeaker(segments, [1])).toBeUndefined();
    // Words across two voices belong to neither.
    expect(quoteSpeaker(segments, [0, 1])).toBeUndefined();
    expect(quoteSpeaker(segments, [])).toBeUndefined();
    expect(quoteSpeaker([{ start: 0, end: 1, text: 'no voices' }], [0])).toBeUndefined();
    // A user who names a voice is believed, whatever the name.
    expect(
      quoteSpeaker([{ start: 0, end: 1, text: 'x', speaker: 'S2', speaker_name: 'Speaker 7' }], [0]),
    ).toBe('Speaker 7');
  });

  it('goes with the built-in composer’s quotes: Ana’s named, the unnamed guest’s not', async () => {
    const { body } = await new ComposerWriterEngine().write(request('blog_post'));
    expect(body.quotes.length).toBeGreaterThan(1);
    for (const quote of body.quotes) {
      const said = segments[quote.segment_ids[0] ?? -1];
      expect(said?.text).toContain(quote.text.replace(/\.$/, ''));
      if (said?.speaker_name === 'Ana') expect(quote.speaker).toBe('Ana');
      else expect(quote).not.toHaveProperty('speaker');
    }
    expect(body.quotes.some((q) => q.speaker === 'Ana')).toBe(true);
    expect(body.quotes.some((q) => q.speaker === undefined)).toBe(true);
  });

  it('reaches the composer, whose meeting notes list only the named voice as an attendee', async () => {
    const { body } = await new ComposerWriterEngine().write(request('meeting_notes'));
    const details = body.details as { meeting_data: { attendees: string[] } };
    expect(details.meeting_data.attendees).toEqual(['Ana']);
  });

  it('comes from the segments a model’s quote was found in, not from the model', () => {
    const piece = {
      title: 'Rye',
      blocks: [],
      key_points: [],
      // Grounding gave each quote the segments it was found in; the model's own claim is ignored.
      quotes: [
        { text: 'The secret of a good rye bread', segment_ids: [2], speaker: 'Speaker 2' },
        { text: 'I leave my dough overnight', segment_ids: [3] },
      ],
      details: null,
    } as unknown as WrittenContent;
    const body = fromLlm(piece, segments, true, { contentType: 'blog_post' });
    expect(body.quotes).toEqual([
      { text: 'The secret of a good rye bread', segment_ids: [2], start: 10, speaker: 'Ana' },
      { text: 'I leave my dough overnight', segment_ids: [3], start: 15 },
    ]);
  });
});
