import { describe, expect, it } from 'vitest';
import { CAPTION, captionCues, exportTranscript, MAX_SHAPED_WORDS, timestamp } from './subtitles.ts';

const segments = [
  { start: 0, end: 2.5, text: ' Hello there. ' },
  { start: 2.5, end: 4.2, text: 'General Kenobi.' },
  { start: 4.3, end: 5, text: '   ' },
];
const heard = { text: 'Hello there. General Kenobi.', segments, language: 'en', edited: false };

describe('transcript export', () => {
  it('formats timestamps for SRT and WebVTT', () => {
    expect(timestamp(3661.042, ',')).toBe('01:01:01,042');
    expect(timestamp(0.5, '.')).toBe('00:00:00.500');
  });

  it('writes numbered SRT cues and skips empty ones', () => {
    expect(exportTranscript('srt', heard)).toBe(
      '1\n00:00:00,000 --> 00:00:02,500\nHello there.\n\n2\n00:00:02,500 --> 00:00:04,200\nGeneral Kenobi.\n',
    );
  });

  it('writes WebVTT with its header', () => {
    expect(exportTranscript('vtt', heard)).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:02.500\nHello there.\n\n00:00:02.500 --> 00:00:04.200\nGeneral Kenobi.\n',
    );
  });

  it('writes plain text from the current text', () => {
    expect(exportTranscript('txt', { ...heard, text: '  Edited words. ', edited: true })).toBe(
      'Edited words.\n',
    );
  });

  it('captions the edited text, timed by the words it kept', () => {
    const srt = exportTranscript('srt', {
      ...heard,
      text: 'Hello there, friend. General Kenobi.',
      edited: true,
    });
    expect(srt).toContain('Hello there, friend.');
    expect(srt).not.toMatch(/\nHello there\.\n/);
    expect(srt).toContain('00:00:02,500 --> 00:00:04,200\nGeneral Kenobi.');
  });

  it('keeps every cue within two lines of 42 characters and 7 seconds, losing no word', () => {
    const words = Array.from({ length: 400 }, (_, i) => `word${i}`);
    const long = [
      { start: 0, end: 60, text: `${words.slice(0, 150).join(' ')}.` },
      { start: 60, end: 200, text: `${words.slice(150, 200).join(' ')}.` },
      {
        start: 200,
        end: 210,
        text: `${words.slice(200).join(' ')} https://example.com/a/really/long/address/that/keeps/going/on.`,
      },
    ];
    const text = long.map((s) => s.text).join(' ');
    const cues = captionCues({ text, segments: long, language: 'en', edited: false });
    for (const cue of cues) {
      expect(cue.lines.length).toBeLessThanOrEqual(CAPTION.maxLines);
      for (const line of cue.lines) expect(line.length).toBeLessThanOrEqual(CAPTION.maxLineChars);
      expect(cue.end - cue.start).toBeLessThanOrEqual(CAPTION.maxSeconds + 1e-9);
      expect(cue.end).toBeGreaterThanOrEqual(cue.start);
    }
    cues.slice(1).forEach((c, i) => {
      expect(c.start).toBeGreaterThanOrEqual((cues[i] as { end: number }).end - 1e-9);
    });
    const squash = (t: string) => t.replace(/\s+/g, '').toLowerCase();
    expect(squash(cues.flatMap((c) => c.lines).join(' '))).toBe(squash(text));
  });

  // A long transcript (hours of audio) is captioned in time proportional to its length.
  const longTalk = Array.from({ length: 1_500 }, (_, i) => ({
    start: i * 5,
    end: i * 5 + 4.6,
    text: `segment ${i} goes on about gardens and bread for a while`,
  }));
  const longText = longTalk.map((s) => s.text).join(' ');

  it('captions a long transcript by the segments as heard, each cue within its segment', () => {
    expect(longText.split(' ').length).toBeGreaterThan(MAX_SHAPED_WORDS);
    const cues = captionCues({ text: longText, segments: longTalk, language: 'en', edited: false });
    // Not rejoined into sentences across pauses: every segment starts a cue at its own start.
    const starts = new Set(cues.map((c) => c.start));
    for (const s of longTalk) expect(starts.has(s.start)).toBe(true);
    expect(cues.flatMap((c) => c.lines).join(' ')).toBe(longText);
  });

  it('spreads a long edit’s lines over the recording, as typed and in order', () => {
    const lines = Array.from({ length: 2_000 }, (_, i) => `Line ${i}, Edited by Dana.`);
    const text = `${lines.join('\n')}\n${longText}`;
    const cues = captionCues({ text, segments: longTalk, language: 'en', edited: true });
    expect(cues[0]?.lines).toEqual(['Line 0, Edited by Dana.']);
    expect(cues[0]?.start).toBe(0);
    expect(cues.at(-1)?.end).toBeCloseTo(longTalk.at(-1)?.end ?? 0, 6);
    cues.slice(1).forEach((c, i) => {
      expect(c.start).toBeGreaterThanOrEqual((cues[i] as { end: number }).end - 1e-9);
    });
    const squash = (t: string) => t.replace(/\s+/g, '');
    expect(squash(cues.flatMap((c) => c.lines).join(''))).toBe(squash(text));
  });
});
