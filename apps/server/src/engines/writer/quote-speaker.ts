import type { VoicedSegment } from './llm/transcript-lines.ts';

/** `Speaker 2` for `S2`: the stand-in a transcript shows for a voice nobody named. */
function standIn(id: string): string {
  return `Speaker ${Number.parseInt(id.slice(1), 10) || 0}`;
}

/**
 * The name printed with a quote ("— Ana, 12:03"): the voice that said every segment the quote
 * rests on, when the user gave it a name. A quote across two voices, from a transcript without
 * voices, or said by a voice nobody named (its stand-in "Speaker 2" is no one's name) names no one.
 */
export function quoteSpeaker(segments: readonly VoicedSegment[], ids: readonly number[]): string | undefined {
  const said = ids.map((i) => segments[i]);
  const first = said[0];
  if (!first?.speaker || said.some((s) => s?.speaker !== first.speaker)) return undefined;
  const name = first.speaker_name?.trim();
  return name && name !== standIn(first.speaker) ? name : undefined;
}

/** Each quote with the speaker `quoteSpeaker` finds for it now, or none (an earlier one removed). */
export function withQuoteSpeakers<Q extends { segment_ids: number[]; speaker?: string | undefined }>(
  quotes: readonly Q[],
  segments: readonly VoicedSegment[],
): Q[] {
  return quotes.map(({ speaker: _, ...quote }) => {
    const speaker = quoteSpeaker(segments, quote.segment_ids);
    return (speaker ? { ...quote, speaker } : quote) as Q;
  });
}
