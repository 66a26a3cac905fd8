/**
 * Splits text into comparable words: lower case, punctuation removed (apostrophes inside words
 * kept, so "don't" stays one word), whitespace collapsed.
 */
export function normalizeWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[‘’]/g, "'")
    .replace(/[^\p{L}\p{N}'\s]+/gu, ' ')
    .replace(/(^|\s)'+|'+(?=\s|$)/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/**
 * Word error rate of `hypothesis` against `reference`: (substitutions + deletions + insertions) /
 * words in the reference, by word-level Levenshtein distance after `normalizeWords`. 0 is perfect;
 * it can exceed 1 when the hypothesis adds many words. An empty reference gives 0 for an empty
 * hypothesis and 1 otherwise.
 */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const ref = normalizeWords(reference);
  const hyp = normalizeWords(hypothesis);
  if (ref.length === 0) return hyp.length === 0 ? 0 : 1;
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const current = [i];
    for (let j = 1; j <= hyp.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (ref[i - 1] === hyp[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    previous = current;
  }
  return (previous[hyp.length] ?? 0) / ref.length;
}
