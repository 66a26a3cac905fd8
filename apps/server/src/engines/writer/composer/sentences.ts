import type { Segment } from '@voxpress/contracts';
import { removeDisfluencies } from './disfluency.ts';
import { baseLanguage, writesWithoutSpaces } from './language.ts';
import { pauseSentenceStarts, pausesBefore, punctuatedSentenceStarts } from './sentence-breaks.ts';
import { type SourceWord, sourceWords } from './source-words.ts';

/** A sentence of the transcript, as heard and as cleaned, with where it was heard. */
export interface Sentence {
  /** Position among the transcript's sentences. */
  index: number;
  /** Every word heard, marks restored. */
  spoken: string;
  /** Without hesitations, fillers and false starts; empty when nothing else was said. */
  text: string;
  /** The cleaned sentence's words, lower case, for comparing and counting. */
  words: string[];
  segmentIds: number[];
  start: number | null;
  end: number | null;
  /** Seconds of silence before it, where the segments tell (0 otherwise). */
  pauseBefore: number;
  /** The voice that said it (`S1`…), once speakers are found; null otherwise. */
  voice?: string | null;
  /** That voice's name, only when the user gave one ("Speaker 2" names nobody). */
  speaker?: string | null;
}

/** A segment with its voice, as a transcript with speakers hands it to the writers. */
export type VoicedSegment = Segment & { speaker?: string | null; speaker_name?: string | null };

/** The name the transcript gives a voice nobody named yet (see the speakers model). */
const UNNAMED_VOICE = /^Speaker \d+$/;

/** The user's name for the segment's voice, if they gave one. */
function givenName(segment: VoicedSegment | undefined): string | null {
  const name = segment?.speaker_name?.trim();
  return name && !UNNAMED_VOICE.test(name) ? name : null;
}

/** Word positions where another voice takes over: a sentence never runs from one voice into the next. */
function voiceChanges(words: SourceWord[], segments: VoicedSegment[]): number[] {
  const voiceAt = (i: number) => segments[words[i]?.segment ?? -1]?.speaker ?? null;
  const out: number[] = [];
  for (let i = 1; i < words.length; i++) {
    const before = voiceAt(i - 1);
    const now = voiceAt(i);
    if (before && now && before !== now) out.push(i);
  }
  return out;
}

const TERMINAL = /[.!?\u3002\uff01\uff1f\u0964]["'”’)\]]*\s*$/u;
const WH = new Set(['what', 'why', 'how', 'who', 'where', 'when', 'which']);
const AUX = new Set(
  'do does did is are was were can could would should will have has shall may might'.split(' '),
);
const SUBJECT = new Set('you we i they he she it there anyone everyone somebody anybody'.split(' '));
// English words written with a capital wherever they stand.
const CAPITALISED = new Set(
  `monday tuesday wednesday thursday friday saturday sunday january february april june july
  august september october november december english`
    .split(/\s+/)
    .filter(Boolean),
);

/** English text without punctuation: a question when it opens like one ("what do you", "can we"). */
function asksQuestion(words: SourceWord[]): boolean {
  // The question may follow a name or an opener: "Sarah, where are we".
  return [0, 1].some((p) => {
    const first = words[p]?.norm ?? '';
    const second = words[p + 1]?.norm ?? '';
    return (WH.has(first) && AUX.has(second)) || (p === 0 && AUX.has(first) && SUBJECT.has(second));
  });
}

// Openings a writer sets off with a comma ("Step one, take the wheel off").
const STEP_WORD = /^(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)$/;
const ORDINAL = new Set(['first', 'next', 'finally', 'lastly', 'secondly', 'thirdly', 'firstly']);

/** How many leading words form an opening that takes a comma after it (0 if none). */
function openingLength(words: SourceWord[]): number {
  if (words.length < 4) return 0;
  if (words[0]?.norm === 'step' && STEP_WORD.test(words[1]?.norm ?? '')) return 2;
  return ORDINAL.has(words[0]?.norm ?? '') ? 1 : 0;
}

/** Joins words with their marks, with a capital first and a closing mark. */
function render(words: SourceWord[], language: string, punctuated: boolean): string {
  const english = baseLanguage(language) === 'en';
  const comma = english && !punctuated ? openingLength(words) - 1 : -1;
  const parts = words.map((w, i) => {
    if (i === comma) return `${w.text},${w.after}`;
    let text = w.text;
    if (english && !punctuated && (/^i('|$)/.test(text) || CAPITALISED.has(w.norm))) {
      text = text[0]?.toUpperCase() + text.slice(1);
    }
    return i === words.length - 1 ? text + w.after.trimEnd() : text + w.after;
  });
  let text = parts
    .join('')
    .replace(/^[\s,;:\-–—]+/u, '')
    .replace(/[\s,;:\-–—]+$/u, '');
  if (!text) return '';
  text = text.replace(/^\p{Ll}/u, (c) => c.toUpperCase());
  if (!TERMINAL.test(text)) {
    const mark = writesWithoutSpaces(language) ? '。' : baseLanguage(language) === 'hi' ? '।' : '.';
    text += english && !punctuated && asksQuestion(words) ? '?' : mark;
  }
  return text;
}

/**
 * The transcript's sentences. Punctuated text is split where its sentences end; text without
 * punctuation (PocketSphinx) at the pauses between segments, where the words allow a sentence to
 * end — so "every day I want … to plant tomatoes" stays one sentence.
 */
export function transcriptSentences(segments: VoicedSegment[], language: string, text?: string): Sentence[] {
  const { words, punctuated } = sourceWords(segments, language, text);
  const starts = [
    ...new Set([
      ...(punctuated
        ? punctuatedSentenceStarts(words, language)
        : pauseSentenceStarts(words, segments, language)),
      ...voiceChanges(words, segments),
    ]),
  ].sort((a, b) => a - b);
  const pauses = pausesBefore(segments);
  const out: Sentence[] = [];
  starts.forEach((from, k) => {
    const span = words.slice(from, starts[k + 1] ?? words.length);
    if (span.length === 0) return;
    const kept = removeDisfluencies(span, language);
    const ids = [...new Set(span.map((w) => w.segment).filter((s) => s >= 0))].sort((a, b) => a - b);
    const first = ids[0];
    const last = ids.at(-1);
    const opensSegment = from === 0 || words[from - 1]?.segment !== span[0]?.segment;
    out.push({
      index: out.length,
      spoken: render(span, language, punctuated),
      text: render(kept, language, punctuated),
      words: kept.map((w) => w.norm),
      segmentIds: ids,
      start: first === undefined ? null : (segments[first]?.start ?? null),
      end: last === undefined ? null : (segments[last]?.end ?? null),
      pauseBefore: opensSegment && first !== undefined ? (pauses[first] ?? 0) : 0,
      voice: segments[span[0]?.segment ?? -1]?.speaker ?? null,
      speaker: givenName(segments[span[0]?.segment ?? -1]),
    });
  });
  return out;
}
