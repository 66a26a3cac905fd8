import type { Sentence } from './sentences.ts';
import { contentTerms, tfIdfVectors } from './terms.ts';

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
  // Likeness of every pair sharing a term, found through the terms (sentences share few): the
  // cost grows with the pairs that share words, not with the square of the transcript.
  const norms = vectors.map((v) => Math.sqrt([...v.values()].reduce((sum, x) => sum + x * x, 0)));
  const postings = new Map<string, [number, number][]>();
  vectors.forEach((vector, i) => {
    for (const [term, weight] of vector) {
      const list = postings.get(term) ?? [];
      list.push([i, weight]);
      postings.set(term, list);
    }
  });
  const edges: Map<number, number>[] = vectors.map(() => new Map());
  for (const list of postings.values()) {
    for (let a = 0; a < list.length; a++) {
      const [i, wi] = list[a] as [number, number];
      for (let b = a + 1; b < list.length; b++) {
        const [j, wj] = list[b] as [number, number];
        const dot = wi * wj;
        edges[i]?.set(j, (edges[i]?.get(j) ?? 0) + dot);
        edges[j]?.set(i, (edges[j]?.get(i) ?? 0) + dot);
      }
    }
  }
  for (const [i, row] of edges.entries()) {
    for (const [j, dot] of row) row.set(j, dot / ((norms[i] ?? 1) * (norms[j] ?? 1)));
  }
  const totals = edges.map((row) => [...row.values()].reduce((sum, w) => sum + w, 0));
  let scores = new Array<number>(n).fill(1 / Math.max(1, n));
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    const next = new Array<number>(n).fill((1 - DAMPING) / Math.max(1, n));
    edges.forEach((row, j) => {
      const total = totals[j] ?? 0;
      if (total === 0) return;
      const share = (DAMPING * (scores[j] ?? 0)) / total;
      for (const [i, w] of row) next[i] = (next[i] ?? 0) + share * w;
    });
    scores = next;
  }
  return scores.map((score, i) => ((sentences[i]?.words.length ?? 0) < 5 ? 0 : score));
}
