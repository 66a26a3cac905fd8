import type { Segment } from '@voxpress/contracts';

/** A transcript segment as the writer cites it: a stable id, its start time and its text. */
export interface SourceSegment {
  id: number;
  /** Seconds from the start of the recording; null for text with no timing (a typed document). */
  start: number | null;
  text: string;
  /** Who says it, when speakers were found in a recording of more than one voice. */
  speaker?: string;
}

/** A timed segment, with its speaker's name once speakers are found. */
export type VoicedSegment = Segment & { speaker?: string | null; speaker_name?: string | null };

/**
 * The segments a writer works from. Timed segments keep their index as id; a transcript without
 * timing (typed, or edited beyond its segments) is cut into paragraphs, then sentences, so that
 * content can still point at the part of the text it rests on.
 */
export function sourceSegments(segments: readonly VoicedSegment[], text: string): SourceSegment[] {
  // One voice throughout says nothing worth a name on every line.
  const voices = new Set(segments.flatMap((s) => (s.speaker_name ? [s.speaker_name] : [])));
  const timed = segments
    .map((s, id) => ({
      id,
      start: s.start,
      text: s.text.trim(),
      ...(voices.size > 1 && s.speaker_name ? { speaker: s.speaker_name } : {}),
    }))
    .filter((s) => s.text.length > 0);
  if (timed.length > 0) return timed;
  const pieces = text
    .split(/\n\s*\n/)
    .flatMap((paragraph) => sentences(paragraph))
    .map((t) => t.trim())
    .filter(Boolean);
  return pieces.map((t, id) => ({ id, start: null, text: t }));
}

function sentences(paragraph: string): string[] {
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });
  return [...segmenter.segment(paragraph.replace(/\s+/g, ' '))].map((s) => s.segment);
}

/** `00:12:03` for 723.4 s. */
export function formatTimestamp(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}

/**
 * One compact line for the model: `#12 [00:12:03] text` (no time for untimed text), with its
 * speaker when known: `#12 [00:12:03] Ana: text`.
 */
export function transcriptLine(segment: SourceSegment): string {
  const time = segment.start === null ? '' : ` [${formatTimestamp(segment.start)}]`;
  const who = segment.speaker ? ` ${segment.speaker.replace(/\s+/g, ' ').trim()}:` : '';
  return `#${segment.id}${time}${who} ${segment.text.replace(/\s+/g, ' ').trim()}`;
}

export function transcriptLines(segments: readonly SourceSegment[]): string {
  return segments.map(transcriptLine).join('\n');
}

/**
 * Tokens a text takes, estimated without the model's tokenizer: about 3.5 characters per token
 * in Latin scripts, nearly one per character in CJK and Indic scripts (over- rather than
 * under-estimated, so that a part always fits).
 */
export function estimateTokens(text: string): number {
  let latin = 0;
  let other = 0;
  for (const char of text) {
    if ((char.codePointAt(0) ?? 0) < 0x250) latin++;
    else other++;
  }
  return Math.ceil(latin / 3.5 + other * 0.9);
}

/**
 * Cuts the transcript into consecutive parts whose lines fit in `maxTokens` each, at segment
 * boundaries. A single segment over the budget is a part of its own (it is never cut inside:
 * its id must stay whole).
 */
export function splitForContext(segments: readonly SourceSegment[], maxTokens: number): SourceSegment[][] {
  const parts: SourceSegment[][] = [];
  let current: SourceSegment[] = [];
  let size = 0;
  for (const segment of segments) {
    const tokens = estimateTokens(transcriptLine(segment)) + 1;
    if (current.length > 0 && size + tokens > maxTokens) {
      parts.push(current);
      current = [];
      size = 0;
    }
    current.push(segment);
    size += tokens;
  }
  if (current.length > 0) parts.push(current);
  return parts;
}
