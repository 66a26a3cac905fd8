import type { ActionItem } from './composed-content.schema.ts';
import { GIVEN_NAMES } from './given-names.ts';
import { capitalise, find, grounded, plain } from './grounding.ts';
import { stopwords } from './language.ts';
import type { Sentence } from './sentences.ts';

const ROSTER =
  /\b(?:attendees|attending|here today|joining us|joining today|on the call|present today)\b(?: today)?(?: are| is| were)?\s+(.*)$/;
const NAME_BEFORE =
  /\b([a-z]+) (?:will|can you|could you|is going to|mentioned|said|suggested|agreed|asked|thinks|raised)\b/g;
const NAME_AFTER = /\b(?:thanks|thank you|over to you|me|i'm|this is|my name is)\s+([a-z]+)\b/g;
const SPEAKER = /\b(?:and me|me|i'm|my name is|this is)\s+([a-z]+)\b/;
const NOT_NAMES = new Set(
  'team everyone everybody someone somebody nobody marketing support sales design engineering product it this that which who he she they we i you there what here one all going'.split(
    ' ',
  ),
);
const OWNER =
  /^(?:(?:so|and|then|ok|okay)\s+)*(\w+)\s+(?:will|'ll|is going to|are going to|am going to|needs? to|has to|have to|should|can you|could you)\s+(.*)$/;
const DUE =
  /\b(?:by|before|on|for|until) ((?:next |this )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight)|the end of (?:the )?(?:day|week|month|quarter)|end of (?:day|week|month)|next week|next month|the \w+ of \w+)\b/;
const WEEKDAY = /\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/g;
const DECISION =
  /\b(?:we (?:decided|agreed|settled|are going with|'re going with|will go with)|the decision is|let's go with)\b/;
const AGENDA = /\bagenda (?:we have|is|includes|today is|for today is)?\s*(.*)$/;

/** Whether the transcript writes names with capitals: a capital inside a sentence, other than "I". */
function casedNames(sentences: Sentence[]): boolean {
  return sentences.some((s) => /\s(?!I\b|I')\p{Lu}/u.test(s.spoken));
}

/** The word is written with a capital inside a sentence somewhere ("… and me, Daniel."), not only at its start. */
function writtenAsName(sentences: Sentence[], word: string): boolean {
  const name = (word[0]?.toUpperCase() + word.slice(1)).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`[\\s,;:"'(]${name}\\b`, 'u');
  return sentences.some((s) => pattern.test(s.spoken));
}

/**
 * Names said in the meeting: from the roster ("the attendees today are …", the sentence returned
 * as `roster`) and from how people are addressed. Only people's names: where the transcript has
 * capitals, a word written with one; where it has none, a roster entry or a common given name
 * ("skins will burst" names nobody).
 */
export function attendees(sentences: Sentence[]): {
  names: string[];
  speaker: string | null;
  roster: Sentence | null;
} {
  const stop = stopwords('en');
  const cased = casedNames(sentences);
  const isName = (word: string, listed: boolean) =>
    GIVEN_NAMES.has(word) || (cased ? writtenAsName(sentences, word) : listed);
  const counts = new Map<string, number>();
  const listed: string[] = [];
  let rosterSentence: Sentence | null = null;
  const add = (name: string, weight: number) => {
    if (name.length < 2 || NOT_NAMES.has(name) || stop.has(name)) return;
    counts.set(name, (counts.get(name) ?? 0) + weight);
  };
  for (const sentence of sentences) {
    const text = plain(sentence);
    const roster = ROSTER.exec(text)?.[1];
    if (roster) {
      rosterSentence ??= sentence;
      for (const word of roster.split(/\s+/)) {
        if (NOT_NAMES.has(word) || stop.has(word) || word === 'me' || !isName(word, true)) continue;
        if (!listed.includes(word)) listed.push(word);
        add(word, 2);
      }
    }
    for (const match of [...text.matchAll(NAME_BEFORE), ...text.matchAll(NAME_AFTER)]) {
      const word = match[1] ?? '';
      if (listed.includes(word) || isName(word, false)) add(word, 1);
    }
  }
  const speaker = sentences.map((s) => find(s, SPEAKER)).find((n) => n && counts.has(n)) ?? null;
  const said = [
    ...listed,
    ...[...counts].filter(([name, n]) => n >= 2 && !listed.includes(name)).map(([name]) => name),
  ].map(capitalise);
  // The voices the user named took part, whether or not anyone said their names.
  const voices = [...new Set(sentences.flatMap((s) => (s.speaker ? [s.speaker] : [])))];
  const known = new Set(voices.map((v) => v.toLowerCase()));
  return {
    names: [...voices, ...said.filter((name) => !known.has(name.toLowerCase()))],
    speaker: speaker ? capitalise(speaker) : null,
    roster: rosterSentence,
  };
}

/** Who does what by when: "Tom will prepare the screenshots by Wednesday", with the sentence it was said in. */
export function actionItems(
  sentences: Sentence[],
  names: string[],
  speaker: string | null,
): { item: ActionItem; sentence: Sentence }[] {
  const known = new Set(names.map((n) => n.toLowerCase()));
  const out: { item: ActionItem; sentence: Sentence }[] = [];
  for (const sentence of sentences) {
    const match = OWNER.exec(plain(sentence));
    const who = match?.[1];
    if (!who || !(known.has(who) || who === 'i')) continue;
    // "I will…" is the named voice that said it, else the one who introduced themselves.
    const owner = who === 'i' ? (sentence.speaker ?? speaker) : capitalise(who);
    const due = find(sentence, DUE);
    out.push({
      item: { ...grounded([sentence]), owner, due: due ? due.replace(WEEKDAY, (d) => capitalise(d)) : null },
      sentence,
    });
  }
  return out;
}

/** The sentences that say what was decided ("we agreed to…"). */
export function decisions(sentences: Sentence[]): Sentence[] {
  return sentences.filter((s) => DECISION.test(plain(s)));
}

/** The agenda as said ("on the agenda we have the launch, the budget and the survey"). */
export function agenda(sentences: Sentence[]): string[] {
  for (const sentence of sentences) {
    const list = find(sentence, AGENDA);
    if (!list) continue;
    const items = list
      .split(/\s*\band\b\s*|\s+(?=the\s)/)
      .map((item) => item.replace(/^the\s+/, '').trim())
      .filter(Boolean);
    if (items.length >= 2) return items.map((item) => item.replace(/^\p{Ll}/u, (c) => c.toUpperCase()));
  }
  return [];
}
