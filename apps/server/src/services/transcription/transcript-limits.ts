import { LIMITS, type Segment } from '@voxpress/contracts';
import { HttpError } from '../../lib/http-error.ts';

/**
 * How long an edited transcript may be, by the length of its recording: fast speech is about 15
 * characters a second, so 50 leaves room for notes and rewording; short recordings get the floor.
 * Never past the contract's 1,000,000 characters (which only a recording of 5½ hours reaches).
 */
export const TRANSCRIPT_SIZE = { charsPerSecond: 50, floorChars: 20_000 } as const;

/** The recording's length: as measured, else where its last segment ends, else unknown (0). */
function recordingSeconds(durationS: number | null, segments: readonly Segment[]): number {
  if (durationS && Number.isFinite(durationS)) return durationS;
  return segments.reduce((end, s) => Math.max(end, s.end), 0);
}

/** The most characters an edit of this transcript may have (never less than what was heard). */
export function maxTranscriptChars(
  durationS: number | null,
  segments: readonly Segment[],
  heardChars: number,
): number {
  const bySpeech = Math.ceil(recordingSeconds(durationS, segments) * TRANSCRIPT_SIZE.charsPerSecond);
  return Math.min(LIMITS.transcriptTextChars, Math.max(TRANSCRIPT_SIZE.floorChars, bySpeech, heardChars * 2));
}

/** Refuses an edit past its limit: 413 `transcript_too_long`, nothing stored. */
export function checkTranscriptSize(
  edit: { text: string; html?: string | null },
  maxChars: number,
  durationS: number | null,
): void {
  // The rich text carries markup around the same words: room for four times as much.
  const tooLong = edit.text.length > maxChars || (edit.html?.length ?? 0) > maxChars * 4;
  if (!tooLong) return;
  throw new HttpError(
    413,
    'transcript_too_long',
    `The transcript is too long for its recording: at most ${maxChars.toLocaleString('en')} characters${durationS ? ` for ${Math.round(durationS)} seconds of audio` : ''}. Shorten it and save again.`,
    { max_chars: maxChars, length: edit.text.length },
  );
}
