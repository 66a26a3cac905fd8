import type { ContentType } from './composed-content.schema.ts';
import { isFragment, tiedToPlace } from './lifts.ts';
import type { Sentence } from './sentences.ts';

/** A source of this many words or more always has key points (a raw transcript has none). */
export const KEY_POINTS_FROM_WORDS = 100;
/** One key point for about every this many words, between one and `MAX_KEY_POINTS`. */
const WORDS_PER_KEY_POINT = 150;
const MAX_KEY_POINTS = 5;
/** The speaker saying what matters ("the big lesson for me is…", "the point is…"). */
const SAYS_WHAT_MATTERS =
  /\b(?:the (?:big|key|main|real|most important|whole) (?:lesson|thing|point|takeaway|reason|idea)|the point is|what matters|in the end|the bottom line|we (?:decided|agreed))\b/;

/**
 * The key points: the sentences that carry most of what was said (by their TextRank `scores`,
 * leaning to the close, where speakers say what it comes to), in the order they were said. They
 * repeat sentences of the text, as a summary list beside it does; `first` sentences (what the
 * type lists already) come before the ranked ones; `avoid` (a recipe's ingredient lines and steps)
 * only when nothing else would do, and `never` (the lead, just above) only when it is all there is.
 */
export function keyPointSentences(
  type: ContentType,
  sentences: readonly Sentence[],
  scores: readonly number[],
  options: { first?: readonly Sentence[]; avoid?: ReadonlySet<number>; never?: ReadonlySet<number> } = {},
): Sentence[] {
  if (type === 'raw_transcription' || sentences.length === 0) return [];
  const words = sentences.reduce((n, s) => n + s.words.length, 0);
  const wanted = Math.min(MAX_KEY_POINTS, Math.max(1, Math.round(words / WORDS_PER_KEY_POINT)));
  if (words < KEY_POINTS_FROM_WORDS && sentences.length < 4) return [];
  const avoid = new Set([...(options.avoid ?? []), ...(options.never ?? [])]);
  const never = options.never ?? new Set<number>();
  const along = (i: number) => i / Math.max(1, sentences.length);
  const score = (s: Sentence) =>
    (scores[s.index] ?? 0) * (1 + 0.4 * along(s.index)) * (SAYS_WHAT_MATTERS.test(s.words.join(' ')) ? 2 : 1);
  const chosen = new Map<number, Sentence>();
  for (const s of options.first ?? []) if (chosen.size < wanted) chosen.set(s.index, s);
  // Best first: full statements of a readable length, then any full sentence, then anything said.
  const tiers: ((s: Sentence) => boolean)[] = [
    (s) =>
      !avoid.has(s.index) && !isFragment(s) && !tiedToPlace(s) && s.words.length >= 6 && s.words.length <= 35,
    (s) => !avoid.has(s.index) && !isFragment(s) && !/[?？]$/u.test(s.text),
    (s) => !never.has(s.index) && !isFragment(s),
    (s) => !never.has(s.index),
    () => true,
  ];
  for (const fits of tiers) {
    if (chosen.size >= wanted) break;
    const ranked = sentences
      .filter((s) => !chosen.has(s.index) && fits(s))
      .sort((a, b) => score(b) - score(a) || a.index - b.index);
    for (const s of ranked) {
      if (chosen.size >= wanted) break;
      chosen.set(s.index, s);
    }
  }
  return [...chosen.values()].sort((a, b) => a.index - b.index);
}
