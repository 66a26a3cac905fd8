import { describe, expect, it } from 'vitest';
import { clock, exportTranscript, speakerTurns } from './subtitles.ts';

const segments = [
  { start: 0, end: 2.4, text: ' Welcome back to the kitchen.', speaker: 'S1', speaker_name: 'Ana' },
  { start: 2.4, end: 5, text: 'Today we bake rye bread.', speaker: 'S1', speaker_name: 'Ana' },
  { start: 5.2, end: 7.5, text: 'Thanks for having me.', speaker: 'S2', speaker_name: 'Speaker 2' },
  { start: 7.6, end: 9, text: 'Where do we start?', speaker: 'S1', speaker_name: 'Ana' },
];
const voiced = {
  text: 'Welcome back to the kitchen. Today we bake rye bread. Thanks for having me. Where do we start?',
  segments,
  language: 'en',
  edited: false,
};

describe('transcript export with speakers', () => {
  it('writes each turn under its speaker and time in TXT', () => {
    expect(exportTranscript('txt', voiced)).toBe(
      'Ana (0:00)\nWelcome back to the kitchen. Today we bake rye bread.\n\n' +
        'Speaker 2 (0:05)\nThanks for having me.\n\nAna (0:07)\nWhere do we start?\n',
    );
  });

  it('opens each turn’s first SRT cue with the speaker’s name', () => {
    const srt = exportTranscript('srt', voiced);
    expect(srt.startsWith('1\n00:00:00,000 --> ')).toBe(true);
    expect(srt).toContain('\nAna: Welcome back to the');
    expect(srt.match(/Ana: /g)).toHaveLength(2);
    expect(srt).toContain('Speaker 2: Thanks for having me.');
    expect(srt).toContain('Ana: Where do we start?');
  });

  it('tags every WebVTT cue with its voice', () => {
    const vtt = exportTranscript('vtt', voiced);
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    expect(vtt).toContain('<v Ana>Welcome back to the kitchen');
    // Every cue's first line carries its voice.
    const firstLines = vtt
      .split('\n\n')
      .slice(1)
      .map((cue) => cue.split('\n')[1]);
    expect(firstLines.every((l) => l?.startsWith('<v '))).toBe(true);
    expect(vtt).toContain('<v Speaker 2>Thanks for having me.');
  });

  it('gives the voices and every segment with its speaker in JSON', () => {
    const json = JSON.parse(exportTranscript('json', voiced));
    expect(json.speakers).toEqual([
      { id: 'S1', name: 'Ana' },
      { id: 'S2', name: 'Speaker 2' },
    ]);
    expect(json.segments[2]).toEqual({
      start: 5.2,
      end: 7.5,
      speaker: 'S2',
      speaker_name: 'Speaker 2',
      text: 'Thanks for having me.',
    });
  });

  it('leaves an edit and a transcript without voices as they were', () => {
    expect(speakerTurns({ ...voiced, edited: true })).toBeNull();
    const plain = segments.map(({ start, end, text }) => ({ start, end, text }));
    expect(exportTranscript('txt', { ...voiced, segments: plain })).toBe(`${voiced.text}\n`);
    expect(JSON.parse(exportTranscript('json', { ...voiced, segments: plain })).speakers).toEqual([]);
  });

  it('writes times as minutes and seconds, with hours past the hour', () => {
    expect(clock(723.9)).toBe('12:03');
    expect(clock(3723)).toBe('1:02:03');
  });
});
