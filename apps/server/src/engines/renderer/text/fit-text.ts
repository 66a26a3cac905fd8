import { ellipsisCandidates } from './break-points.ts';

/** How a text is drawn, apart from its size: the same object styles the measurement and the image. */
export interface TextStyle {
  fontFamily: string;
  fontWeight: number;
  fontStyle?: 'normal' | 'italic';
  /** Line height as a multiple of the font size. */
  lineHeight: number;
  /** In em. */
  letterSpacing?: number;
  textTransform?: 'uppercase' | 'none';
  /** `keep-all`: lines break only where a space or a marked word boundary allows. */
  wordBreak?: 'keep-all';
}

/** A text to fit in a box `width` pixels wide and at most `maxLines` lines high. */
export interface TextBox {
  text: string;
  width: number;
  maxLines: number;
  /** Font sizes to try, largest first; the last is the smallest allowed. */
  sizes: readonly number[];
  style: TextStyle;
  /** A size whose lines would be taller than this is too large (a title must leave room). */
  maxHeight?: number;
}

/** One text laid out in one box at one size, as the measurer sees it. */
export interface MeasureItem {
  text: string;
  width: number;
  fontSize: number;
  lineHeightPx: number;
  style: TextStyle;
}

/** Lays texts out with the engine that draws them and says how many lines each takes. */
export interface TextMeasurer {
  /** Lines and the widest line's width of each item, in order. */
  measure(items: readonly MeasureItem[], language: string): Promise<Measured[]>;
}

export interface Measured {
  lines: number;
  width: number;
}

/** A text as it will be drawn: possibly shortened, at the size where it fits. */
export interface FittedText {
  text: string;
  fontSize: number;
  lineHeightPx: number;
  lines: number;
  /** lines × line height. */
  height: number;
  width: number;
  /** The widest line as drawn, when the measurer reports it (at most `width`). */
  inkWidth?: number | undefined;
  /** Fitted to one line: drawn without wrapping, so a narrower box never breaks it. */
  oneLine?: boolean;
  style: TextStyle;
  truncated: boolean;
}

/**
 * Fits texts into their boxes: the largest size at which the whole text fits in its lines; if
 * none does, the smallest size with the text shortened at a word boundary and ended with "…".
 * Every candidate is measured by the engine that draws the image, in two batched calls.
 */
export async function fitTexts(
  boxes: readonly TextBox[],
  language: string,
  measurer: TextMeasurer,
): Promise<FittedText[]> {
  const items: MeasureItem[] = [];
  const owners: number[] = [];
  boxes.forEach((box, i) => {
    if (!box.text) return;
    for (const size of box.sizes) {
      // A text longer than the most narrow glyphs could set in the box cannot fit at this size.
      if (box.text.length > capacity(box, size)) continue;
      items.push(item(box.text, box, size));
      owners.push(i);
    }
  });
  const counts = items.length ? await measurer.measure(items, language) : [];
  const result: (FittedText | undefined)[] = boxes.map((box, i) => {
    for (let k = 0; k < items.length; k++) {
      if (owners[k] !== i) continue;
      const lines = counts[k]?.lines ?? Number.POSITIVE_INFINITY;
      const it = items[k];
      const last = k === items.length - 1 || owners[k + 1] !== i;
      const tallOk = box.maxHeight === undefined || lines * (it?.lineHeightPx ?? 0) <= box.maxHeight || last;
      const narrow = (counts[k]?.width ?? 0) <= box.width + 1;
      if (it && lines <= box.maxLines && tallOk && narrow)
        return fitted(box, it, Math.max(1, lines), false, counts[k]?.width);
    }
    return undefined;
  });

  // A word wider than its line is never cut to an ellipsis: the text is first tried smaller,
  // then with the long words hyphenated across lines, in one batched call.
  const rescue: { box: number; item: MeasureItem }[] = [];
  boxes.forEach((box, i) => {
    if (result[i] || !box.text) return;
    const smallest = box.sizes.at(-1) ?? 16;
    // Only a text holding a word wider than its line: a merely long text is shortened below.
    if (hyphenateLongWords(box.text, box.width, smallest, language) === box.text) return;
    for (const f of [0.86, 0.74, 0.62]) {
      const size = Math.max(8, Math.round(smallest * f));
      rescue.push({ box: i, item: item(box.text, box, size) });
    }
    for (const f of [1, 0.86, 0.74]) {
      const size = Math.max(8, Math.round(smallest * f));
      const hyphenated = hyphenateLongWords(box.text, box.width, size, language);
      if (hyphenated !== box.text) rescue.push({ box: i, item: item(hyphenated, box, size) });
    }
  });
  if (rescue.length) {
    const got = await measurer.measure(
      rescue.map((r) => r.item),
      language,
    );
    rescue.forEach((r, k) => {
      const box = boxes[r.box] as TextBox;
      const m = got[k];
      if (result[r.box] || !m) return;
      if (m.lines <= box.maxLines && m.width <= box.width + 1)
        result[r.box] = fitted(box, r.item, Math.max(1, m.lines), false, m.width);
    });
  }

  // Shortening: the candidates of a box run longest first, and a shorter one never takes more
  // lines, so a search over them finds the longest that fits. Each round measures a few probes
  // of every unresolved box in one call.
  const searches = new Map<number, { candidates: string[]; lo: number; hi: number; best?: Measured }>();
  boxes.forEach((box, i) => {
    if (result[i] || !box.text) return;
    const smallest = box.sizes.at(-1) ?? 16;
    const most = capacity(box, smallest);
    const candidates = ellipsisCandidates(box.text, language, 400).filter((c) => c.length <= most);
    // lo: index of a candidate known (or assumed, past the end) to fit; hi: first known not to.
    searches.set(i, { candidates, lo: candidates.length, hi: -1 });
  });
  const PROBES = 2;
  while ([...searches.values()].some((s) => s.lo - s.hi > 1)) {
    const probes: { box: number; index: number }[] = [];
    const probeItems: MeasureItem[] = [];
    for (const [i, s] of searches) {
      if (s.lo - s.hi <= 1) continue;
      const box = boxes[i] as TextBox;
      const span = s.lo - s.hi - 1;
      const picks = new Set<number>();
      for (let p = 1; p <= Math.min(PROBES, span); p++)
        picks.add(s.hi + Math.round((p * (span + 1)) / (Math.min(PROBES, span) + 1)));
      for (const index of picks) {
        if (index <= s.hi || index >= s.lo) continue;
        probes.push({ box: i, index });
        probeItems.push(item(s.candidates[index] as string, box, box.sizes.at(-1) ?? 16));
      }
    }
    if (!probeItems.length) break;
    const got = await measurer.measure(probeItems, language);
    probes.forEach((probe, k) => {
      const s = searches.get(probe.box);
      const box = boxes[probe.box] as TextBox;
      const m = got[k];
      if (!s || !m) return;
      // A word wider than the box does not fit, even on one line.
      if (m.lines <= box.maxLines && m.width <= box.width + 1) {
        if (probe.index < s.lo) {
          s.lo = probe.index;
          s.best = m;
        }
      } else if (probe.index > s.hi) {
        s.hi = probe.index;
      }
    });
  }
  return boxes.map((box, i) => {
    const done = result[i];
    if (done) return done;
    const s = searches.get(i);
    const smallest = box.sizes.at(-1) ?? 16;
    const text = s?.candidates[s.lo];
    if (s && text !== undefined && s.best) {
      return fitted(box, item(text, box, smallest), Math.max(1, s.best.lines), true, s.best.width);
    }
    return fitted(box, item('', box, smallest), 0, box.text.length > 0);
  });
}

/** Scripts written without spaces between words. */
const UNSPACED =
  /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]/u;

/**
 * Breaks each word too long for a line of `width` at `fontSize` into pieces joined by a hyphen
 * and a break opportunity, so it wraps across lines instead of being cut. Scripts without spaces
 * between words are left alone: they already break between characters.
 */
export function hyphenateLongWords(text: string, width: number, fontSize: number, language: string): string {
  // A generous average advance: capitals and bold Latin run near 0.62 em.
  const perLine = Math.max(4, Math.floor(width / (fontSize * 0.64)));
  let changed = false;
  const out = text.replace(/[\p{L}\p{M}\p{N}]{6,}/gu, (word) => {
    const graphemes = [...new Intl.Segmenter(language, { granularity: 'grapheme' }).segment(word)].map(
      (g) => g.segment,
    );
    if (graphemes.length <= perLine || UNSPACED.test(word)) return word;
    changed = true;
    const piece = perLine - 1;
    const parts: string[] = [];
    for (let i = 0; i < graphemes.length; i += piece) parts.push(graphemes.slice(i, i + piece).join(''));
    // A last piece of one or two letters reads badly: give it a few from the one before.
    const last = parts.at(-1) ?? '';
    if (parts.length > 1 && [...last].length < 3) {
      const prev = [...(parts.at(-2) ?? '')];
      const moved = prev.splice(prev.length - 2, 2).join('');
      parts[parts.length - 2] = prev.join('');
      parts[parts.length - 1] = moved + last;
    }
    return parts.join('-\u200b');
  });
  return changed ? out : text;
}

/** The most characters a box could hold at a size: no glyph is narrower than a quarter em. */
function capacity(box: TextBox, fontSize: number): number {
  return Math.ceil((box.maxLines * box.width) / (fontSize * 0.25));
}

function item(text: string, box: TextBox, fontSize: number): MeasureItem {
  return {
    text,
    width: box.width,
    fontSize,
    lineHeightPx: Math.round(fontSize * box.style.lineHeight),
    style: box.style,
  };
}

function fitted(
  box: TextBox,
  it: MeasureItem,
  lines: number,
  truncated: boolean,
  inkWidth?: number,
): FittedText {
  return {
    inkWidth: inkWidth === undefined ? undefined : Math.min(box.width, Math.ceil(inkWidth) + 2),
    oneLine: box.maxLines === 1,
    text: it.text,
    fontSize: it.fontSize,
    lineHeightPx: it.lineHeightPx,
    lines,
    height: lines * it.lineHeightPx,
    width: box.width,
    style: box.style,
    truncated,
  };
}

/** Sizes from `max` down to `min` in steps of about `step` pixels (rounded), both ends included. */
export function sizeSteps(max: number, min: number, steps = 5): number[] {
  const hi = Math.round(max);
  const lo = Math.min(hi, Math.round(min));
  if (hi === lo) return [hi];
  const out = new Set<number>();
  for (let i = 0; i <= steps; i++) out.add(Math.round(hi - ((hi - lo) * i) / steps));
  return [...out];
}
