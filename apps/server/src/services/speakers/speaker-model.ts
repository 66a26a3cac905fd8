import type { Speaker, TranscriptSegment } from '@voxpress/contracts';

import type { StoredSegment, StoredSpeaker } from '../../db/json-columns.ts';

export type { StoredSegment, StoredSpeaker };

/**
 * Colours for voices, told apart at a glance on light and dark backgrounds and by most people with
 * colour blindness (the Okabe–Ito set, darkened where white text must stay readable on it).
 */
export const SPEAKER_COLOURS = [
  '#0072B2',
  '#D55E00',
  '#009E73',
  '#CC79A7',
  '#8A6D00',
  '#56B4E9',
  '#7B3294',
  '#B8860B',
  '#4D4D4D',
  '#A6361C',
] as const;

/** The colour of the `n`-th voice (from 1). */
export function colourFor(n: number): string {
  return SPEAKER_COLOURS[(n - 1) % SPEAKER_COLOURS.length] ?? SPEAKER_COLOURS[0];
}

/** The number in an id such as `S3`. */
export function speakerNumber(id: string): number {
  return Number.parseInt(id.slice(1), 10) || 0;
}

/** The name shown for a voice: the user's, else `Speaker <n>`. */
export function displayName(speaker: StoredSpeaker): string {
  return speaker.name ?? `Speaker ${speakerNumber(speaker.id)}`;
}

/** The next free id: one past the highest in use, so ids are never reused within a transcript. */
export function nextSpeakerId(speakers: readonly StoredSpeaker[]): string {
  return `S${Math.max(0, ...speakers.map((s) => speakerNumber(s.id))) + 1}`;
}

/** Reads stored speakers, leaving out anything malformed. */
export function storedSpeakers(value: unknown): StoredSpeaker[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v) => {
    const s = v as Partial<StoredSpeaker>;
    if (typeof s?.id !== 'string' || typeof s.colour !== 'string') return [];
    const voice =
      Array.isArray(s.voice) && s.voice.every((x) => typeof x === 'number') ? { voice: s.voice } : {};
    const profile = typeof s.profile === 'string' ? { profile: s.profile } : {};
    return [
      { id: s.id, name: typeof s.name === 'string' ? s.name : null, colour: s.colour, ...voice, ...profile },
    ];
  });
}

/** The segments as the API returns them, each with its voice's id and name (null when none). */
export function segmentsWithSpeakers(
  segments: readonly StoredSegment[],
  speakers: readonly StoredSpeaker[],
): TranscriptSegment[] {
  const byId = new Map(speakers.map((s) => [s.id, s]));
  return segments.map((s) => {
    const speaker = s.speaker ? byId.get(s.speaker) : undefined;
    return {
      start: s.start,
      end: s.end,
      text: s.text,
      speaker: speaker?.id ?? null,
      speaker_name: speaker ? displayName(speaker) : null,
    };
  });
}

/**
 * Every voice with its talk time and number of segments, in the order of their ids, and the name
 * suggested for it from the user's voice profiles (by id) while it is unnamed.
 */
export function speakerSummaries(
  segments: readonly StoredSegment[],
  speakers: readonly StoredSpeaker[],
  suggestions: ReadonlyMap<string, string> = new Map(),
): Speaker[] {
  return [...speakers]
    .sort((a, b) => speakerNumber(a.id) - speakerNumber(b.id))
    .map((speaker) => {
      const own = segments.filter((s) => s.speaker === speaker.id);
      const talk = own.reduce((sum, s) => sum + Math.max(0, s.end - s.start), 0);
      return {
        id: speaker.id,
        name: displayName(speaker),
        named: speaker.name !== null,
        colour: speaker.colour,
        talk_time: Math.round(talk * 10) / 10,
        segments: own.length,
        suggested_name: speaker.name === null ? (suggestions.get(speaker.id) ?? null) : null,
      };
    });
}
