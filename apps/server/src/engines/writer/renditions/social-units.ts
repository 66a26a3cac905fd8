import { cutLong } from './clauses.ts';
import type { RenditionSource } from './rendition-source.ts';
import { sentencesOf } from './thread.ts';

/**
 * One piece of a social post, taken word for word from the piece: a sentence (or a clause of a
 * sentence too long for the platform), or a list item without its marker (the first with the
 * heading that introduces the list on the line above it).
 */
export interface Unit {
  text: string;
  kind: 'sentence' | 'item';
  /** Which paragraph (or list) of the piece it belongs to. */
  paragraph: number;
  /** Which sentence (or list item) of the piece: the clauses of one sentence share it. */
  sentence: number;
  /** Whether whitespace stood before it in the piece (false between sentences of Chinese). */
  spaced: boolean;
}

/** A list marker or a Markdown heading mark at the start of a line. */
const LINE_MARKER = /^[ \t]*(?:[-*+•·▪‣◦–—]|\(?\d{1,3}[.)]|#{1,6})[ \t]+/gmu;

/** A line as a post shows it: no list marker, no heading mark, no Markdown emphasis. */
export function plainLine(text: string): string {
  return text
    .replace(LINE_MARKER, '')
    .replace(/\*\*|__/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

const plain = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Whether two texts say the same words (case and punctuation aside). */
export function sameWords(a: string, b: string): boolean {
  return plain(a) === plain(b);
}

/**
 * The piece as units, in order. A heading is kept only before a list (on the list's first line:
 * it names the list); a first line that only repeats the title is left out. No unit is longer
 * than `maxUnit` as `measure` counts: a longer sentence is cut at its clauses. Engine output
 * without any capital letter gets one at the start of each sentence (and "I" in English).
 */
export function unitsOf(source: RenditionSource, maxUnit: number, measure: (t: string) => number): Unit[] {
  const out: Unit[] = [];
  const lowerCase = isLowerCase(source.blocks.map((b) => b.text).join(' '));
  const english = /^en\b/i.test(source.language);
  let paragraph = 0;
  let sentence = 0;
  let heading: string | null = null;
  let inList = false;
  const push = (raw: string, kind: Unit['kind'], spaced = true) => {
    const text = lowerCase ? capitalised(raw, english) : raw;
    if (!text) return;
    if (!out.length && kind === 'sentence' && sameWords(text, source.title)) return;
    sentence++;
    if (measure(text) <= maxUnit) {
      out.push({ text, kind, paragraph, sentence, spaced });
      return;
    }
    cutLong(text, maxUnit, measure, source.language).forEach((cut, i) => {
      out.push({ text: cut.text, kind, paragraph, sentence, spaced: i === 0 ? spaced : cut.spaced });
    });
  };
  for (const block of source.blocks) {
    const raw = block.text.trim();
    if (!raw) continue;
    if (block.type === 'heading') {
      heading = plainLine(raw);
      if (inList) paragraph++;
      inList = false;
      continue;
    }
    if (block.type === 'bullet' || block.type === 'numbered') {
      if (!inList && out.length) paragraph++;
      for (const line of raw.split('\n').map(plainLine).filter(Boolean)) {
        push(!inList && heading ? `${heading}\n${line}` : line, 'item');
        inList = true;
        heading = null;
      }
      continue;
    }
    inList = false;
    heading = null;
    for (const para of raw.split(/\n\s*\n/)) {
      // Lines that carry a list marker are list items; the other lines are sentences.
      let was: Unit['kind'] | null = null;
      for (const line of para.split('\n')) {
        const text = plainLine(line);
        if (!text) continue;
        const kind = LINE_MARKER.test(line) ? 'item' : 'sentence';
        LINE_MARKER.lastIndex = 0;
        if (out.length && (was === null || kind !== was)) paragraph++;
        was = kind;
        if (kind === 'item') push(text, 'item');
        else
          for (const [i, piece] of sentencePieces(text, source.language).entries())
            push(piece.text, 'sentence', i === 0 || piece.spaced);
      }
    }
  }
  return out;
}

/** Text with letters that has no capital letter at all: speech engine output. */
function isLowerCase(text: string): boolean {
  return /\p{Ll}/u.test(text) && !/\p{Lu}/u.test(text);
}

function capitalised(text: string, english: boolean): string {
  const upper = text.replace(
    /^(\P{L}*)(\p{Ll})/u,
    (_, before: string, c: string) => before + c.toUpperCase(),
  );
  return english ? upper.replace(/(?<![\p{L}\p{N}'’])i(?=['’]|(?![\p{L}\p{N}]))/gu, 'I') : upper;
}

function sentencePieces(text: string, language: string): { text: string; spaced: boolean }[] {
  const sentences = sentencesOf(text, language);
  let at = 0;
  return sentences.map((s) => {
    const found = text.indexOf(s, at);
    const spaced = found > 0 && /\s/.test(text[found - 1] ?? '');
    if (found >= 0) at = found + s.length;
    return { text: s.replace(/\s*\n\s*/g, ' '), spaced };
  });
}

/** How a unit joins the one before it: a space, nothing (Chinese), a line, or a blank line. */
export function joinOf(unit: Unit, before: Unit | undefined): string {
  if (!before) return '';
  if (unit.paragraph !== before.paragraph) return '\n\n';
  if (unit.kind !== 'sentence' || before.kind !== 'sentence') return '\n';
  return unit.spaced ? ' ' : '';
}

/** Units laid out as text: sentences of a paragraph run on, items on their own lines. */
export function layout(units: readonly Unit[]): string {
  return units.map((u, i) => joinOf(u, units[i - 1]) + u.text).join('');
}

/**
 * The hook: the first sentence of the piece that says something (three words or more), skipping
 * at most two greetings or fragments ("Hi everyone.", "Okay.") before it. Its index in `units`.
 */
export function hookIndex(units: readonly Unit[]): number {
  const limit = Math.min(units.length, 3);
  for (let i = 0; i < limit; i++) {
    const u = units[i];
    if (u?.kind !== 'sentence') continue;
    const count = u.text.split(/\s+/).filter(Boolean).length;
    // Scripts without spaces: count characters instead of words.
    if (count >= 3 || [...u.text].length >= 8) return i;
  }
  return 0;
}

/**
 * The units a post of about `target` has room for, in the piece's order: all of them when they
 * fit, else each paragraph's lead sentence, then its second, and so on while there is room. A
 * sentence is taken with all its clauses, a list whole; only when nothing else fits are the
 * first clauses of the first sentence taken alone.
 */
export function selectUnits(units: readonly Unit[], target: number, measure: (t: string) => number): Unit[] {
  if (measure(layout(units)) <= target) return [...units];
  // Paragraphs as lists of groups: a sentence with its clauses, or a whole list.
  const paragraphs: number[][][] = [];
  units.forEach((u, i) => {
    const paragraph = paragraphs.at(-1);
    const before = units[i - 1];
    if (!paragraph || !before || before.paragraph !== u.paragraph) {
      paragraphs.push([[i]]);
      return;
    }
    const group = paragraph.at(-1);
    if (group && (u.sentence === before.sentence || u.kind !== 'sentence')) group.push(i);
    else paragraph.push([i]);
  });
  const chosen = new Set<number>();
  const fits = (group: readonly number[]) => {
    const next = new Set([...chosen, ...group]);
    return measure(layout(units.filter((_, k) => next.has(k)))) <= target;
  };
  for (let depth = 0; ; depth++) {
    let added = false;
    for (const groups of paragraphs) {
      const group = groups[depth];
      // Never a sentence without the one before it in its paragraph.
      if (!group || (depth > 0 && !chosen.has(groups[depth - 1]?.[0] ?? -1))) continue;
      if (!fits(group)) continue;
      for (const k of group) chosen.add(k);
      added = true;
    }
    if (!added) break;
  }
  if (!chosen.size)
    for (const k of paragraphs[0]?.[0] ?? []) {
      if (!fits([k])) break;
      chosen.add(k);
    }
  return units.filter((_, k) => chosen.has(k));
}
