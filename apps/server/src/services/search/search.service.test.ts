import { describe, expect, it } from 'vitest';
import { phraseMarks } from './search.service.ts';

describe('the marks of a phrase in a snippet', () => {
  const headline =
    '<mark>One</mark> <mark>of</mark> <mark>the</mark> hardest things about <mark>the</mark> first garden is <mark>the</mark> patience';

  it('stay where the phrase was said, not on its words elsewhere', () => {
    expect(phraseMarks(headline, '"one of the"')).toBe(
      '<mark>One</mark> <mark>of</mark> <mark>the</mark> hardest things about the first garden is the patience',
    );
  });

  it('keep the marks of the words outside quotes, in any of their forms', () => {
    const snippet =
      '<mark>the</mark> <mark>gardens</mark> and <mark>in</mark> <mark>the</mark> <mark>end</mark>';
    expect(phraseMarks(snippet, '"in the end" garden')).toBe(
      'the <mark>gardens</mark> and <mark>in</mark> <mark>the</mark> <mark>end</mark>',
    );
  });

  it('read punctuation and escaped characters between a phrase’s words as joining them', () => {
    const snippet = 'at <mark>the</mark> <mark>end</mark>, <mark>of</mark> &quot;<mark>the</mark>&quot; day';
    expect(phraseMarks(snippet, '"the end of the"')).toBe(snippet);
    // A letter between two marks breaks the run.
    expect(phraseMarks('<mark>end</mark> x <mark>of</mark>', '"end of"')).toBe('end x of');
  });

  it('leave a search without quotes, or with an excluded phrase only, as PostgreSQL marked it', () => {
    expect(phraseMarks(headline, 'one of the')).toBe(headline);
    expect(phraseMarks(headline, 'garden -"the first"')).toBe(headline);
  });
});
