import { describe, expect, it } from 'vitest';
import {
  editTranslation,
  keepEditedTranslation,
  receiveTranslation,
  resetTranslation,
  stripNonePrefix,
} from './translation-text.ts';

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

  it('edits, then resets to the translator’s text', () => {
    const received = receiveTranslation('None\n\nHola a todos, bienvenidos.');
    expect(received).toEqual({
      original: 'Hola a todos, bienvenidos.',
      current: 'Hola a todos, bienvenidos.',
    });
    const edited = editTranslation(received, 'Hola a todos y bienvenidos.');
    expect(edited.current).toBe('Hola a todos y bienvenidos.');
    expect(editTranslation(edited, 'H').current).toBe('Hola a todos, bienvenidos.');
    expect(resetTranslation(edited)).toEqual(received);
  });
});
