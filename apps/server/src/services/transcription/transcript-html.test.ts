import { describe, expect, it } from 'vitest';
import { sanitizeTranscriptHtml } from './transcript-html.ts';

describe('the stored form of an edited transcript', () => {
  it('keeps the voice each paragraph was said in, and nothing that is not a voice id', () => {
    expect(
      sanitizeTranscriptHtml(
        '<p data-speaker="S1">Welcome back.</p><h2 data-speaker="S12">Rye</h2><p data-speaker="x" onclick="a()">Hi</p>',
      ),
    ).toBe('<p data-speaker="S1">Welcome back.</p><h2 data-speaker="S12">Rye</h2><p>Hi</p>');
    expect(sanitizeTranscriptHtml('<p data-speaker="S1&quot; onclick=&quot;x">a</p>')).toBe('<p>a</p>');
    expect(sanitizeTranscriptHtml('<span data-speaker="S1">a</span>')).toBe('<span>a</span>');
    expect(sanitizeTranscriptHtml('<p data-other="1" style="text-align:center">a</p>')).toBe(
      '<p style="text-align:center">a</p>',
    );
  });
});
