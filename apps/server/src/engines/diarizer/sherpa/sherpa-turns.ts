import type { SpeakerTurn } from '../diarizer.ts';

/** One stretch of speech as sherpa-onnx reports it (its own speaker numbers). */
export interface SherpaSegment {
  start: number;
  end: number;
  speaker: number;
}

/**
 * sherpa-onnx's segments as turns: in time order, voices numbered from 0 in order of first
 * appearance, and where two overlap (people talking over each other) the change put midway.
 */
export function toTurns(segments: readonly SherpaSegment[]): SpeakerTurn[] {
  const sorted = segments
    .filter((s) => Number.isFinite(s.start) && Number.isFinite(s.end) && s.end > s.start)
    .toSorted((a, b) => a.start - b.start || a.end - b.end);
  const resolved: SpeakerTurn[] = [];
  for (const s of sorted) {
    const turn = { start: round(s.start), end: round(s.end), speaker: s.speaker };
    const last = resolved.at(-1);
    if (last && turn.start < last.end) {
      if (last.speaker === turn.speaker) {
        last.end = Math.max(last.end, turn.end);
        continue;
      }
      if (turn.end <= last.end) continue; // wholly inside another voice's turn
      const middle = round((turn.start + last.end) / 2);
      last.end = middle;
      turn.start = middle;
    }
    resolved.push(turn);
  }
  const numbers = new Map<number, number>();
  return resolved
    .filter((t) => t.end > t.start)
    .map((t) => {
      let speaker = numbers.get(t.speaker);
      if (speaker === undefined) {
        speaker = numbers.size;
        numbers.set(t.speaker, speaker);
      }
      return { ...t, speaker };
    });
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
