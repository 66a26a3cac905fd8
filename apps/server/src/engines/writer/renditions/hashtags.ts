import { englishPartsOfSpeech } from '../composer/english-nlp.ts';
import { baseLanguage, normalWord, words } from '../composer/language.ts';
import { isContentWord } from '../composer/terms.ts';
import { hashtag, hashtagsIn } from './platform-rules.ts';

/** The words of a piece as compared for hashtags: lower case, each once. */
export function wordSet(text: string, language: string): Set<string> {
  return new Set(words(text, language).map(normalWord).filter(Boolean));
}

/** Letters and digits only, lower case: how a hashtag's body is compared with the text. */
const squash = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * Whether a hashtag is made of the piece's own words: one of its keywords (set by its author or
 * drawn from the recording), or a body that splits into words the piece uses (`#SlowBread` ←
 * "slow", "bread"), or, in scripts without spaces, stands in the text.
 */
export function isGroundedTag(
  tag: string,
  piece: Set<string>,
  text: string,
  keywords: readonly string[] = [],
): boolean {
  const body = tag.replace(/^#/, '').toLowerCase();
  if (!body) return false;
  if (piece.has(body) || keywords.some((k) => squash(k) === squash(body))) return true;
  if (/[^\p{Script=Latin}\p{N}_]/u.test(body) && squash(text).includes(body.replace(/_/g, ''))) return true;
  // Splits into the piece's words, longest words first.
  const can: boolean[] = Array(body.length + 1).fill(false);
  can[0] = true;
  for (let end = 1; end <= body.length; end++)
    for (let start = end - 1; start >= 0 && !can[end]; start--)
      if (can[start] && piece.has(body.slice(start, end))) can[end] = true;
  return can[body.length] === true;
}

/**
 * Hashtags for a piece, best first: its keywords whose words are all in the piece, then the
 * commonest content words (nouns, for English) of its `body` (its text without title and
 * headings). Never a tag already in `present`.
 */
export function pieceTags(
  keywords: readonly string[],
  text: string,
  language: string,
  count: number,
  present: readonly string[] = [],
  body?: string,
): string[] {
  if (count <= 0) return [];
  const piece = wordSet(text, language);
  const seen = new Set(present.map((t) => t.toLowerCase()));
  const out: string[] = [];
  const take = (tag: string | null) => {
    if (!tag || out.length >= count || seen.has(tag.toLowerCase())) return;
    if (!isGroundedTag(tag, piece, text, keywords)) return;
    seen.add(tag.toLowerCase());
    out.push(tag);
  };
  for (const keyword of keywords) take(hashtag(keyword));
  // Words the piece says more than once first; a word said once only to make up a few.
  const common = commonWords(body ?? text, language);
  for (const [word, n] of common) if (n > 1) take(hashtag(word));
  for (const [word, n] of common) if (n === 1 && out.length < Math.min(count, FEW)) take(hashtag(word));
  return out;
}

/** Tags made up from words said once, at most (so a short piece still gets a few). */
const FEW = 5;

/** Content words of a text with their counts, the commonest first (ties: the earliest first). */
function commonWords(text: string, language: string): [string, number][] {
  const all = words(text, language).map(normalWord).filter(Boolean);
  const english = baseLanguage(language) === 'en';
  const pos = english ? englishPartsOfSpeech(text) : null;
  const counts = new Map<string, { n: number; first: number }>();
  all.forEach((w, i) => {
    if (!isContentWord(w, language)) return;
    if (english && (w.length < 4 || !['NOUN', 'PROPN'].includes(pos?.get(w) ?? 'X'))) return;
    const entry = counts.get(w) ?? { n: 0, first: i };
    entry.n++;
    counts.set(w, entry);
  });
  return [...counts.entries()]
    .sort((a, b) => b[1].n - a[1].n || a[1].first - b[1].first)
    .map(([w, { n }]) => [w, n]);
}

/** A text without the hashtags that are not made of the piece's words (their place closed up). */
export function withoutUngroundedTags(
  text: string,
  pieceText: string,
  language: string,
  keywords: readonly string[],
): string {
  const piece = wordSet(pieceText, language);
  const stray = new Set(hashtagsIn(text).filter((t) => !isGroundedTag(t, piece, pieceText, keywords)));
  if (!stray.size) return text;
  return text
    .replace(/(?<![\p{L}\p{N}_&])#[\p{L}\p{N}_]+/gu, (tag) => (stray.has(tag) ? '' : tag))
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
