import { type ContentBody, countWords, type GroundedItem } from '@voxpress/contracts';
import { type ComposedContent, contentBlocks } from './composer/index.ts';
import { contentDetails } from './content-details.ts';
import { blocksToMarkdown } from './llm/content-text.ts';
import type { WrittenContent } from './llm/llm.writer.ts';
import type { VoicedSegment } from './llm/transcript-lines.ts';
import { withQuoteSpeakers } from './quote-speaker.ts';

/** Words in the text with markup removed, split on whitespace (spec §5). */
export const countBodyWords = countWords;

/** A body from its blocks: the Markdown text and the word count follow from them. */
export function bodyFrom(parts: Omit<ContentBody, 'text' | 'word_count'>): ContentBody {
  const text = blocksToMarkdown(
    parts.blocks.map((b) => ({ ...b, type: b.type === 'quote' ? 'paragraph' : b.type })),
  );
  return { ...parts, text, word_count: countBodyWords(text) };
}

/**
 * The composer's piece as blocks (its own `contentBlocks`), each with the time it starts at, and
 * its key points beside them (sentences of the text that carry most of it), as a model's are.
 * A quote names its speaker when one named voice said it (`quote-speaker.ts`).
 */
export function fromComposed(
  piece: ComposedContent,
  segments: readonly VoicedSegment[],
  timed: boolean,
): ContentBody {
  const start = startOf(segments, timed);
  const item = (g: { text: string; segment_ids: number[] }): GroundedItem => ({
    text: g.text,
    segment_ids: g.segment_ids,
    start: start(g.segment_ids),
  });
  const blocks = contentBlocks(piece).map((b) => ({ ...b, start: start(b.segment_ids) }));
  return bodyFrom({
    title: piece.title,
    blocks,
    key_points: piece.key_points.map(item),
    quotes: withQuoteSpeakers(piece.quotes.map(item), segments),
    keywords: piece.keywords,
    details: contentDetails({
      contentType: piece.content_type,
      raw: piece.metadata,
      title: piece.title,
      blocks,
      keywords: piece.keywords,
      start,
    }),
  });
}

/** When the earliest of the segments starts; null for an untimed source or no segments. */
function startOf(segments: readonly VoicedSegment[], timed: boolean) {
  return (ids: readonly number[]): number | null => {
    if (!timed || ids.length === 0) return null;
    return segments[Math.min(...ids)]?.start ?? null;
  };
}

/**
 * A language model's piece: segment ids become times through the source's segments; the user's
 * keywords are the piece's (a model is asked to use them, not to list its own). A quote's speaker
 * comes from the segments it was found in, never from what the model says of it.
 */
export function fromLlm(
  piece: WrittenContent,
  segments: readonly VoicedSegment[],
  timed: boolean,
  request: { contentType: string; keywords?: readonly string[] | undefined },
): ContentBody {
  const start = startOf(segments, timed);
  const blocks = piece.blocks.map((b) => ({ ...b, start: start(b.segment_ids) }));
  const keywords = [...(request.keywords ?? [])];
  return bodyFrom({
    title: piece.title,
    blocks,
    key_points: piece.key_points.map((k) => ({ ...k, start: start(k.segment_ids) })),
    quotes: withQuoteSpeakers(
      piece.quotes.map((q) => ({ ...q, start: start(q.segment_ids) })),
      segments,
    ),
    keywords,
    details: contentDetails({
      contentType: request.contentType,
      raw: piece.details,
      title: piece.title,
      blocks,
      keywords,
      start,
    }),
  });
}
