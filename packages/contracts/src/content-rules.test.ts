import { describe, expect, it } from 'vitest';
import { countWords, guessContentType, keepEditedTranslation, stripNonePrefix } from './content-rules.ts';

describe('translation text rules', () => {
  it('strips a leading None followed by line breaks, and nothing else', () => {
    expect(stripNonePrefix('None\n\nBonjour')).toBe('Bonjour');
    expect(stripNonePrefix('None\r\nBonjour')).toBe('Bonjour');
    expect(stripNonePrefix('None of this is true')).toBe('None of this is true');
    expect(stripNonePrefix('Nonetheless\nyes')).toBe('Nonetheless\nyes');
    expect(stripNonePrefix('Bonjour\nNone\n')).toBe('Bonjour\nNone\n');
  });

  it('discards an edit shorter than 10 % of the original', () => {
    const original = 'x'.repeat(100);
    expect(keepEditedTranslation(original, 'x'.repeat(9))).toBe(original);
    expect(keepEditedTranslation(original, '')).toBe(original);
    expect(keepEditedTranslation(original, 'y'.repeat(10))).toBe('y'.repeat(10));
    expect(keepEditedTranslation('', 'anything')).toBe('anything');
  });
});

describe('guessContentType (spec §5)', () => {
  it.each([
    ['Here are the ingredients for the cake', '', 'recipe'],
    ['We bake it slowly', '', 'recipe'],
    ['Step 1: open the lid', '', 'tutorial'],
    ['step one open the lid', '', 'tutorial'],
    ['This guide shows how to do it', '', 'tutorial'],
    ['The agenda for today', '', 'meeting_notes'],
    ['Action items from the call', '', 'meeting_notes'],
    ['Its features and price', '', 'product_description'],
    ['A walk in the park', '', 'enhanced'],
    ['A walk in the park', 'Team meeting', 'meeting_notes'],
    ['My favourite recipes and a cooking guide', '', 'recipe'],
  ])('%s / %s → %s', (text, title, expected) => {
    expect(guessContentType(text, title)).toBe(expected);
  });
});

describe('countWords (spec §5)', () => {
  it('counts the words of the text without its markup', () => {
    expect(countWords('## A title\n\n- **two** items\n\n<p>and html</p>')).toBe(6);
    expect(countWords('  ')).toBe(0);
  });
});
