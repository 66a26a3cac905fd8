import type { Segment } from '@voxpress/contracts';
import { diffArrays } from 'diff';
import { baseLanguage, normalWord, writesWithoutSpaces } from './language.ts';

/**
 * One word of the source with the text that follows it up to the next word (spaces and
 * punctuation), so sentences can be rebuilt from the words kept, and the segment it was heard in.
 */
export interface SourceWord {
  text: string;
  norm: string;
  after: string;
  /** Index into the transcript's segments, or -1 when the source had none. */
  segment: number;
}

export interface SourceText {
  words: SourceWord[];
  /** Whether the source's own punctuation marks sentence ends (see `hasRealPunctuation`). */
  punctuated: boolean;
}

const segmenters = new Map<string, Intl.Segmenter>();
function wordSegmenter(language: string): Intl.Segmenter {
  const base = baseLanguage(language);
  let segmenter = segmenters.get(base);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(base, { granularity: 'word' });
    segmenters.set(base, segmenter);
  }
  return segmenter;
}

/** Splits text into words with what follows each; text before the first word is dropped. */
export function splitWords(text: string, language: string, segment = -1): SourceWord[] {
  const out: SourceWord[] = [];
  for (const piece of wordSegmenter(language).segment(text)) {
    const last = out.at(-1);
    if (piece.isWordLike) {
      out.push({ text: piece.segment, norm: normalWord(piece.segment), after: '', segment });
    } else if (last) {
      last.after += piece.segment;
    }
  }
  return out;
}

// Anything but letters, spaces and apostrophes, or a capital inside: marks of a writing engine.
const INNER_MARK = /[^\p{L}\p{M}\s']|\s(?!I\b)\p{Lu}/u;

/**
 * Speech engines that print no punctuation (PocketSphinx) are wrapped to give each segment a
 * capital and a full stop; those marks say where a pause fell, not where a sentence ends. Such
 * engines print only lower-case words; real punctuation shows inside the pieces: commas, question
 * marks, digits, capitals of names, several sentences in one piece.
 */
export function hasRealPunctuation(pieces: string[]): boolean {
  const trimmed = pieces.map((p) => p.trim().replace(/[.]$/, '')).filter(Boolean);
  if (trimmed.length === 0) return false;
  const marked = trimmed.filter((p) => INNER_MARK.test(p)).length;
  return trimmed.length < 3 ? marked > 0 : marked / trimmed.length >= 0.15;
}

/** Pieces of a text as a punctuation-less engine's wrapper would have cut it: at full stops. */
function textPieces(text: string): string[] {
  return text.split(/(?<=[.!?\u0964\u3002\uff01\uff1f])\s+|\n+/u);
}

/** Drops marks that say nothing (a wrapper's full stops and capitals); keeps cut-off dashes. */
function depunctuate(words: SourceWord[], joiner: string): void {
  for (const word of words) {
    if (/^\p{Lu}(\p{Ll}|$)/u.test(word.text) && !/^I('|$)/.test(word.text)) {
      word.text = word.text[0]?.toLowerCase() + word.text.slice(1);
    }
    word.after = /^[-\u2013\u2014]\s/.test(word.after) ? '- ' : joiner;
  }
}

/**
 * The words to write from, each tied to the segment it was heard in. When `text` differs from
 * the segments (the user edited the transcript), its words are aligned to the segments' words:
 * words the user kept or corrected in place keep their segment.
 */
export function sourceWords(segments: Segment[], language: string, text?: string): SourceText {
  const joiner = writesWithoutSpaces(language) ? '' : ' ';
  const heardText = segments.map((s) => s.text.trim()).join(joiner);
  const heard = segments.flatMap((s, i) => {
    const words = splitWords(s.text.trim(), language, i);
    const last = words.at(-1);
    if (last && !/\s$/.test(last.after)) last.after += joiner;
    return words;
  });
  const edited = text !== undefined && text.trim() !== heardText.trim();
  const words = edited ? splitWords(text, language) : heard;
  if (edited && heard.length > 0) alignToSegments(words, heard);
  // Without segments there are no pauses to find sentences by: the text's own marks are all there is.
  const punctuated =
    segments.length === 0 ||
    (edited ? hasRealPunctuation(textPieces(text ?? '')) : hasRealPunctuation(segments.map((s) => s.text)));
  if (!punctuated) depunctuate(words, joiner);
  return { words, punctuated };
}

/**
 * Past this many words changed, matching an edit word by word costs time that grows with the
 * square of its length: such an edit is matched to the segments by position instead.
 */
const MAX_ALIGNED_CHANGES = 1_000;

/** Gives each edited word the segment of the heard word it matches, else of its neighbours. */
export function alignToSegments(edited: SourceWord[], heard: SourceWord[]): void {
  const changes = diffArrays(
    heard.map((w) => w.norm),
    edited.map((w) => w.norm),
    { maxEditLength: MAX_ALIGNED_CHANGES },
  );
  if (!changes) {
    edited.forEach((word, i) => {
      word.segment = heard[Math.floor((i * heard.length) / edited.length)]?.segment ?? -1;
    });
    return;
  }
  let h = 0;
  let e = 0;
  for (const change of changes) {
    if (change.removed) {
      h += change.count;
    } else if (change.added) {
      // New or changed words: the segment being heard at that point.
      const segment = heard[Math.min(h, heard.length - 1)]?.segment ?? -1;
      for (let k = 0; k < change.count; k++) {
        const word = edited[e++];
        if (word) word.segment = segment;
      }
    } else {
      for (let k = 0; k < change.count; k++) {
        const word = edited[e++];
        const source = heard[h++];
        if (word && source) word.segment = source.segment;
      }
    }
  }
}
