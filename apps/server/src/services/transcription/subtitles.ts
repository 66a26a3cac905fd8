import type { Segment } from '@voxpress/contracts';
import { shapeTranscript } from '../../engines/writer/composer/index.ts';
import { editedLayout } from './edited-layout.ts';
import { type EditedTurn, editedParagraphVoices, editedTurns } from './edited-turns.ts';

export type ExportFormat = 'txt' | 'srt' | 'vtt' | 'json';

/** A segment as exported: with its speaker's name once speakers are known. */
export type ExportSegment = Segment & { speaker?: string | null; speaker_name?: string | null };

/** Caption rules most broadcasters and platforms share (BBC, Netflix): readable at a glance. */
export const CAPTION = { maxLineChars: 42, maxLines: 2, maxSeconds: 7 } as const;

/** Formats seconds as `HH:MM:SS,mmm` (SRT) or `HH:MM:SS.mmm` (WebVTT). */
export function timestamp(seconds: number, separator: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
}

export interface Cue {
  start: number;
  end: number;
  /** One or two lines. */
  lines: string[];
}

interface TimedSentence {
  text: string;
  start: number | null;
  end: number | null;
}

/** What a transcript export is made from. */
export interface TranscriptSource {
  /** The current text: the user's edit when there is one. */
  text: string;
  segments: readonly ExportSegment[];
  language: string;
  /** Whether `text` is an edit (its words are timed against the segments where they match). */
  edited: boolean;
  /** The edit as rich text, whose paragraphs keep their voices (`data-speaker`), when there is one. */
  html?: string | null;
}

/**
 * Renders a transcript for download. Subtitles are made from the current text (the edit when
 * there is one), timed by the segments the engine heard: edited words keep the time of the words
 * they replace, new sentences share the time around them. Every cue has at most two lines of at
 * most 42 characters and lasts at most 7 seconds.
 */
export function exportTranscript(format: ExportFormat, source: TranscriptSource): string {
  if (format === 'json') return `${JSON.stringify(transcriptJson(source), null, 2)}\n`;
  const turns = speakerTurns(source);
  if (format === 'txt') {
    if (turns) return `${turns.map((t) => `${t.name} (${clock(t.start)})\n${t.text}`).join('\n\n')}\n`;
    const edited = editedTurns(source);
    if (!edited) return `${source.text.trim()}\n`;
    return `${edited.map((t) => `${turnHeading(t)}${t.text}`).join('\n\n')}\n`;
  }
  const cues = turns ? turnCues(turns, source.language, format) : captionCues(source, format);
  if (format === 'srt')
    return cues
      .map(
        (c, i) =>
          `${i + 1}\n${timestamp(c.start, ',')} --> ${timestamp(c.end, ',')}\n${c.lines.join('\n')}\n`,
      )
      .join('\n');
  return `WEBVTT\n\n${cues.map((c) => `${timestamp(c.start, '.')} --> ${timestamp(c.end, '.')}\n${c.lines.join('\n')}\n`).join('\n')}`;
}

/** A speaker turn: consecutive segments of one voice, joined. */
export interface ExportTurn {
  name: string;
  start: number;
  segments: Segment[];
  text: string;
}

/**
 * The transcript as speaker turns, or null when there are none to show: no segment has a speaker,
 * or the text is the user's edit (its words no longer follow the segments' voices).
 */
export function speakerTurns(source: TranscriptSource): ExportTurn[] | null {
  if (source.edited || !source.segments.some((s) => s.speaker_name)) return null;
  const turns: ExportTurn[] = [];
  for (const s of source.segments) {
    const text = s.text.trim();
    if (!text) continue;
    const name = s.speaker_name ?? '';
    const last = turns.at(-1);
    const segment = { start: s.start, end: s.end, text: s.text };
    if (last && last.name === name) {
      last.segments.push(segment);
      last.text = `${last.text} ${text}`;
    } else turns.push({ name, start: s.start, segments: [segment], text });
  }
  return turns;
}

/** `Ana (12:03)` on its own line over an edited turn; no time when it is not known, nothing with no name. */
function turnHeading(turn: EditedTurn): string {
  if (!turn.name) return '';
  return `${turn.name}${turn.start === null ? '' : ` (${clock(turn.start)})`}\n`;
}

/** `12:03` or `1:02:03`. */
export function clock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * Captions by speaker turn: a turn's sentences as usual, the speaker's name opening its first cue
 * in SRT (`Ana: …`) and, in WebVTT, a voice tag (`<v Ana>`) on every cue of the turn.
 */
function turnCues(turns: ExportTurn[], language: string, format: 'srt' | 'vtt'): Cue[] {
  const words = turns.reduce((n, t) => n + (t.text.match(/\S+/g)?.length ?? 0), 0);
  return turns.flatMap((turn) => {
    const sentences: TimedSentence[] =
      words > MAX_SHAPED_WORDS
        ? turn.segments.map((s) => ({ text: s.text.trim(), start: s.start, end: s.end }))
        : shapeTranscript(turn.segments, language).paragraphs.flatMap((p) => p.sentences);
    const timed = fillTimes(sentences, turn.segments);
    const name = cueName(turn.name);
    if (format === 'srt' && timed[0]) timed[0] = { ...timed[0], text: `${name}: ${timed[0].text}` };
    const cues = timed.flatMap((s) => sentenceCues(s.text, s.start, s.end));
    if (format === 'srt') return cues;
    return cues.map((c) => voiced(c, name));
  });
}

/** A speaker's name as it may stand in a cue (no markup, one line). */
function cueName(name: string): string {
  return name.replace(/[<>&\n]/g, ' ').trim();
}

/** A WebVTT cue spoken by `name`: its voice tag opens the first line. */
function voiced(cue: Cue, name: string): Cue {
  return { ...cue, lines: cue.lines.map((l, i) => (i === 0 ? `<v ${name}>${l}` : l)) };
}

/** The JSON export: the text, the voices, and every segment with its time and speaker. */
export function transcriptJson(source: TranscriptSource) {
  const speakers = new Map<string, string>();
  for (const s of source.segments) if (s.speaker && s.speaker_name) speakers.set(s.speaker, s.speaker_name);
  return {
    language: source.language,
    edited: source.edited,
    text: source.text.trim(),
    speakers: [...speakers].map(([id, name]) => ({ id, name })),
    segments: source.segments.map((s) => ({
      start: s.start,
      end: s.end,
      speaker: s.speaker ?? null,
      speaker_name: s.speaker_name ?? null,
      text: s.text.trim(),
    })),
  };
}

/**
 * Past this many words, shaping sentences (and aligning an edit to what was heard) costs more than
 * linear time: captions are then made from the segments as heard, or the edit's lines spread over
 * the recording, so the work stays proportional to the text.
 */
export const MAX_SHAPED_WORDS = 10_000;

/** The paragraphs captions are made from, each with its sentences (timed where known). */
function timedParagraphs(
  source: TranscriptSource,
  segments: readonly Segment[],
): { text: string; sentences: TimedSentence[] }[] {
  const words = source.text.match(/\S+/g)?.length ?? 0;
  if (words > MAX_SHAPED_WORDS) {
    if (!source.edited) {
      const heard = segments.filter((s) => s.text.trim());
      return [
        { text: '', sentences: heard.map((s) => ({ text: s.text.trim(), start: s.start, end: s.end })) },
      ];
    }
    return source.text
      .split(/\n+/)
      .map((line) => line.trim())
      .filter(Boolean)
      .map((text) => ({ text, sentences: [{ text, start: null, end: null }] }));
  }
  // An edit is captioned as the user typed it, as the reading view shows it.
  const paragraphs = source.edited
    ? editedLayout(segments, source.language, source.text)
    : shapeTranscript([...segments], source.language).paragraphs;
  return paragraphs.map((p) => ({ text: p.text, sentences: p.sentences }));
}

/**
 * Captions of the current text. For SRT and WebVTT of an edit whose paragraphs keep their voices in
 * the editor, each cue names its speaker as the unedited export does: `Ana: …` opening the first cue
 * of each turn in SRT, `<v Ana>` on every cue in WebVTT.
 */
export function captionCues(source: TranscriptSource, format?: 'srt' | 'vtt'): Cue[] {
  const segments = source.segments.map((s) => ({ start: s.start, end: s.end, text: s.text }));
  const paragraphs = timedParagraphs(source, segments);
  const timed = fillTimes(
    paragraphs.flatMap((p) => p.sentences),
    segments,
  );
  const voices =
    format &&
    editedParagraphVoices(
      source,
      paragraphs.map((p) => p.text),
    );
  if (!voices) return timed.flatMap((s) => sentenceCues(s.text, s.start, s.end));
  const names = paragraphs.flatMap((p, i) => p.sentences.map(() => cueName(voices[i] ?? '')));
  let before = '';
  return timed.flatMap((s, i) => {
    const name = names[i] ?? '';
    const opens = name !== before;
    before = name;
    if (!name) return sentenceCues(s.text, s.start, s.end);
    if (format === 'srt') return sentenceCues(opens ? `${name}: ${s.text}` : s.text, s.start, s.end);
    return sentenceCues(s.text, s.start, s.end).map((c) => voiced(c, name));
  });
}

/** Gives sentences without a time (new in an edit) the time between their neighbours, by length. */
function fillTimes(
  sentences: TimedSentence[],
  segments: readonly Segment[],
): { text: string; start: number; end: number }[] {
  const first = segments.find((s) => s.text.trim())?.start ?? 0;
  const last = segments.findLast((s) => s.text.trim())?.end ?? first;
  // The start of the next timed sentence after each one, found in one pass from the end.
  const nextStart: (number | null)[] = new Array(sentences.length).fill(null);
  for (let k = sentences.length - 2; k >= 0; k--) {
    nextStart[k] = sentences[k + 1]?.start ?? nextStart[k + 1] ?? null;
  }
  const out: { text: string; start: number; end: number }[] = [];
  let i = 0;
  while (i < sentences.length) {
    const s = sentences[i] as TimedSentence;
    if (s.start !== null && s.end !== null) {
      const start = Math.max(s.start, out.at(-1)?.end ?? s.start);
      // An edited word matched to the next sentence's segment must not swallow that sentence.
      const next = nextStart[i] ?? null;
      const end = next !== null && next > start ? Math.min(s.end, next) : s.end;
      out.push({ text: s.text, start, end: Math.max(start, end) });
      i++;
      continue;
    }
    // A run of untimed sentences shares the gap up to the next timed one.
    let j = i;
    while (j < sentences.length && (sentences[j]?.start === null || sentences[j]?.end === null)) j++;
    const from = out.at(-1)?.end ?? first;
    const to = Math.max(from, sentences[j]?.start ?? last);
    const run = sentences.slice(i, j);
    const chars = run.reduce((n, r) => n + r.text.length, 0) || 1;
    let at = from;
    for (const r of run) {
      const span = ((to - from) * r.text.length) / chars;
      out.push({ text: r.text, start: at, end: at + span });
      at += span;
    }
    i = j;
  }
  return out;
}

/** Words of a sentence; in scripts written without spaces, each character. */
function wordsOf(text: string): { words: string[]; joiner: string } {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 1 && [...text].length > CAPTION.maxLineChars) return { words: [...text], joiner: '' };
  return { words, joiner: ' ' };
}

/** The two most even lines of at most 42 characters, or null when the words need more. */
export function wrapLines(words: readonly string[], joiner = ' '): string[] | null {
  const whole = words.join(joiner);
  if (whole.length <= CAPTION.maxLineChars) return [whole];
  let best: string[] | null = null;
  for (let cut = 1; cut < words.length; cut++) {
    const a = words.slice(0, cut).join(joiner);
    const b = words.slice(cut).join(joiner);
    if (a.length > CAPTION.maxLineChars || b.length > CAPTION.maxLineChars) continue;
    if (!best || Math.max(a.length, b.length) < Math.max(...best.map((l) => l.length))) best = [a, b];
  }
  return best;
}

/** A sentence as cues: as many words as two lines hold, each cue within 7 seconds. */
function sentenceCues(text: string, start: number, end: number): Cue[] {
  const { words: raw, joiner } = wordsOf(text);
  // A word longer than a line (a URL) is cut into line-sized pieces.
  const words = raw.flatMap((w) => (w.length > CAPTION.maxLineChars ? (w.match(/.{1,42}/gu) ?? [w]) : [w]));
  if (!words.length) return [];
  const perChar = Math.max(0, end - start) / Math.max(1, words.join(joiner).length);
  const cues: Cue[] = [];
  let at = start;
  let i = 0;
  while (i < words.length) {
    let take = 1;
    while (i + take < words.length) {
      const next = words.slice(i, i + take + 1);
      if (!wrapLines(next, joiner) || next.join(joiner).length * perChar > CAPTION.maxSeconds) break;
      take++;
    }
    const chunk = words.slice(i, i + take);
    const lines = wrapLines(chunk, joiner) ?? [chunk.join(joiner)];
    const duration = Math.min(
      CAPTION.maxSeconds,
      (chunk.join(joiner).length + (i + take < words.length ? 1 : 0)) * perChar,
    );
    cues.push({ start: at, end: at + duration, lines });
    at += (chunk.join(joiner).length + (i + take < words.length ? 1 : 0)) * perChar;
    i += take;
  }
  return cues;
}
