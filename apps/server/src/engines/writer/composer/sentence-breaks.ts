import type { Segment } from '@voxpress/contracts';
import { englishSentences } from './english-nlp.ts';
import { baseLanguage } from './language.ts';
import type { SourceWord } from './source-words.ts';

/** A pause at least this long (seconds) between segments ends a sentence, unless the words say otherwise. */
const SENTENCE_PAUSE_S = 0.5;
/** A shorter pause still ends one when the next words clearly start a new sentence. */
const SHORT_PAUSE_S = 0.28;
/** Past this many words a sentence ends at the next pause the words allow. */
const LONG_SENTENCE = 30;
/** Past this many it ends at the next segment boundary the words allow, pause or not. */
const VERY_LONG_SENTENCE = 45;

// English words a sentence does not end on, and words it does not start with: a pause next to
// them is a hesitation ("every day I want … to plant tomatoes"), not a full stop.
const NO_END = new Set(
  `a an the to of and or but nor with for in on at from by into onto about than as because if
  when while whether that which who whose my your our their his her its this these those is are
  was were been being am will would can could should shall may might must do does did have has
  had i i'm we we're you you're they they're he she it's there's very so such want wants wanted need
  needs going gonna just really like also some any every each no not more most less then`
    .split(/\s+/)
    .filter(Boolean),
);
const NO_START = new Set(
  `to of than which whom whose with at by from into onto or nor am been be being`
    .split(/\s+/)
    .filter(Boolean),
);
// These start a sentence only as a question ("is there anything else").
const AUX_START = new Set(['is', 'are', 'was', 'were']);
const AUX_SUBJECT = new Set(
  'there it this that he she we you they anyone everyone anything everything'.split(' '),
);
// These announce a new sentence even after a word that usually continues one.
const ANNOUNCERS = new Set('moving step next finally okay alright anyway thanks so'.split(' '));
// Sounds skipped when looking at the words around a pause.
const HESITATIONS = new Set(['um', 'umm', 'uh', 'uhh', 'uhm', 'er', 'erm', 'ah', 'hmm', 'mm']);

/** The first word from `i` on that is not a hesitation or "you know". */
function wordAfter(words: SourceWord[], i: number): SourceWord | undefined {
  let k = i;
  for (;;) {
    const norm = words[k]?.norm;
    if (norm && HESITATIONS.has(norm)) k++;
    else if (norm === 'you' && words[k + 1]?.norm === 'know') k += 2;
    else return words[k];
  }
}

/** The last word before `i` that is not a hesitation. */
function wordBefore(words: SourceWord[], i: number): SourceWord | undefined {
  let k = i - 1;
  while (k > 0 && HESITATIONS.has(words[k]?.norm ?? '')) k--;
  return words[k];
}

// A sentence opening with these is a clause waiting for its main part ("when I go out … I check").
const SUBORDINATE = new Set('when if because although though while once whenever unless since'.split(' '));
/** Such a sentence ends at a short pause only after this many words. */
const SUBORDINATE_WORDS = 10;

// Words that usually open a spoken English sentence: a short pause before them is enough.
const STARTERS = new Set(
  `so then now next first second third finally after once okay alright well i i'm i've i'll we
  we're we'll you you'll you're it's that's this there's let's here's make add put take start
  preheat heat turn remember don't`
    .split(/\s+/)
    .filter(Boolean),
);

/** Seconds of silence before each segment (0 for the first). */
export function pausesBefore(segments: Segment[]): number[] {
  return segments.map((s, i) => {
    const previous = segments[i - 1];
    return previous ? Math.max(0, s.start - previous.end) : 0;
  });
}

/**
 * Where sentences end in text without punctuation: at the pauses between segments (never inside
 * one: an engine that gives no word times gives no finer place), when the words on either side
 * allow it. Returns the index of each sentence's first word.
 */
export function pauseSentenceStarts(words: SourceWord[], segments: Segment[], language: string): number[] {
  const english = baseLanguage(language) === 'en';
  const pauses = pausesBefore(segments);
  const starts = [0];
  let length = 0;
  let opening = words[0]?.norm ?? '';
  for (let i = 1; i < words.length; i++) {
    length++;
    const word = words[i];
    const previous = words[i - 1];
    if (!word || !previous || word.segment === previous.segment || word.segment < 0) continue;
    const pause = pauses[word.segment] ?? 0;
    const next = wordAfter(words, i) ?? word;
    const last = wordBefore(words, i) ?? previous;
    const afterNext = words[words.indexOf(next) + 1]?.norm ?? '';
    const announced = ANNOUNCERS.has(next.norm) || (AUX_START.has(next.norm) && AUX_SUBJECT.has(afterNext));
    const vetoed =
      english &&
      ((NO_END.has(last.norm) && !announced) ||
        NO_START.has(next.norm) ||
        (AUX_START.has(next.norm) && !AUX_SUBJECT.has(afterNext)));
    const waiting = english && SUBORDINATE.has(opening) && length < SUBORDINATE_WORDS;
    const starter = english && (STARTERS.has(next.norm) || announced) && !waiting;
    const breaks =
      (!vetoed && pause >= SENTENCE_PAUSE_S) ||
      (!vetoed && starter && pause >= SHORT_PAUSE_S) ||
      (!vetoed && !waiting && length >= LONG_SENTENCE && pause >= SHORT_PAUSE_S) ||
      (length >= VERY_LONG_SENTENCE && (!vetoed || pause >= SENTENCE_PAUSE_S * 2));
    if (breaks) {
      starts.push(i);
      length = 0;
      opening = word.norm;
    }
  }
  return starts;
}

const TERMINAL = /[.!?\u3002\uff01\uff1f\u0964]/u;

/**
 * Where sentences end in punctuated text: where the text's sentences end (wink-nlp for English,
 * which knows abbreviations; Intl.Segmenter for the other languages).
 */
export function punctuatedSentenceStarts(words: SourceWord[], language: string): number[] {
  const text = words.map((w) => w.text + w.after).join('');
  const base = baseLanguage(language);
  const sentences =
    base === 'en'
      ? englishSentences(text)
      : [...new Intl.Segmenter(base, { granularity: 'sentence' }).segment(text)].map((s) => s.segment);
  // Character offsets where sentences end, then the first word at or after each.
  const ends = new Set<number>();
  let cursor = 0;
  for (const sentence of sentences) {
    const at = text.indexOf(sentence.trim(), cursor);
    if (at < 0) continue;
    cursor = at + sentence.trim().length;
    ends.add(cursor);
  }
  const starts = [0];
  let offset = 0;
  words.forEach((word, i) => {
    const wordEnd = offset + word.text.length;
    offset = wordEnd + word.after.length;
    const next = words[i + 1];
    if (!next) return;
    for (let at = wordEnd; at <= offset; at++) {
      // A break inside the word's trailing marks counts only where a sentence mark stands.
      if (ends.has(at) && TERMINAL.test(word.after)) {
        starts.push(i + 1);
        return;
      }
    }
  });
  return starts;
}
