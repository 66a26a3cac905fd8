import type { Section } from './composed-content.schema.ts';
import { paragraphOf } from './grounding.ts';
import { headingCase, type KeyPhrase } from './keywords.ts';
import { label } from './labels.ts';
import { writesWithoutSpaces } from './language.ts';
import { MARKERS } from './paragraphs.ts';
import type { Sentence } from './sentences.ts';
import { contentTerms, cosine, type TermVector, tfIdfVectors } from './terms.ts';

const MAX_SECTIONS = 6;
/** Seconds of silence that mark a deliberate break (as paragraphs take it). */
const LONG_PAUSE_S = 1.2;

/** The phrase that best names these sentences against the rest: frequent here, rare elsewhere. */
function headingFor(
  group: Sentence[][],
  phrases: KeyPhrase[],
  sections: number,
  sectionOf: Map<number, number>,
  used: Set<string>,
): { phrase: KeyPhrase; score: number } | null {
  const inGroup = new Set(group.flat().map((s) => s.index));
  let best: KeyPhrase | null = null;
  let bestScore = 0;
  for (const phrase of phrases) {
    if (phrase.occurrences.length < 2 || used.has(phrase.text) || phrase.words.some((w) => used.has(w)))
      continue;
    const here = phrase.occurrences.filter((i) => inGroup.has(i)).length;
    if (here === 0) continue;
    const spread = new Set(phrase.occurrences.map((i) => sectionOf.get(i))).size;
    const score = here * Math.log(1 + sections / spread) * (1 + 0.5 * (phrase.words.length - 1));
    if (score > bestScore) {
      best = phrase;
      bestScore = score;
    }
  }
  return best ? { phrase: best, score: bestScore } : null;
}

/**
 * Paragraphs grouped into titled sections, cut between the paragraphs whose words differ most;
 * each heading is the phrase of the transcript that best names its section.
 */
export function topicSections(paragraphs: Sentence[][], phrases: KeyPhrase[], language: string): Section[] {
  if (paragraphs.length === 0) return [];
  const joiner = writesWithoutSpaces(language) ? '' : ' ';
  const wanted = Math.max(1, Math.min(MAX_SECTIONS, Math.round(paragraphs.length / 2)));
  const vectors: TermVector[] = tfIdfVectors(
    paragraphs.map((p) => p.flatMap((s) => contentTerms(s.words, language))),
  );
  // A cut is good where the words change, where the speaker announces a new part, and near an
  // even split (so one section does not swallow the rest).
  const span = paragraphs.length / wanted;
  const cost = (at: number) => {
    const opening = paragraphs[at]?.[0];
    // "Now" opens paragraphs ("now fold in the flour") more often than new topics.
    const marker = MARKERS.exec(opening?.spoken.toLowerCase() ?? '')?.[0];
    const announced = marker && !/\bnow$/.test(marker) ? 0.5 : 0;
    // The speaker stopping to think is a better place than a paragraph cut by length.
    const paused = (opening?.pauseBefore ?? 0) >= LONG_PAUSE_S ? 0.3 : 0;
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
  const sectionOf = new Map<number, number>();
  groups.forEach((group, g) => {
    for (const s of group.flat()) sectionOf.set(s.index, g);
  });
  // Headings are handed out best match first, so the section a phrase names best gets it.
  const used = new Set<string>();
  const candidates = phrases.slice(0, 200);
  const headings = new Map<number, KeyPhrase>();
  for (let round = 0; round < groups.length; round++) {
    let pick: { g: number; phrase: KeyPhrase; score: number } | null = null;
    groups.forEach((group, g) => {
      if (headings.has(g)) return;
      const found = headingFor(group, candidates, groups.length, sectionOf, used);
      if (found && (!pick || found.score > pick.score)) pick = { g, ...found };
    });
    if (!pick) break;
    const { g, phrase } = pick as { g: number; phrase: KeyPhrase };
    headings.set(g, phrase);
    used.add(phrase.text);
    for (const w of phrase.words) used.add(w);
  }
  return groups.map((group, g) => {
    const phrase = headings.get(g);
    return {
      heading: phrase ? headingCase(phrase.text, language) : label(language, 'overview'),
      kind: 'text' as const,
      paragraphs: group.map((p) => paragraphOf(p, joiner)),
    };
  });
}
