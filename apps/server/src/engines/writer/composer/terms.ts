import { baseLanguage, stopwords, writesWithoutSpaces } from './language.ts';

/** English plural and verb endings folded, so "tomato" and "tomatoes" count as one term. */
function stem(word: string, english: boolean): string {
  if (!english || word.length <= 4) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('oes') || word.endsWith('ches') || word.endsWith('shes')) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

/** Whether a lower-case word can carry a topic in this language. */
export function isContentWord(word: string, language: string): boolean {
  if (stopwords(language).has(word)) return false;
  if (/^\p{N}+$/u.test(word)) return false;
  return writesWithoutSpaces(language)
    ? word.length >= 2
    : word.length >= 3 || /[^\p{Script=Latin}]/u.test(word);
}

/** The topic-bearing terms of a sentence's words. */
export function contentTerms(words: string[], language: string): string[] {
  const english = baseLanguage(language) === 'en';
  return words.filter((w) => isContentWord(w, language)).map((w) => stem(w, english));
}

export type TermVector = Map<string, number>;

/** TF-IDF vectors of documents (here: sentences or groups of them) given as term lists. */
export function tfIdfVectors(documents: string[][]): TermVector[] {
  const df = new Map<string, number>();
  for (const doc of documents) for (const term of new Set(doc)) df.set(term, (df.get(term) ?? 0) + 1);
  const n = documents.length;
  return documents.map((doc) => {
    const vector: TermVector = new Map();
    for (const term of doc) vector.set(term, (vector.get(term) ?? 0) + 1);
    for (const [term, tf] of vector) vector.set(term, tf * Math.log(1 + n / (df.get(term) ?? 1)));
    return vector;
  });
}

export function cosine(a: TermVector, b: TermVector): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [term, value] of a) {
    na += value * value;
    dot += value * (b.get(term) ?? 0);
  }
  for (const value of b.values()) nb += value * value;
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** Term counts of several term lists together. */
export function merge(vectors: TermVector[]): TermVector {
  const out: TermVector = new Map();
  for (const vector of vectors)
    for (const [term, value] of vector) out.set(term, (out.get(term) ?? 0) + value);
  return out;
}
