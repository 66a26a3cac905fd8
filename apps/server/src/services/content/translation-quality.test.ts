import { describe, expect, it } from 'vitest';
import { checkTranslation } from './translate.service.ts';

const french = [
  'Haricots au four de Boston',
  'Triez et lavez un litre de haricots, couvrez-les d’eau froide et laissez-les tremper toute la nuit.',
  'Le matin, égouttez-les, couvrez-les d’eau fraîche et faites-les cuire doucement jusqu’à ce que la peau éclate.',
  'Mettez une demi-livre de lard salé au fond du pot, puis versez le mélange sur les haricots.',
];

describe('checking that a translation reads as the language asked for', () => {
  it('passes a French translation that reads as French', () => {
    expect(checkTranslation(french, 'en', 'fr', [])).toEqual({ quality: 'ok', warning: null });
  });

  it('marks it low quality when a paragraph stayed in English', () => {
    const texts = [
      ...french,
      'Cover the bean pot, put it in the oven and bake slowly for six or eight hours.',
    ];
    expect(checkTranslation(texts, 'en', 'fr', [])).toEqual({
      quality: 'low',
      warning: 'Low-quality French translation: 1 of 5 paragraphs read as English, not French.',
    });
  });

  it('marks it low quality when words of the pivot language were left in', () => {
    expect(checkTranslation(french, 'en', 'fr', [[], ['guisante'], ['cuchara', 'melazas']])).toEqual({
      quality: 'low',
      warning:
        'Low-quality French translation: words left untranslated from the language it went through: guisante, cuchara, melazas.',
    });
  });

  it('does not keep a "translation" that mostly reads as another language', () => {
    const spanish = [
      'Por la mañana, escurre las judías, cúbrelas con agua fresca y cuécelas despacio.',
      'Pon media libra de tocino salado en el fondo de la olla y vierte la mezcla encima.',
    ];
    expect(checkTranslation(spanish, 'en', 'fr', [])).toEqual({
      quality: 'rejected',
      warning: 'The French translation did not read as French (2 of 2 paragraphs), so it was not kept.',
    });
  });
});
