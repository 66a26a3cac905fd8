import type { SpeakerTurn } from './diarizer.ts';

/** A transcript segment as alignment sees it; `words` when the speech engine timed each word. */
export interface AlignSegment {
  start: number;
  end: number;
  text: string;
  words?: { start: number; end: number; text: string }[];
  speaker?: string | null;
}

/** A part of a segment shorter than this is not split off: it goes with the voice around it. */
const MIN_PART_S = 0.5;

/**
 * Gives each segment the voice speaking during it. A segment that spans a change of voice is
 * split there: at the word timings when the engine gave them, else at the word nearest to the
 * change in proportion to the segment's length (the separator puts changes in pauses). A segment
 * no turn covers takes the voice of the nearest turn. `ids` maps turn voices (0, 1, …) to ids.
 */
export function alignSegments<S extends AlignSegment>(
  segments: readonly S[],
  turns: readonly SpeakerTurn[],
  ids: (speaker: number) => string,
): (S & { speaker: string })[] {
  const out: (S & { speaker: string })[] = [];
  for (const segment of segments) {
    const parts = partsOf(segment, turns);
    if (parts.length <= 1) {
      const speaker = parts[0]?.speaker ?? nearestTurn(segment, turns)?.speaker ?? 0;
      out.push({ ...segment, speaker: ids(speaker) });
      continue;
    }
    out.push(...splitSegment(segment, parts).map((p) => ({ ...p.segment, speaker: ids(p.speaker) })));
  }
  return out;
}

interface Part {
  start: number;
  end: number;
  speaker: number;
}

/** Who speaks when within a segment, short parts given to their neighbours. */
function partsOf(segment: AlignSegment, turns: readonly SpeakerTurn[]): Part[] {
  let parts: Part[] = [];
  for (const turn of turns) {
    const start = Math.max(segment.start, turn.start);
    const end = Math.min(segment.end, turn.end);
    if (end > start) parts.push({ start, end, speaker: turn.speaker });
  }
  // Parts too short to be a turn of their own join the longer neighbour.
  for (let changed = true; changed && parts.length > 1; ) {
    changed = false;
    const shortest = parts.reduce(
      (i, p, j) => (p.end - p.start < (parts[i] as Part).end - (parts[i] as Part).start ? j : i),
      0,
    );
    const part = parts[shortest] as Part;
    if (part.end - part.start >= MIN_PART_S) break;
    const before = parts[shortest - 1];
    const after = parts[shortest + 1];
    const into =
      before && after
        ? before.end - before.start >= after.end - after.start
          ? before
          : after
        : (before ?? after);
    if (!into) break;
    into.start = Math.min(into.start, part.start);
    into.end = Math.max(into.end, part.end);
    parts.splice(shortest, 1);
    changed = true;
  }
  const merged: Part[] = [];
  for (const p of parts) {
    const last = merged.at(-1);
    if (last && last.speaker === p.speaker) last.end = p.end;
    else merged.push({ ...p });
  }
  parts = merged;
  return parts;
}

function nearestTurn(segment: AlignSegment, turns: readonly SpeakerTurn[]): SpeakerTurn | undefined {
  const middle = (segment.start + segment.end) / 2;
  let best: SpeakerTurn | undefined;
  let bestD = Number.POSITIVE_INFINITY;
  for (const t of turns) {
    const d = middle < t.start ? t.start - middle : middle > t.end ? middle - t.end : 0;
    if (d < bestD) {
      bestD = d;
      best = t;
    }
  }
  return best;
}

/** Cuts a segment's text at each change of voice; pieces without words are left out. */
function splitSegment<S extends AlignSegment>(segment: S, parts: Part[]): { segment: S; speaker: number }[] {
  const words = segment.text.split(/\s+/).filter(Boolean);
  if (words.length < parts.length) {
    const longest = parts.reduce((a, b) => (b.end - b.start > a.end - a.start ? b : a));
    return [{ segment, speaker: longest.speaker }];
  }
  // The index of the first word of each part after the first.
  const cuts: number[] = [];
  for (let i = 1; i < parts.length; i++) {
    // The middle of the pause between the two voices.
    const at = ((parts[i - 1] as Part).end + (parts[i] as Part).start) / 2;
    let cut: number;
    if (segment.words?.length === words.length) {
      cut = segment.words.findIndex((w) => (w.start + w.end) / 2 >= at);
      if (cut < 0) cut = words.length;
    } else {
      const fraction = (at - segment.start) / Math.max(1e-6, segment.end - segment.start);
      cut = Math.round(fraction * words.length);
    }
    const previous = cuts.at(-1) ?? 0;
    cuts.push(Math.min(words.length - (parts.length - i), Math.max(previous + 1, cut)));
  }
  const bounds = [0, ...cuts, words.length];
  const pieces: { segment: S; speaker: number }[] = [];
  for (let i = 0; i < parts.length; i++) {
    const from = bounds[i] as number;
    const to = bounds[i + 1] as number;
    if (to <= from) continue;
    const part = parts[i] as Part;
    const timed = segment.words?.length === words.length ? segment.words.slice(from, to) : undefined;
    const piece = {
      ...segment,
      start: round(i === 0 ? segment.start : (timed?.[0]?.start ?? part.start)),
      end: round(i === parts.length - 1 ? segment.end : (timed?.at(-1)?.end ?? part.end)),
      text: words.slice(from, to).join(' '),
      ...(timed ? { words: timed } : {}),
    };
    pieces.push({ segment: piece, speaker: part.speaker });
  }
  return pieces;
}

function round(s: number): number {
  return Math.round(s * 1000) / 1000;
}
