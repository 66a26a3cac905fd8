import type { Sentence } from './sentences.ts';
import { contentTerms, cosine, tfIdfVectors } from './terms.ts';

const DAMPING = 0.85;
const ITERATIONS = 40;

/**
 * TextRank over TF-IDF sentence vectors: a sentence is central when it shares terms with many
 * other central sentences. Returns one score per sentence (same order); very short sentences
 * ("Thanks everyone") score nothing, since they cannot stand alone as a key point.
 */
export function rankSentences(sentences: Sentence[], language: string): number[] {
  const n = sentences.length;
  const vectors = tfIdfVectors(sentences.map((s) => contentTerms(s.words, language)));
  const weights = vectors.map((a, i) => vectors.map((b, j) => (i === j ? 0 : cosine(a, b))));
  const totals = weights.map((row) => row.reduce((sum, w) => sum + w, 0));
  let scores = new Array<number>(n).fill(1 / Math.max(1, n));
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    scores = scores.map((_, i) => {
      let incoming = 0;
      for (let j = 0; j < n; j++) {
        const total = totals[j] ?? 0;
        if (total > 0) incoming += ((weights[j]?.[i] ?? 0) / total) * (scores[j] ?? 0);
      }
      return (1 - DAMPING) / n + DAMPING * incoming;
    });
  }
  return scores.map((score, i) => ((sentences[i]?.words.length ?? 0) < 5 ? 0 : score));
}

/**
 * The `count` best sentences by score (ties: the earlier one), given back in transcript order,
 * skipping any in `exclude` and any longer than `maxWords`.
 */
export function topSentences(
  sentences: Sentence[],
  scores: number[],
  count: number,
  options: { exclude?: Set<number>; maxWords?: number; minWords?: number } = {},
): Sentence[] {
  return sentences
    .filter((s) => !options.exclude?.has(s.index))
    .filter((s) => s.words.length <= (options.maxWords ?? Number.POSITIVE_INFINITY))
    .filter((s) => s.words.length >= (options.minWords ?? 5) && (scores[s.index] ?? 0) > 0)
    .sort((a, b) => (scores[b.index] ?? 0) - (scores[a.index] ?? 0) || a.index - b.index)
    .slice(0, count)
    .sort((a, b) => a.index - b.index);
}
