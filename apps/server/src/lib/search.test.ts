import { searchWords } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import { excerpt } from './search.ts';

const TEXT =
  'Good morning everyone. Today I want to share a few ideas about working from home. First, keep a regular schedule and start at the same time every day.';

describe('search excerpts', () => {
  it('cuts the passage around the first word found, in whole words, with ellipses', () => {
    expect(excerpt(TEXT, ['SCHEDULE'], 20)).toBe('…First, keep a regular schedule and start at the same…');
    expect(excerpt(TEXT, ['morning'], 20)).toBe('Good morning everyone. Today I want…');
    // Words match inside words too ("day" in "Today"), as the search does.
    expect(excerpt(TEXT, ['day'], 10)).toBe('…everyone. Today I want to…');
  });

  it('takes whichever word comes first, and is null when none occurs', () => {
    expect(excerpt(TEXT, ['schedule', 'ideas'], 5)).toBe('…few ideas about…');
    expect(excerpt(TEXT, ['zebra'])).toBeNull();
    expect(excerpt('short', ['short'])).toBe('short');
  });

  it('splits a search into at most ten words', () => {
    expect(searchWords('  budget   review ')).toEqual(['budget', 'review']);
    expect(searchWords('a b c d e f g h i j k l')).toHaveLength(10);
  });
});
