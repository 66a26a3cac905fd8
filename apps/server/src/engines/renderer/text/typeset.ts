import { primaryLanguage } from '@voxpress/contracts';

/** Units that read as one word with their number ("200 g", "−6 dB", "15 min"). */
const UNITS =
  'g|kg|mg|ml|cl|dl|l|oz|lb|lbs|tbsp|tsp|cups?|min|mins|h|hrs?|s|sec|secs|dB|kHz|Hz|KB|MB|GB|TB|%|°C|°F|°|km|m|cm|mm|kcal|cal|px|€|£';
const NUMBER_UNIT = new RegExp(`(\\d)[ ](?=(?:${UNITS})(?![\\p{L}\\p{N}]))`, 'gu');

/** Languages written without spaces, whose lines may break between any two characters. */
const UNSPACED = new Set(['zh', 'ja']);

/** Languages whose lines should break only between words (`word-break: keep-all`). */
export function keepsWords(language: string): boolean {
  const base = primaryLanguage(language);
  return UNSPACED.has(base) || base === 'ko';
}

/**
 * Small typographic care before a text is set: a no-break space ties a number to its unit, so a
 * line never ends with "−6" and starts with "dB"; Chinese and Japanese get a zero-width space
 * between words (from `Intl.Segmenter`'s dictionary), so with `keep-all` a line breaks between
 * words ("作る" stays whole) and never before punctuation.
 */
export function typeset(text: string, language = 'en'): string {
  const tied = text.replace(NUMBER_UNIT, '$1\u00a0');
  const base = primaryLanguage(language);
  if (!UNSPACED.has(base)) return tied;
  let out = '';
  let previousWord = false;
  for (const seg of new Intl.Segmenter(base, { granularity: 'word' }).segment(tied)) {
    if (seg.isWordLike && previousWord) out += '\u200b';
    out += seg.segment;
    previousWord = Boolean(seg.isWordLike);
  }
  return out;
}
