import { describe, expect, it } from 'vitest';
import { typeset } from './typeset.ts';

describe('typeset', () => {
  it('ties numbers to their units and leaves other spaces alone', () => {
    expect(typeset('Set the level to −6 dB, then wait 15 min.')).toBe(
      'Set the level to −6\u00a0dB, then wait 15\u00a0min.',
    );
    expect(typeset('200 g spaghetti and 2 garlic cloves')).toBe('200\u00a0g spaghetti and 2 garlic cloves');
    expect(typeset('A 4 % rise')).toBe('A 4\u00a0% rise');
    expect(typeset('Page 2 gives 3 generous portions')).toBe('Page 2 gives 3 generous portions');
  });

  it('marks word boundaries in Chinese and Japanese, never before punctuation', () => {
    expect(typeset('十五分で作る生パスタ', 'ja')).toBe('十五\u200b分\u200bで\u200b作る\u200b生\u200bパスタ');
    expect(typeset('煮面的水要多放盐。', 'zh').endsWith('盐。')).toBe(true);
    expect(typeset('Fresh pasta', 'en')).toBe('Fresh pasta');
  });
});
