import { describe, expect, it } from 'vitest';
import { currentSegment } from './TimedTranscript.tsx';

describe('timed transcript', () => {
  const segments = [
    { start: 0.2, end: 2.5, text: 'Good morning everyone.' },
    { start: 2.5, end: 6, text: 'Today I want to share a few ideas.' },
    { start: 7, end: 9, text: 'First, keep a regular schedule.' },
  ];

  it('marks the segment under the playhead, and none in a pause or before the start', () => {
    expect(currentSegment(segments, 0)).toBe(-1);
    expect(currentSegment(segments, 0.2)).toBe(0);
    expect(currentSegment(segments, 2.5)).toBe(1);
    expect(currentSegment(segments, 6.5)).toBe(-1);
    expect(currentSegment(segments, 8.9)).toBe(2);
    expect(currentSegment(segments, 9)).toBe(-1);
  });
});
