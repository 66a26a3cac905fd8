import { describe, expect, it } from 'vitest';
import { MONOLOGUE_TRANSCRIPT } from './fixtures/monologue-transcript.fixture.ts';
import { pocketsphinxSegments, whisperSegments } from './fixtures/spoken-transcript.fixture.ts';
import { normalWords } from './fixtures/traceable.fixture.ts';
import { shapeTranscript } from './shape-transcript.ts';

const sentencesOf = (shaped: ReturnType<typeof shapeTranscript>) =>
  shaped.paragraphs.flatMap((p) => p.sentences.map((s) => s.text));

describe('shapeTranscript', () => {
  it('joins a sentence PocketSphinx cut at a hesitation ("every day I want. To plant tomatoes")', () => {
    const shaped = shapeTranscript(
      [
        { start: 0.4, end: 2.1, text: 'Every day I want.' },
        { start: 2.5, end: 3.6, text: 'To plant tomatoes.' },
        { start: 4.4, end: 6.0, text: 'The garden is small.' },
      ],
      'en',
    );
    expect(sentencesOf(shaped)).toEqual(['Every day I want to plant tomatoes.', 'The garden is small.']);
    expect(shaped.paragraphs[0]?.sentences[0]).toMatchObject({ segment_ids: [0, 1], start: 0.4, end: 3.6 });
  });

  it('ends sentences at pauses the words allow and starts paragraphs at long pauses', () => {
    const segments = pocketsphinxSegments(MONOLOGUE_TRANSCRIPT);
    const shaped = shapeTranscript(segments, 'en');
    const sentences = sentencesOf(shaped);
    expect(sentences).toContain(
      'Every day I want to plant something new which is a problem because the garden is tiny.',
    );
    // Nothing heard is lost or reordered: the shaped text is the transcript's words.
    expect(normalWords(sentences.join(' '))).toEqual(normalWords(segments.map((s) => s.text).join(' ')));
    // The speaker's long pauses (five of them) all start paragraphs.
    const starts = shaped.paragraphs.map((p) => p.start);
    const longPauses = segments
      .filter((s, i) => i > 0 && s.start - (segments[i - 1]?.end ?? 0) > 1.5)
      .map((s) => s.start);
    expect(longPauses).toHaveLength(5);
    for (const start of longPauses) expect(starts).toContain(start);
    // Every sentence points at the segments it was heard in, in order.
    const ids = shaped.paragraphs.flatMap((p) => p.sentences.flatMap((s) => s.segment_ids));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(segments.length);
  });

  it('keeps every word by default and drops fillers and false starts when asked', () => {
    const segments = pocketsphinxSegments(MONOLOGUE_TRANSCRIPT);
    const heard = sentencesOf(shapeTranscript(segments, 'en')).join(' ');
    const clean = sentencesOf(shapeTranscript(segments, 'en', { clean: true })).join(' ');
    expect(heard).toMatch(/\bum\b/);
    expect(heard).toContain('I used to I used to wake up');
    expect(clean).not.toMatch(/\b(?:um|uh)\b/i);
    expect(clean).toContain('I used to wake up');
  });

  it('splits punctuated text where its sentences end, even inside a segment, and knows abbreviations', () => {
    const shaped = shapeTranscript(
      [
        { start: 0, end: 4, text: ' Dr. Smith planted tomatoes. Then she watered them, every day' },
        { start: 4.2, end: 6, text: ' for a month. Did they grow?' },
      ],
      'en',
    );
    expect(sentencesOf(shaped)).toEqual([
      'Dr. Smith planted tomatoes.',
      'Then she watered them, every day for a month.',
      'Did they grow?',
    ]);
    expect(shaped.paragraphs[0]?.sentences.map((s) => s.segment_ids)).toEqual([[0], [0, 1], [1]]);
  });

  it('splits Chinese and Hindi sentences with Intl.Segmenter', () => {
    const zh = shapeTranscript(
      [
        { start: 0, end: 3, text: '我们今天种西红柿。首先准备土壤。' },
        { start: 3.5, end: 5, text: '然后浇水！' },
      ],
      'zh-CN',
    );
    expect(sentencesOf(zh)).toEqual(['我们今天种西红柿。', '首先准备土壤。', '然后浇水！']);
    expect(zh.paragraphs[0]?.text).toBe('我们今天种西红柿。首先准备土壤。然后浇水！');
    const hi = shapeTranscript(
      [
        { start: 0, end: 3, text: 'आज हम टमाटर लगाएंगे। पहले मिट्टी तैयार करें।' },
        { start: 3.2, end: 5, text: 'फिर पानी दें।' },
      ],
      'hi',
    );
    expect(sentencesOf(hi)).toEqual(['आज हम टमाटर लगाएंगे।', 'पहले मिट्टी तैयार करें।', 'फिर पानी दें।']);
  });

  it('keeps the segments of an edited transcript: corrected words stay tied to where they were heard', () => {
    const segments = whisperSegments(MONOLOGUE_TRANSCRIPT).slice(0, 6);
    const text = segments
      .map((s) => s.text.trim())
      .join(' ')
      .replace('tiny', 'very small')
      .replace('So, um, ', '');
    const shaped = shapeTranscript(segments, 'en', { text });
    const sentence = shaped.paragraphs.flatMap((p) => p.sentences).find((s) => s.text.includes('very small'));
    const tinyAt = segments.findIndex((s) => s.text.includes('tiny'));
    expect(sentence?.segment_ids).toContain(tinyAt);
    expect(sentence?.text).toBe(
      'Every day I want to plant something new, which is a problem because the garden is very small.',
    );
    expect(shaped.paragraphs[0]?.sentences[0]?.text).toBe("I've been thinking a lot about mornings lately.");
  });

  it('copes with no segments and no words', () => {
    expect(shapeTranscript([], 'en')).toEqual({ paragraphs: [] });
    expect(shapeTranscript([{ start: 0, end: 1, text: '  ' }], 'en')).toEqual({ paragraphs: [] });
    const written = shapeTranscript([], 'en', { text: 'A note. Written, not spoken.' });
    expect(written.paragraphs[0]?.sentences).toEqual([
      { text: 'A note.', segment_ids: [], start: null, end: null },
      { text: 'Written, not spoken.', segment_ids: [], start: null, end: null },
    ]);
  });
});
