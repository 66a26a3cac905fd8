import { baseLanguage } from './language.ts';
import type { SourceWord } from './source-words.ts';

/** Hesitation sounds, per language: always dropped. Only ones that are never real words. */
const FILLERS: Record<string, string[]> = {
  en: ['um', 'umm', 'uh', 'uhh', 'uhm', 'er', 'erm', 'ah', 'hmm', 'mm', 'mhm'],
  es: ['eh', 'em', 'mmm', 'ehh'],
  de: ['äh', 'ähm', 'öh', 'hm', 'hmm', 'mhm'],
  fr: ['euh', 'heu', 'hum', 'bah'],
  hi: ['उम्म', 'अं', 'हम्म'],
  zh: ['嗯', '呃', '额'],
  ja: ['えーと', 'えっと', 'えー', 'あのー'],
  ko: ['음', '어어', '그니까'],
  ta: ['ம்ம்'],
  te: ['ఉమ్'],
};
// Discourse markers that carry nothing at the start of a sentence ("okay so", "yeah").
const EMPTY_OPENERS = new Set(['yeah', 'okay', 'ok', 'alright', 'anyway']);
// "you know" is meant literally after these words, or before these.
const KNOW_LITERAL_BEFORE = new Set(
  "do did don't didn't if as what whether would will should could can might may let i we they".split(' '),
);
const KNOW_LITERAL_AFTER = new Set(
  'what how where why who when whether that the a an it him her them this about if'.split(' '),
);
// After these, "you know" cannot be meant literally ("the, you know, the sign-up").
const FILLER_BEFORE_KNOW = new Set(['the', 'a', 'an', 'and', 'but', 'so', 'or', 'um', 'uh', 'like']);
// "like" is a filler between a joining word and a new clause or another filler ("and like we").
const LIKE_BEFORE = new Set(['and', 'but', 'so', 'or', 'just', 'was', 'were', "it's", 'is']);
const LIKE_AFTER = new Set(
  "i we you they he she um uh really literally totally so there's it's i'm we're".split(' '),
);
// Words said twice on purpose.
const DOUBLE_OK = new Set(['had', 'that', 'very', 'really', 'no', 'bye', 'ha', 'knock']);

const CUT = /^[-\u2013\u2014]\s/u;

/** Removes word `i` and keeps the marks around it sensible ("I, um, want" → "I want"). */
function drop(words: SourceWord[], i: number): void {
  const [gone] = words.splice(i, 1);
  const previous = words[i - 1];
  if (!gone || !previous) return;
  const terminal = /[.!?\u3002\uff01\uff1f]/u.exec(gone.after);
  if (terminal) previous.after = gone.after;
  else if (previous.after.includes(',') && gone.after.includes(','))
    previous.after = previous.after.replace(',', '');
  else if (CUT.test(previous.after)) previous.after = ' ';
}

function isFiller(words: SourceWord[], i: number, fillers: Set<string>, english: boolean): number {
  const word = words[i];
  if (!word) return 0;
  if (fillers.has(word.norm)) return 1;
  if (!english) return 0;
  const before = words[i - 1]?.norm;
  const next = words[i + 1];
  if (word.norm === 'you' && next?.norm === 'know') {
    const after = words[i + 2]?.norm;
    // "show you you know how": the second "you" is the filler's.
    if (before && KNOW_LITERAL_BEFORE.has(before) && before !== 'you') return 0;
    if (before === 'you' || (before && FILLER_BEFORE_KNOW.has(before))) return 2;
    if (after && KNOW_LITERAL_AFTER.has(after) && !next.after.includes(',')) return 0;
    return 2;
  }
  if (word.norm === 'i' && next?.norm === 'mean' && i === 0 && words.length > 3) return 2;
  if (word.norm === 'like') {
    const after = next?.norm;
    const commaBound = word.after.includes(',') && (i === 0 || words[i - 1]?.after.includes(','));
    const joining = before === undefined || LIKE_BEFORE.has(before);
    if (commaBound || (joining && after !== undefined && (LIKE_AFTER.has(after) || fillers.has(after))))
      return 1;
  }
  return 0;
}

/** Drops the first telling of a phrase said twice ("I want I want to" → "I want to"). */
function dropRepeats(words: SourceWord[]): void {
  for (let i = 0; i < words.length; i++) {
    for (let n = Math.min(4, Math.floor((words.length - i) / 2)); n >= 1; n--) {
      let same = true;
      for (let k = 0; k < n && same; k++) same = words[i + k]?.norm === words[i + n + k]?.norm;
      if (!same || (n === 1 && DOUBLE_OK.has(words[i]?.norm ?? ''))) continue;
      for (let k = 0; k < n; k++) drop(words, i);
      i = Math.max(-1, i - 2);
      break;
    }
  }
}

/** A word cut off with a dash ("want- we should"): the words restarted go, up to four back. */
function dropCutOffs(words: SourceWord[]): void {
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (!word || !CUT.test(word.after)) continue;
    // Restarted with the same words: dropRepeats takes the first telling once the dash goes.
    word.after = ' ';
    const repeatsAhead = words.slice(0, i + 1).some((w) => w.norm === words[i + 1]?.norm);
    if (repeatsAhead) continue;
    let from = i;
    while (from > 0 && i - from < 3 && !/[,;:]/.test(words[from - 1]?.after ?? '')) from--;
    const count = i - from + 1;
    if (count <= 4 && count < words.length - 1) for (let k = 0; k < count; k++) drop(words, from);
    i = from - 1;
  }
}

/**
 * The sentence's words without hesitations, fillers and false starts. Only removes: what is left
 * is still the speaker's words in the speaker's order.
 */
export function removeDisfluencies(sentence: SourceWord[], language: string): SourceWord[] {
  const base = baseLanguage(language);
  const english = base === 'en';
  const fillers = new Set(FILLERS[base] ?? []);
  const words = sentence.map((w) => ({ ...w }));
  for (let i = 0; i < words.length; ) {
    const count = isFiller(words, i, fillers, english);
    if (count === 0) i++;
    else for (let k = 0; k < count; k++) drop(words, i);
  }
  dropCutOffs(words);
  dropRepeats(words);
  if (english) while (words.length > 2 && EMPTY_OPENERS.has(words[0]?.norm ?? '')) words.shift();
  return words;
}
