import { describe, expect, it } from 'vitest';
import { generateBlock, validSizes } from './sizes.ts';

describe('generating needs content and a size', () => {
  it('is blocked without a size, whatever else holds', () => {
    expect(generateBlock({ hasContent: true, sizes: [], generating: false })).toBe('no-sizes');
    expect(generateBlock({ hasContent: true, sizes: ['90x90'], generating: false })).toBe('no-sizes');
  });

  it('is blocked without content first', () => {
    expect(generateBlock({ hasContent: false, sizes: [], generating: false })).toBe('no-content');
  });

  it('ignores a second call while one is running', () => {
    expect(generateBlock({ hasContent: true, sizes: ['1080x1080'], generating: true })).toBe('busy');
    expect(generateBlock({ hasContent: true, sizes: ['1080x1080'], generating: false })).toBeNull();
  });
});

describe('the chosen sizes', () => {
  it('are sent once each, in the order of the size list', () => {
    expect(validSizes(['1080x1920', '1080x1080', '1080x1920'])).toEqual(['1080x1080', '1080x1920']);
    expect(validSizes(['735x1102', '512x512', '1200x630'])).toEqual(['1200x630', '735x1102', '512x512']);
  });

  it('leave out a size nobody offers', () => {
    expect(validSizes(['1x1', '1080x1080'])).toEqual(['1080x1080']);
  });
});
