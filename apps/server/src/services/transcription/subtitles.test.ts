import { describe, expect, it } from 'vitest';
import { exportTranscript, timestamp } from './subtitles.ts';

const segments = [
  { start: 0, end: 2.5, text: ' Hello there. ' },
  { start: 2.5, end: 3661.042, text: 'General Kenobi.' },
  { start: 3661.1, end: 3662, text: '   ' },
];

describe('transcript export', () => {
  it('formats timestamps for SRT and WebVTT', () => {
    expect(timestamp(3661.042, ',')).toBe('01:01:01,042');
    expect(timestamp(0.5, '.')).toBe('00:00:00.500');
  });

  it('writes numbered SRT cues and skips empty ones', () => {
    expect(exportTranscript('srt', '', segments)).toBe(
      '1\n00:00:00,000 --> 00:00:02,500\nHello there.\n\n2\n00:00:02,500 --> 01:01:01,042\nGeneral Kenobi.\n',
    );
  });

  it('writes WebVTT with its header', () => {
    expect(exportTranscript('vtt', '', segments)).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:02.500\nHello there.\n\n00:00:02.500 --> 01:01:01.042\nGeneral Kenobi.\n',
    );
  });

  it('writes plain text from the current text', () => {
    expect(exportTranscript('txt', '  Edited words. ', segments)).toBe('Edited words.\n');
  });
});
