import { longPauseOf, MARKERS } from './paragraphs.ts';
import type { Sentence } from './sentences.ts';
import { contentTerms, cosine, type TermVector, tfIdfVectors } from './terms.ts';

const MAX_SECTIONS = 6;
/** Markers that open an item of a list ("first, keep a schedule", "finally, talk to your team"), not a topic. */
const LIST_ITEM =
  /^(?:(?:ok(?:ay)?|alright|all right|right|so|and)\s+)*(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|finally|lastly|step\s+\w+)\b/;

/**
 * Paragraphs grouped into sections (each a list of paragraphs), cut between the paragraphs whose
 * words differ most, where the speaker announces a new part or stops to think.
 */
export function topicGroups(paragraphs: Sentence[][], language: string): Sentence[][][] {
  if (paragraphs.length === 0) return [];
  const wanted = Math.max(1, Math.min(MAX_SECTIONS, Math.round(paragraphs.length / 2)));
  const vectors: TermVector[] = tfIdfVectors(
    paragraphs.map((p) => p.flatMap((s) => contentTerms(s.words, language))),
  );
  // A cut is good where the words change, where the speaker announces a new part, and near an
  // even split (so one section does not swallow the rest).
  const span = paragraphs.length / wanted;
  const longPause = longPauseOf(paragraphs.flat());
  const cost = (at: number) => {
    const opening = paragraphs[at]?.[0];
    const spoken = opening?.spoken.toLowerCase() ?? '';
    // "Now" opens paragraphs ("now fold in the flour") more often than new topics, and an item
    // of a list more often goes on with the list.
    const marker = MARKERS.exec(spoken)?.[0];
    const announced = marker && !/\bnow$/.test(marker) ? (LIST_ITEM.test(spoken) ? 0.15 : 0.5) : 0;
    // The speaker stopping to think is a better place than a paragraph cut by length.
    const paused = (opening?.pauseBefore ?? 0) >= longPause ? 0.4 : 0;
    const nearest = Math.round(at / span) * span;
    return (
      cosine(vectors[at - 1] ?? new Map(), vectors[at] ?? new Map()) -
      announced -
      paused +
      (0.4 * Math.abs(at - nearest)) / span
    );
  };
  const cuts: number[] = [];
  const places = paragraphs.slice(1).map((_, i) => ({ at: i + 1, cost: cost(i + 1) }));
  for (const candidate of places.sort((a, b) => a.cost - b.cost || a.at - b.at)) {
    if (cuts.length >= wanted - 1) break;
    cuts.push(candidate.at);
  }
  cuts.sort((a, b) => a - b);
  const groups: Sentence[][][] = [];
  let from = 0;
  for (const cut of [...cuts, paragraphs.length]) {
    groups.push(paragraphs.slice(from, cut));
    from = cut;
  }
  return groups;
}
