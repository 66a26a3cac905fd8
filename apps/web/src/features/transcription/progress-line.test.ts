import { describe, expect, it } from 'vitest';
import { statesOwnPercent } from './progress-line.ts';

describe('progress line', () => {
  it('recognises a message that ends with its own percentage', () => {
    expect(statesOwnPercent('Downloading the speech model base (148 MB): 41 %')).toBe(true);
    expect(statesOwnPercent('Downloading the speech model small (488 MB): 100%')).toBe(true);
  });

  it('leaves other messages to the overall percentage', () => {
    expect(statesOwnPercent('Transcribing... 12 of 60 s')).toBe(false);
    expect(statesOwnPercent('Transcribing...')).toBe(false);
    expect(statesOwnPercent(null)).toBe(false);
  });
});
