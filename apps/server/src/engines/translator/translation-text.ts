/**
 * The spec's rules for translation text (section 5), as pure functions so the server and the
 * browser agree on them.
 */

/** Below this share of the original's length an edited translation is taken for a mistake. */
export const DISCARD_THRESHOLD = 0.1;

/**
 * Strips a leading "None" followed by line breaks: some translators answer "None\n\n" before the
 * text when they had no title or preface to give.
 */
export function stripNonePrefix(text: string): string {
  return text.replace(/^None(?:\r?\n)+/, '');
}

/**
 * The text to keep after an edit: the edited text, unless it is shorter than 10 % of the original
 * (an accidental select-all and delete), in which case the original stays.
 */
export function keepEditedTranslation(original: string, edited: string): string {
  const before = original.trim().length;
  if (before > 0 && edited.trim().length < before * DISCARD_THRESHOLD) return original;
  return edited;
}

/** A translation as shown and edited: the text the translator gave and the current text. */
export interface TranslationText {
  original: string;
  current: string;
}

/** A fresh translation from a translator's answer. */
export function receiveTranslation(answer: string): TranslationText {
  const text = stripNonePrefix(answer);
  return { original: text, current: text };
}

/** Applies an edit under the 10 % rule. */
export function editTranslation(state: TranslationText, edited: string): TranslationText {
  return { original: state.original, current: keepEditedTranslation(state.original, edited) };
}

/** Reset: back to the text the translator gave. */
export function resetTranslation(state: TranslationText): TranslationText {
  return { original: state.original, current: state.original };
}
