import { englishPartsOfSpeech } from './english-nlp.ts';
import { baseLanguage, writesWithoutSpaces } from './language.ts';
import type { Sentence } from './sentences.ts';
import { isContentWord } from './terms.ts';

/** A phrase of the transcript that names a topic, with where it occurs. */
export interface KeyPhrase {
  /** As said, lower case. */
  text: string;
  words: string[];
  /** Sentence indexes it occurs in, in order (repeats kept). */
  occurrences: number[];
  score: number;
}

const MAX_PHRASE = 3;
const NOUNS = new Set(['NOUN', 'PROPN']);

/** A phrase of two or more words said only once: it may be a chance pairing rather than a topic. */
export function saidOnce(phrase: KeyPhrase): boolean {
  return phrase.words.length > 1 && phrase.occurrences.length < 2;
}

/**
 * Phrases of up to three content words in a row (for English: nouns with their adjectives and
 * noun modifiers, ending in a noun), scored by how often their words come up. Those `saidOnce`
 * are left out unless `withSaidOnce` (a short section may have nothing better to be named by).
 */
export function keyPhrases(sentences: Sentence[], language: string, withSaidOnce = false): KeyPhrase[] {
  const english = baseLanguage(language) === 'en';
  const pos = english ? englishPartsOfSpeech(sentences.map((s) => s.text).join(' ')) : null;
  const allowed = (word: string, last: boolean) => {
    if (!isContentWord(word, language)) return false;
    if (!pos) return true;
    const tag = pos.get(word) ?? 'X';
    return last ? NOUNS.has(tag) : NOUNS.has(tag) || tag === 'ADJ';
  };
  const wordCounts = new Map<string, number>();
  for (const s of sentences)
    for (const w of s.words) if (isContentWord(w, language)) wordCounts.set(w, (wordCounts.get(w) ?? 0) + 1);
  const phrases = new Map<string, KeyPhrase>();
  for (const sentence of sentences) {
    const words = sentence.words;
    for (let i = 0; i < words.length; i++) {
      for (let n = 1; n <= MAX_PHRASE && i + n <= words.length; n++) {
        const slice = words.slice(i, i + n);
        if (!allowed(slice[n - 1] ?? '', false)) break;
        if (!allowed(slice[n - 1] ?? '', true)) continue;
        const text = slice.join(writesWithoutSpaces(language) ? '' : ' ');
        const phrase = phrases.get(text) ?? { text, words: slice, occurrences: [], score: 0 };
        phrase.occurrences.push(sentence.index);
        phrases.set(text, phrase);
      }
    }
  }
  const out: KeyPhrase[] = [];
  for (const phrase of phrases.values()) {
    if (!withSaidOnce && saidOnce(phrase)) continue;
    const wordScore = phrase.words.reduce((sum, w) => sum + (wordCounts.get(w) ?? 0), 0);
    phrase.score = wordScore * (phrase.words.length > 1 ? 1.2 : 1) + phrase.occurrences.length;
    out.push(phrase);
  }
  return out.sort(
    (a, b) =>
      b.score - a.score || (a.occurrences[0] ?? 0) - (b.occurrences[0] ?? 0) || a.text.localeCompare(b.text),
  );
}

/** The best phrases, none sharing a word with a better one. */
export function distinctPhrases(phrases: KeyPhrase[], count: number): KeyPhrase[] {
  const taken = new Set<string>();
  const out: KeyPhrase[] = [];
  for (const phrase of phrases) {
    if (out.length >= count) break;
    if (phrase.words.some((w) => taken.has(w))) continue;
    for (const w of phrase.words) taken.add(w);
    out.push(phrase);
  }
  return out;
}

const SMALL = new Set(['a', 'an', 'and', 'the', 'of', 'in', 'on', 'for', 'to', 'with', 'at', 'by', 'or']);

/** Title case for English, a capital first letter elsewhere (other scripts unchanged). */
export function headingCase(text: string, language: string): string {
  if (baseLanguage(language) !== 'en') return text.replace(/^\p{Ll}/u, (c) => c.toUpperCase());
  return text
    .split(' ')
    .map((w, i) => (i > 0 && SMALL.has(w) ? w : w.replace(/^\p{Ll}/u, (c) => c.toUpperCase())))
    .join(' ');
}

/** `#BananaBread`: the words joined, each with a capital where the script has capitals. */
export function hashtag(phrase: string): string {
  const body = phrase
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}\p{M}]/gu, ''))
    .map((w) => w.replace(/^\p{Ll}/u, (c) => c.toUpperCase()))
    .join('');
  return body ? `#${body}` : '';
}
