import type { ContentBlock, Draft, GroundedText } from './content-draft.ts';
import type { SourceSegment } from './transcript-lines.ts';

/** What grounding removed from a draft, kept with the content so a reader can see it. */
export interface GroundingReport {
  /** Quotes that are not in the transcript, dropped. */
  quotes_dropped: string[];
  /** Citations of segment ids that do not exist, removed. */
  references_dropped: number;
  /** Paragraphs and list items left with no source at all. */
  ungrounded_blocks: number;
}

/**
 * Holds a draft to the transcript: citations of unknown segments are removed, and every quote
 * must appear in the transcript (compared after normalising case, accents, punctuation and
 * spaces) or it is dropped. A quote that is found gets the ids of the segments it actually spans,
 * whatever the model cited.
 */
export function groundDraft(
  draft: Draft,
  segments: readonly SourceSegment[],
): { draft: Draft; report: GroundingReport } {
  const known = new Set(segments.map((s) => s.id));
  let referencesDropped = 0;
  const keepKnown = (ids: readonly number[]): number[] => {
    const kept = [...new Set(ids.filter((id) => known.has(id)))];
    referencesDropped += ids.length - ids.filter((id) => known.has(id)).length;
    return kept;
  };
  const blocks: ContentBlock[] = draft.blocks.map((b) => ({ ...b, segment_ids: keepKnown(b.segment_ids) }));
  const keyPoints: GroundedText[] = draft.key_points.map((k) => ({
    ...k,
    segment_ids: keepKnown(k.segment_ids),
  }));
  const details = groundDetails(draft.details, keepKnown);

  const index = new TranscriptIndex(segments);
  const quotesDropped: string[] = [];
  const quotes: GroundedText[] = [];
  for (const quote of draft.quotes) {
    const ids = index.find(quote.text);
    if (ids) quotes.push({ text: quote.text.trim(), segment_ids: ids });
    else quotesDropped.push(quote.text);
  }
  const ungrounded = blocks.filter((b) => b.type !== 'heading' && b.segment_ids.length === 0).length;
  return {
    draft: { ...draft, blocks, key_points: keyPoints, quotes, details },
    report: {
      quotes_dropped: quotesDropped,
      references_dropped: referencesDropped,
      ungrounded_blocks: ungrounded,
    },
  };
}

/** Type-specific details (recipe steps, action items...) may cite segments too: same rule. */
function groundDetails(value: unknown, keepKnown: (ids: readonly number[]) => number[]): unknown {
  if (Array.isArray(value)) return value.map((v) => groundDetails(v, keepKnown));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) =>
      key === 'segment_ids' && Array.isArray(v) && v.every((id) => typeof id === 'number')
        ? [key, keepKnown(v as number[])]
        : [key, groundDetails(v, keepKnown)],
    ),
  );
}

/**
 * Lower case, accents and punctuation removed, runs of spaces as one: "Don’t  stop—ever!" and
 * "don't stop ever" compare equal. Letters and digits of every script are kept.
 */
export function normaliseForMatch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The transcript normalised once, with the segment each character came from. */
class TranscriptIndex {
  private readonly text: string;
  private readonly owner: number[] = [];

  constructor(segments: readonly SourceSegment[]) {
    let text = '';
    for (const segment of segments) {
      const part = normaliseForMatch(segment.text);
      if (!part) continue;
      if (text) {
        text += ' ';
        this.owner.push(segment.id);
      }
      text += part;
      for (let i = 0; i < part.length; i++) this.owner.push(segment.id);
    }
    this.text = text;
  }

  /** The ids of the segments the quote spans, or null when it is not in the transcript. */
  find(quote: string): number[] | null {
    const needle = normaliseForMatch(quote);
    // A quote is a phrase: one word alone would match almost anywhere.
    if (needle.split(' ').length < 2 && !(UNSPACED.test(needle) && [...needle].length >= 2)) return null;
    for (let at = this.text.indexOf(needle); at >= 0; at = this.text.indexOf(needle, at + 1)) {
      // Whole words only ("art" is not in "start"), except in scripts written without spaces.
      if (boundary(this.text, at - 1, needle[0]) && boundary(this.text, at + needle.length, needle.at(-1)))
        return [...new Set(this.owner.slice(at, at + needle.length))];
    }
    return null;
  }
}

/** Scripts written without spaces between words. */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** Whether position `i` of `text` may end a match whose edge character is `edge`. */
function boundary(text: string, i: number, edge: string | undefined): boolean {
  const next = text[i];
  if (next === undefined || next === ' ') return true;
  return UNSPACED.test(next) || (edge !== undefined && UNSPACED.test(edge));
}
