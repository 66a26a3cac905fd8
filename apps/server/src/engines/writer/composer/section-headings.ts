import { headingCase, type KeyPhrase } from './keywords.ts';
import type { Sentence } from './sentences.ts';

/** How many of the best phrases said twice compete for a heading. */
const CANDIDATES = 200;
/** Words of shorter sentences ("Good morning everyone") do not name what a section is about. */
const MIN_WORDS_NAMING = 5;
/** Phrases said once name a section with up to this many words. */
const MAX_WORDS_SAID_ONCE = 2;

interface Pick {
  phrase: KeyPhrase;
  score: number;
  /** Where it is first said in the section: of two phrases naming it as well, the earlier leads. */
  at: number;
}

/** A place in the transcript: the sentence, then the word of it. */
const place = (sentence: Sentence, word: number) => sentence.index * 10_000 + word;

/** The phrase that best names these sentences against the rest: frequent here, rare elsewhere. */
function best(
  inGroup: Set<number>,
  sentenceAt: Map<number, Sentence>,
  phrases: readonly KeyPhrase[],
  sections: number,
  sectionOf: Map<number, number>,
  used: Set<string>,
): Pick | null {
  let found: Pick | null = null;
  for (const phrase of phrases) {
    if (used.has(phrase.text) || phrase.words.some((w) => used.has(w))) continue;
    const here = phrase.occurrences.filter((i) => inGroup.has(i)).length;
    if (here === 0) continue;
    const spread = new Set(phrase.occurrences.map((i) => sectionOf.get(i)).filter((g) => g !== undefined))
      .size;
    const score = here * Math.log(1 + sections / spread) * (1 + 0.5 * (phrase.words.length - 1));
    if (found && score < found.score - 1e-9) continue;
    const first = phrase.occurrences.find((i) => inGroup.has(i)) ?? 0;
    const sentence = sentenceAt.get(first);
    const at = sentence ? place(sentence, Math.max(0, sentence.words.indexOf(phrase.words[0] ?? ''))) : 0;
    if (!found || score > found.score + 1e-9 || at < found.at) found = { phrase, score, at };
  }
  return found;
}

/**
 * Headings for sections of running text, each the phrase of the transcript that best names its
 * own sentences, no two sharing a word, none repeating a word of the `taken` headings (the
 * piece's fixed ones: "Ingredients", an agenda item). Handed out best match first, so the section
 * a phrase names best gets it. A phrase said at least twice is preferred; a section no such
 * phrase names takes its best word said once; null where the section has no word to be named by.
 */
export function nameSections(
  groups: readonly Sentence[][],
  phrases: readonly KeyPhrase[],
  language: string,
  taken: readonly string[],
): (string | null)[] {
  const used = new Set<string>();
  for (const heading of taken) {
    const lower = heading.toLowerCase();
    used.add(lower);
    for (const w of lower.split(/\s+/)) used.add(w);
  }
  const sectionOf = new Map<number, number>();
  const sentenceAt = new Map(groups.flat().map((s) => [s.index, s] as const));
  const members = groups.map((group, g) => {
    for (const s of group) sectionOf.set(s.index, g);
    return new Set(group.map((s) => s.index));
  });
  // Said in sentences of some length, the words a section is about.
  const naming = groups.map(
    (group) => new Set(group.filter((s) => s.words.length >= MIN_WORDS_NAMING).map((s) => s.index)),
  );
  const names = new Map<number, KeyPhrase>();
  const twice = phrases.filter((p) => p.occurrences.length >= 2).slice(0, CANDIDATES);
  // Said once, "short voice" is only the start of "short voice note": a fragment, not a name.
  const key = (words: string[], at: number | undefined) => `${at}\u0000${words.join('\u0000')}`;
  const starts = new Set(phrases.map((p) => key(p.words.slice(0, -1), p.occurrences[0])));
  const once = phrases.filter(
    (p) =>
      p.occurrences.length < 2 &&
      p.words.length <= MAX_WORDS_SAID_ONCE &&
      !starts.has(key(p.words, p.occurrences[0])),
  );
  for (const [candidates, sets] of [
    [twice, members],
    [once, naming],
  ] as const) {
    for (;;) {
      let pick: (Pick & { g: number }) | null = null;
      sets.forEach((inGroup, g) => {
        if (names.has(g) || inGroup.size === 0) return;
        const found = best(inGroup, sentenceAt, candidates, groups.length, sectionOf, used);
        if (found && (!pick || found.score > pick.score)) pick = { g, ...found };
      });
      if (!pick) break;
      const { g, phrase } = pick as Pick & { g: number };
      names.set(g, phrase);
      used.add(phrase.text);
      for (const w of phrase.words) used.add(w);
    }
  }
  return groups.map((_, g) => {
    const phrase = names.get(g);
    return phrase ? headingCase(phrase.text, language) : null;
  });
}
