import type { Segment } from '@voxpress/contracts';

/** A timed segment, with its voice once speakers are detected. */
export type VoicedSegment = Segment & { speaker?: string | null; speaker_name?: string | null };

/** One speaker turn: consecutive segments of the same voice. */
export interface SpeakerTurn {
  speaker: string | null;
  name: string | null;
  start: number;
  /** Index of the turn's first segment in the transcript. */
  first: number;
  text: string;
}

/** Whether any segment carries a voice, so turns are worth showing. */
export const hasSpeakers = (segments: VoicedSegment[]): boolean => segments.some((s) => Boolean(s.speaker));

/** Consecutive segments of one voice read as one turn, in spoken order. */
export function speakerTurns(segments: VoicedSegment[]): SpeakerTurn[] {
  const turns: SpeakerTurn[] = [];
  segments.forEach((s, i) => {
    const last = turns.at(-1);
    const text = s.text.trim();
    if (last && last.speaker === (s.speaker ?? null)) {
      if (text) last.text = last.text ? `${last.text} ${text}` : text;
      return;
    }
    turns.push({ speaker: s.speaker ?? null, name: s.speaker_name ?? null, start: s.start, first: i, text });
  });
  return turns.filter((t) => t.text);
}
