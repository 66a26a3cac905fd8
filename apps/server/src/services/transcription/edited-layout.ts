import type { Segment, TranscriptParagraph, TranscriptSentence } from '@voxpress/contracts';
import { englishSentences } from '../../engines/writer/composer/english-nlp.ts';
import { baseLanguage, normalWord, writesWithoutSpaces } from '../../engines/writer/composer/language.ts';
import { alignToSegments, type SourceWord, splitWords } from '../../engines/writer/composer/source-words.ts';

interface PlacedWord extends SourceWord {
  /** Where the word ends in the edited text. */
  end: number;
}

const segmenters = new Map<string, Intl.Segmenter>();
function segmenter(language: string, granularity: 'word' | 'sentence'): Intl.Segmenter {
  const key = `${baseLanguage(language)}:${granularity}`;
  let s = segmenters.get(key);
  if (!s) {
    s = new Intl.Segmenter(baseLanguage(language), { granularity });
    segmenters.set(key, s);
  }
  return s;
}

/** The sentences of one paragraph as [start, end) offsets into it, its own marks deciding. */
function sentenceSpans(paragraph: string, language: string): [number, number][] {
  const pieces =
    baseLanguage(language) === 'en'
      ? englishSentences(paragraph)
      : [...segmenter(language, 'sentence').segment(paragraph)].map((s) => s.segment);
  const spans: [number, number][] = [];
  let cursor = 0;
  for (const piece of pieces) {
    const at = paragraph.indexOf(piece.trim(), cursor);
    if (at < 0 || !piece.trim()) continue;
    // Anything the sentence finder skipped stays with the sentence before, so no text is lost.
    if (spans.length && at > cursor) (spans.at(-1) as [number, number])[1] = at;
    spans.push([spans.length ? at : 0, at + piece.trim().length]);
    cursor = at + piece.trim().length;
  }
  if (spans.length === 0) return paragraph.trim() ? [[0, paragraph.length]] : [];
  (spans.at(-1) as [number, number])[1] = paragraph.length;
  return spans;
}

/**
 * The user's edited transcript laid out for reading exactly as typed: a paragraph per line (blank
 * lines between paragraphs collapse), sentences where the user's own punctuation ends them, and not
 * one letter's case or mark changed. Words kept from what was heard keep their segment, so the
 * timed view still follows the audio.
 */
export function editedLayout(
  segments: readonly Segment[],
  language: string,
  text: string,
): TranscriptParagraph[] {
  const joiner = writesWithoutSpaces(language) ? '' : ' ';
  const heard = segments.flatMap((s, i) => {
    const words = splitWords(s.text.trim(), language, i);
    const last = words.at(-1);
    if (last) last.after += joiner;
    return words;
  });
  const words: PlacedWord[] = [];
  for (const piece of segmenter(language, 'word').segment(text)) {
    if (!piece.isWordLike) continue;
    const end = piece.index + piece.segment.length;
    words.push({ text: piece.segment, norm: normalWord(piece.segment), after: '', segment: -1, end });
  }
  // One alignment for the whole text: words kept from what was heard keep their segment.
  if (heard.length) alignToSegments(words, heard);
  const out: TranscriptParagraph[] = [];
  let w = 0;
  const lines = /[^\n]+/g;
  for (let match = lines.exec(text); match; match = lines.exec(text)) {
    const line = match[0];
    if (!line.trim()) continue;
    const sentences: TranscriptSentence[] = [];
    for (const [from, to] of sentenceSpans(line, language)) {
      const inside: PlacedWord[] = [];
      while (w < words.length && (words[w] as PlacedWord).end <= match.index + to)
        inside.push(words[w++] as PlacedWord);
      const sentence = timed(line.slice(from, to).trim(), inside, segments);
      if (sentence.text) sentences.push(sentence);
    }
    const ids = [...new Set(sentences.flatMap((s) => s.segment_ids))].sort((a, b) => a - b);
    out.push({
      text: line.trim(),
      segment_ids: ids,
      start: sentences.find((s) => s.start !== null)?.start ?? null,
      end: sentences.findLast((s) => s.end !== null)?.end ?? null,
      sentences,
    });
  }
  return out;
}

function timed(text: string, words: PlacedWord[], segments: readonly Segment[]): TranscriptSentence {
  const ids = [...new Set(words.map((w) => w.segment).filter((s) => s >= 0))].sort((a, b) => a - b);
  const first = ids[0];
  const last = ids.at(-1);
  return {
    text,
    segment_ids: ids,
    start: first === undefined ? null : (segments[first]?.start ?? null),
    end: last === undefined ? null : (segments[last]?.end ?? null),
  };
}
