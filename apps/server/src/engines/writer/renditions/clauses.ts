import { primaryLanguage } from '@voxpress/contracts';
/**
 * Cutting a sentence that is too long for a post: at a clause where there is one (after a comma,
 * semicolon, colon or dash; before a conjunction), else between words, and between characters
 * only when one word alone is heavier than the post. Nothing is added, dropped or reordered.
 */

/** A piece of a cut text, and whether whitespace stood before it in the text. */
export interface CutPiece {
  text: string;
  spaced: boolean;
}

// Words that open a clause: a long sentence reads well cut just before them.
const CONJUNCTIONS: Record<string, readonly string[]> = {
  en: 'and but or so because which who whose where when while although though unless until since whereas then if after before yet'.split(
    ' ',
  ),
  es: 'y e pero o u porque que cuando donde aunque si mientras entonces pues sino'.split(' '),
  fr: 'et mais ou donc car parce que qui quand lorsque où si puis alors tandis pendant'.split(' '),
  de: 'und aber oder denn weil dass wenn als während obwohl sondern dann bis damit'.split(' '),
  hi: 'और लेकिन परंतु क्योंकि कि जब तो या अगर जबकि'.split(' '),
};

/** Scripts written without spaces between words: they are cut between dictionary words. */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** Punctuation that ends a clause (Latin and CJK forms). */
const CLAUSE_END = /[,;:—–…，、；：]$/u;
/** A dash standing alone between words. */
const DASH = /^[-—–]+$/;

/** Characters a piece may span per unit of weight (a link of any length weighs 23 on X). */
const REACH = 8;

const segmenters = new Map<string, Intl.Segmenter>();
/** One segmenter per language and granularity, kept: an invalid language tag gets English rules. */
export function segmenter(language: string, granularity: 'word' | 'grapheme' | 'sentence'): Intl.Segmenter {
  const key = `${language}:${granularity}`;
  let s = segmenters.get(key);
  if (!s) {
    let locale = 'en';
    try {
      locale = Intl.Segmenter.supportedLocalesOf([language])[0] ?? 'en';
    } catch {
      // Not a valid tag: English rules.
    }
    s = new Intl.Segmenter(locale, { granularity });
    segmenters.set(key, s);
  }
  return s;
}

function conjunctions(language: string): ReadonlySet<string> {
  const base = primaryLanguage(language) || 'en';
  return new Set(CONJUNCTIONS[base] ?? []);
}

/** A place the text may be cut: the head ends at `end`, the rest starts at `next`. */
interface Boundary {
  end: number;
  next: number;
  /** 0 after clause punctuation, 1 before a conjunction, 2 between words. */
  rank: 0 | 1 | 2;
}

/** Every place `text` may be cut, in order, best kinds ranked lowest. */
export function boundariesOf(text: string, language: string): Boundary[] {
  const out: Boundary[] = [];
  const joins = conjunctions(language);
  const tokens = [...text.matchAll(/\S+/g)];
  tokens.forEach((token, i) => {
    const word = token[0];
    const start = token.index;
    if (i > 0) {
      const before = tokens[i - 1];
      if (before) {
        const end = before.index + before[0].length;
        const lower = word.toLowerCase().replace(/[^\p{L}]+$/u, '');
        // Before the first of two conjunctions ("and then"), never between them.
        const opens = joins.has(lower) && !joins.has(before[0].toLowerCase());
        const rank = CLAUSE_END.test(before[0]) || DASH.test(before[0]) ? 0 : opens ? 1 : 2;
        // A dash alone belongs with the clause before it: "we went home —" / "it was late".
        if (!DASH.test(word)) out.push({ end, next: start, rank });
      }
    }
    // Inside a run without spaces: between the words a dictionary finds, after CJK commas first.
    if (UNSPACED.test(word)) {
      for (const { index } of segmenter(language, 'word').segment(word)) {
        if (index === 0) continue;
        const head = word.slice(0, index);
        // Never inside a run of Latin letters or digits (a name or a number in CJK text).
        if (
          /[\p{L}\p{N}]$/u.test(head) &&
          !UNSPACED.test(head.at(-1) ?? '') &&
          /^[\p{L}\p{N}]/u.test(word.slice(index)) &&
          !UNSPACED.test(word[index] ?? '')
        )
          continue;
        out.push({ end: start + index, next: start + index, rank: CLAUSE_END.test(head) ? 0 : 2 });
      }
    }
  });
  return out.sort((a, b) => a.end - b.end);
}

/**
 * `text` in pieces of at most `budget` as `measure` counts. Each cut is the latest clause
 * boundary that leaves the piece at least two fifths full, else the latest word boundary that
 * fits; only a word heavier than the budget is cut between characters.
 */
export function cutLong(
  text: string,
  budget: number,
  measure: (t: string) => number,
  language: string,
): CutPiece[] {
  const out: CutPiece[] = [];
  const all = text.trim();
  const bounds = boundariesOf(all, language);
  let from = 0;
  let spaced = false;
  let next = 0;
  const rest = () => all.slice(from);
  // Whether the rest is too heavy, measuring a long rest by its start first (a prefix weighs no
  // more than the whole): long texts are cut in many pieces, and measuring is not free.
  const tooHeavy = () => {
    const start = all.slice(from, from + budget * 4);
    if (measure(start) > budget) return true;
    return from + start.length < all.length && measure(rest()) > budget;
  };
  while (from < all.length && tooHeavy()) {
    while (next < bounds.length && (bounds[next]?.end ?? 0) <= from) next++;
    const head = (b: Boundary) => all.slice(from, b.end);
    // The latest boundary whose head fits (heads grow with `end`); no head is searched for
    // beyond REACH characters per unit of budget.
    let lo = next;
    let hi = next;
    while (hi < bounds.length && (bounds[hi]?.end ?? 0) - from <= budget * REACH) hi++;
    hi--;
    let fits = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const b = bounds[mid];
      if (b && measure(head(b)) <= budget) {
        fits = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    let chosen: Boundary | undefined;
    if (fits >= 0) {
      chosen = bounds[fits];
      let best = chosen?.rank ?? 2;
      // A better kind of boundary a little earlier, if the piece stays two fifths full.
      for (let i = fits - 1; i >= next && best > 0; i--) {
        const b = bounds[i];
        if (!b || b.rank >= best) continue;
        if (measure(head(b)) < budget * 0.4) break;
        best = b.rank;
        chosen = b;
      }
    }
    if (chosen) {
      out.push({ text: head(chosen).trim(), spaced });
      spaced = chosen.next > chosen.end;
      from = chosen.next;
      continue;
    }
    // One word heavier than the whole budget: its characters, as many as fit.
    let piece = '';
    for (const { segment } of segmenter(language, 'grapheme').segment(rest())) {
      if (piece && measure(piece + segment) > budget) break;
      piece += segment;
    }
    out.push({ text: piece, spaced });
    from += piece.length;
    spaced = /^\s/.test(all.slice(from));
    while (/\s/.test(all[from] ?? '')) from++;
  }
  if (from < all.length) out.push({ text: rest().trim(), spaced });
  return out;
}
