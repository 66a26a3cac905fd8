import { describe, expect, it } from 'vitest';
import { removeDisfluencies } from './disfluency.ts';
import { splitWords } from './source-words.ts';

function clean(text: string): string {
  return removeDisfluencies(splitWords(text, 'en'), 'en')
    .map((w) => w.text + w.after)
    .join('')
    .trim();
}

describe('removeDisfluencies', () => {
  it('drops hesitations and keeps the marks around them sensible', () => {
    expect(clean('So, um, I planted, uh, tomatoes.')).toBe('So I planted tomatoes.');
    expect(clean('i think um we should go')).toBe('i think we should go');
  });

  it('drops "you know" as a filler but keeps it when meant', () => {
    expect(clean('it was, you know, really hard')).toBe('it was really hard');
    expect(clean('the you know the sign up is slow')).toBe('the sign up is slow');
    expect(clean('do you know the answer')).toBe('do you know the answer');
    expect(clean('you know what I mean')).toBe('you know what I mean');
  });

  it('drops "like" as a filler but keeps it as a verb or a comparison', () => {
    expect(clean('and like we need more time')).toBe('and we need more time');
    expect(clean('we can save, like, two thousand dollars')).toBe('we can save two thousand dollars');
    expect(clean('I like tomatoes')).toBe('I like tomatoes');
    expect(clean('it looks like rain')).toBe('it looks like rain');
    expect(clean('basil likes shade just like mint')).toBe('basil likes shade just like mint');
  });

  it('drops false starts: a cut-off word, a phrase said twice', () => {
    expect(clean('I want- I want to plant tomatoes')).toBe('I want to plant tomatoes');
    expect(clean('i want i want to plant tomatoes')).toBe('i want to plant tomatoes');
    expect(clean('we should- the plan is simple')).toBe('the plan is simple');
    expect(clean('the the bread is ready')).toBe('the bread is ready');
    expect(clean('that that is what she had had')).toBe('that that is what she had had');
  });

  it('keeps a sentence that is only a filler as what it is', () => {
    expect(clean('okay so')).toBe('okay so');
    expect(clean('yeah okay we start now')).toBe('we start now');
  });
});
