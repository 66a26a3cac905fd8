import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import {
  customErrorText,
  generationErrorText,
  jobFailureText,
  jobSubmitErrorText,
  styleErrorText,
} from './infographic-errors.ts';

const apiError = (detail: string) =>
  new ApiError(400, detail, detail, { code: 'infographic_sizes_missing', params: {} });

describe('infographic error texts (spec §8)', () => {
  it('show what the server said first', () => {
    const detail = 'Please select at least one size above to generate infographics';
    expect(generationErrorText(apiError(detail))).toBe(detail);
    expect(jobSubmitErrorText(apiError(detail))).toBe(detail);
    expect(customErrorText(apiError(detail))).toBe(detail);
  });

  it('prefer the server’s error in an answer that made nothing over anything else', () => {
    const outcome = { success: false, error: 'All template generation is disabled via feature flags' };
    expect(styleErrorText(new Error('ignored'), outcome)).toBe(outcome.error);
    expect(generationErrorText(null, outcome)).toBe(outcome.error);
    // A successful answer's error field is not a failure.
    expect(styleErrorText(null, { success: true, error: 'noise' })).toBe(
      'Failed to generate style variations. Please try again.',
    );
  });

  it('fall back to the failure’s own message, then to the spec’s sentence', () => {
    expect(generationErrorText(new Error('Template not found'))).toBe('Template not found');
    expect(generationErrorText(new TypeError('Failed to fetch'))).toBe(
      'The server could not be reached. Check your connection and try again.',
    );
    expect(generationErrorText(null)).toBe('Failed to generate infographics. Please try again.');
    expect(styleErrorText(new Error('  '))).toBe('Failed to generate style variations. Please try again.');
    expect(customErrorText(undefined, { success: false, error: null })).toBe(
      'Failed to generate custom infographic',
    );
    expect(jobSubmitErrorText({})).toBe('Failed to submit infographic generation job');
    // A request the user called off says nothing of its own.
    expect(generationErrorText(new DOMException('The user aborted a request.', 'AbortError'))).toBe(
      'Failed to generate infographics. Please try again.',
    );
  });

  it('name a failed job by its error message, else “Job failed”', () => {
    expect(jobFailureText({ error_message: 'The renderer stopped' })).toBe('The renderer stopped');
    expect(jobFailureText({ error_message: null })).toBe('Job failed');
    expect(jobFailureText({ error_message: ' ' })).toBe('Job failed');
  });
});
