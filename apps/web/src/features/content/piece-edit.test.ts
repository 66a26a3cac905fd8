import type { Content } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import { draftToSave, originalOf, shownText } from './piece-edit.ts';

const piece = {
  metadata: {
    translations: { es: { title: 'Hola', text: 'None\n\nHola a todos, bienvenidos al programa.' } },
    versions: {
      es: [
        { title: 'Hola 2', text: 'Segunda versión.', saved_at: '2026-01-02' },
        { title: 'Hola 1', text: 'None\nPrimera versión, la del traductor.', saved_at: '2026-01-01' },
      ],
    },
  },
} as unknown as Content;

describe('editing one language of a piece', () => {
  it('never shows a leading None line', () => {
    expect(shownText({ text: 'None\n\nBonjour' })).toBe('Bonjour');
    expect(shownText({ text: 'None of it' })).toBe('None of it');
  });

  it('resets to what the translator first gave: the oldest version', () => {
    expect(originalOf(piece, 'es')).toEqual({ title: 'Hola 1', text: 'Primera versión, la del traductor.' });
    const unedited = { metadata: { translations: { en: { title: 'Hi', text: 'Hello.' } }, versions: {} } };
    expect(originalOf(unedited as unknown as Content, 'en')).toEqual({ title: 'Hi', text: 'Hello.' });
  });

  it('discards an edit shorter than a tenth of the original, keeps a real one, and skips no change', () => {
    const original = { title: 'T', text: 'x'.repeat(200) };
    const saved = { title: 'T', text: 'y'.repeat(200) };
    expect(draftToSave(saved, original, { title: 'T', text: 'z' })).toEqual({
      title: 'T',
      text: original.text,
      discarded: true,
    });
    expect(
      draftToSave(saved, original, { title: ' New ', text: 'None\n\nA real edit of fair length.' }),
    ).toEqual({
      title: 'New',
      text: 'A real edit of fair length.',
      discarded: false,
    });
    expect(draftToSave(saved, original, { title: 'T', text: saved.text })).toBeNull();
    // A blank title keeps the saved one.
    expect(draftToSave(saved, original, { title: '  ', text: saved.text })).toBeNull();
  });
});
