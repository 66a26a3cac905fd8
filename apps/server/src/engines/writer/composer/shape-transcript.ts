import type { Segment } from '@voxpress/contracts';
import { z } from 'zod';
import { paragraphs } from './paragraphs.ts';
import { type Sentence, transcriptSentences } from './sentences.ts';

const zTimedText = z.object({
  text: z.string(),
  segment_ids: z.array(z.number().int().nonnegative()),
  start: z.number().nullable(),
  end: z.number().nullable(),
});

/** A transcript laid out for reading: paragraphs of sentences, each pointing at its segments. */
export const zShapedTranscript = z.object({
  paragraphs: z.array(zTimedText.extend({ sentences: z.array(zTimedText) })),
});
export type ShapedTranscript = z.infer<typeof zShapedTranscript>;

export interface ShapeOptions {
  /** The user's edited text, when it differs from the segments. */
  text?: string;
  /** Drop hesitations, fillers and false starts (default: keep every word heard). */
  clean?: boolean;
}

function timed(sentences: Sentence[], text: string) {
  const ids = [...new Set(sentences.flatMap((s) => s.segmentIds))].sort((a, b) => a - b);
  return {
    text,
    segment_ids: ids,
    start: sentences.find((s) => s.start !== null)?.start ?? null,
    end: sentences.findLast((s) => s.end !== null)?.end ?? null,
  };
}

/**
 * Shapes a transcript for reading. Sentences end where the speaker ended one (punctuation, or for
 * engines without it a pause the words allow), never at every pause; paragraphs start at longer
 * pauses and topic changes. Every sentence keeps the ids of the segments it was heard in.
 */
export function shapeTranscript(
  segments: Segment[],
  language: string,
  options: ShapeOptions = {},
): ShapedTranscript {
  const sentences = transcriptSentences(segments, language, options.text)
    .map((s) => (options.clean ? s : { ...s, text: s.spoken }))
    .filter((s) => s.text);
  const joiner = /^(zh|ja)/i.test(language) ? '' : ' ';
  return {
    paragraphs: paragraphs(sentences, language).map((group) => ({
      ...timed(group, group.map((s) => s.text).join(joiner)),
      sentences: group.map((s) => timed([s], s.text)),
    })),
  };
}
