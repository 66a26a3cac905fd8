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

  it('names the speakers of an edit in SRT and WebVTT, from the voices its paragraphs kept', () => {
    const edit = {
      ...voiced,
      edited: true,
      text: 'Welcome back to the kitchen. Today we bake rye bread!\n\nA new line of mine.\n\nThanks for having me.\n\nWhere do we start?',
      html:
        '<p data-speaker="S1">Welcome back to the kitchen. Today we bake <strong>rye</strong> bread!</p>' +
        '<p data-speaker="S1">A new line of mine.</p><p data-speaker="S2">Thanks for having me.</p>' +
        '<p data-speaker="S1">Where do we start?</p>',
    };
    const srt = exportTranscript('srt', edit);
    const texts = srt
      .trimEnd()
      .split('\n\n')
      .map((cue) => cue.split('\n').slice(2).join(' '));
    expect(texts).toEqual([
      'Ana: Welcome back to the kitchen.',
      'Today we bake rye bread!',
      'A new line of mine.',
      'Speaker 2: Thanks for having me.',
      'Ana: Where do we start?',
    ]);
    // The second turn of Ana's is still timed where it was heard.
    expect(srt).toContain('00:00:07,600 --> 00:00:09,000\nAna: Where do we start?');
    const vtt = exportTranscript('vtt', edit);
    const firstLines = vtt
      .split('\n\n')
      .slice(1)
      .map((cue) => cue.split('\n')[1]);
    expect(firstLines).toEqual([
      '<v Ana>Welcome back to the kitchen.',
      '<v Ana>Today we bake rye bread!',
      '<v Ana>A new line of mine.',
      '<v Speaker 2>Thanks for having me.',
      '<v Ana>Where do we start?',
    ]);
    // A paragraph broken over two lines, or with no voice of its own, goes on with the voice before.
    const broken = {
      ...edit,
      text: 'Welcome back to the kitchen.\nToday we bake rye bread!\n\nThanks for having me.\n\nSo, where do we start?',
      html:
        '<p data-speaker="S2">Welcome back to the kitchen.<br>Today we bake rye bread!</p>' +
        '<p data-speaker="S1">Thanks for having me.</p><p>So, where do we start?</p>',
    };
    expect(
      exportTranscript('vtt', broken)
        .split('\n\n')
        .slice(1)
        .map((cue) => cue.split('\n')[1]),
    ).toEqual([
      '<v Speaker 2>Welcome back to the kitchen.',
      '<v Speaker 2>Today we bake rye bread!',
      '<v Ana>Thanks for having me.',
      '<v Ana>So, where do we start?',
    ]);
    // An edit that kept no voices is captioned as before, without names.
    const { html: _, ...unvoiced } = edit;
    expect(exportTranscript('srt', unvoiced)).not.toMatch(/Ana|Speaker 2:/);
    expect(
      exportTranscript('vtt', { ...edit, html: edit.html.replaceAll(/ data-speaker="S\d"/g, '') }),
    ).not.toContain('<v ');
  });

  it('writes times as minutes and seconds, with hours past the hour', () => {
    expect(clock(723.9)).toBe('12:03');
    expect(clock(3723)).toBe('1:02:03');
  });
});
