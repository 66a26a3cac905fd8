import { baseLanguage } from './language.ts';
import type { Sentence } from './sentences.ts';
import { contentTerms, cosine, merge, type TermVector, tfIdfVectors } from './terms.ts';

/** A pause this much longer than the speaker's usual one between sentences starts a paragraph. */
const LONG_PAUSE_FACTOR = 2.2;
const MIN_LONG_PAUSE_S = 1.2;
/** Below this likeness between the sentences before and after, the topic has changed. */
const TOPIC_SHIFT = 0.06;
const MAX_SENTENCES = 6;
const MAX_WORDS = 140;

/** English openings that announce a new part ("moving on", "the next thing", "step two"). */
// English openings that announce a new part ("moving on", "the next thing", "step two").
export const MARKERS =
  /^(?:(?:ok(?:ay)?|alright|all right|right|so|and)\s+)*(?:now|next(?!\s+(?:year|week|month|time|day|quarter|spring|summer|autumn|fall|winter))|moving on|the next thing|another thing|first(?:ly)?|second(?:ly)?|third(?:ly)?|finally|lastly|last but not least|step\s+\w+|to start|to finish|one more thing|let's talk about|the other thing)\b/;

function median(values: number[]): number {
  const sorted = values.filter((v) => v > 0).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Splits a run of sentences where the topic changes most, until each part is short enough. */
function splitRun(run: Sentence[], vectors: TermVector[], offset: number, out: Sentence[][]): void {
  const words = run.reduce((sum, s) => sum + s.words.length, 0);
  let best = -1;
  let lowest = Number.POSITIVE_INFINITY;
  for (let k = 2; k <= run.length - 2; k++) {
    const at = offset + k;
    const likeness = cosine(
      merge(vectors.slice(Math.max(offset, at - 3), at)),
      merge(vectors.slice(at, Math.min(at + 3, offset + run.length))),
    );
    if (likeness < lowest) {
      lowest = likeness;
      best = k;
    }
  }
  const tooLong = run.length > MAX_SENTENCES || words > MAX_WORDS;
  const shifts = run.length >= 6 && lowest < TOPIC_SHIFT;
  if (best < 0 || !(tooLong || shifts)) {
    out.push(run);
    return;
  }
  splitRun(run.slice(0, best), vectors, offset, out);
  splitRun(run.slice(best), vectors, offset + best, out);
}

/** Seconds of silence that are a deliberate break for this speaker: well over their usual pause. */
export function longPauseOf(sentences: Sentence[]): number {
  return Math.max(MIN_LONG_PAUSE_S, median(sentences.map((s) => s.pauseBefore)) * LONG_PAUSE_FACTOR);
}

/**
 * Groups sentences into paragraphs: a new one at a long pause or where the speaker announces a
 * new part; a run still too long is split where its words change topic most.
 */
export function paragraphs(sentences: Sentence[], language: string): Sentence[][] {
  if (sentences.length === 0) return [];
  const english = baseLanguage(language) === 'en';
  const longPause = longPauseOf(sentences);
  const vectors = tfIdfVectors(sentences.map((s) => contentTerms(s.words, language)));
  const out: Sentence[][] = [];
  let runStart = 0;
  sentences.forEach((sentence, i) => {
    const announced = english && MARKERS.test(sentence.spoken.toLowerCase());
    if (i > runStart && (sentence.pauseBefore >= longPause || (announced && i - runStart >= 2))) {
      splitRun(sentences.slice(runStart, i), vectors, runStart, out);
      runStart = i;
    }
  });
  splitRun(sentences.slice(runStart), vectors, runStart, out);
  return out;
}
