/**
 * Post length as X counts it (twitter-text's v3 configuration): text is NFC-normalised, every
 * URL counts 23, an emoji counts 2 however many code points it has, code points in the Latin,
 * Greek, Cyrillic and other ranges up to U+10FF and a few punctuation ranges count 1, everything
 * else (CJK, Hangul, most symbols) counts 2.
 *
 * twitter-text itself pulls core-js 2 and a 2019 emoji table, so this is the same rule written
 * out. Where X's exact URL rules are uncertain (a bare domain without `http`), the count errs
 * high (the larger of 23 and its own length), so a post that passes here never exceeds 280 on X.
 */
export const X_MAX_WEIGHT = 280;
export const X_URL_WEIGHT = 23;

/** Code point ranges that weigh 1 (twitter-text v3 `ranges`); all others weigh 2. */
const LIGHT_RANGES: [number, number][] = [
  [0, 4351],
  [8192, 8205],
  [8208, 8223],
  [8242, 8247],
];

/** `http(s)://…` up to a space, without the punctuation that usually ends a sentence after it. */
const SCHEME_URL = /\bhttps?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]}'’”]/giu;
/** `example.com`, `www.example.org/path`: a name, a dot and a top-level domain of letters. */
const BARE_DOMAIN =
  /(?<![\p{L}\p{N}@._/-])(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}(?::\d{1,5})?(?:\/[^\s<>"]*[^\s<>".,;:!?)\]}'’”])?/giu;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** A grapheme with a pictograph, a flag or a keycap in it is one emoji, however it is built. */
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u;

function codePointWeight(cp: number): number {
  for (const [from, to] of LIGHT_RANGES) if (cp >= from && cp <= to) return 1;
  return 2;
}

/** Only code points that weigh 1 and are never part of an emoji (© and ® are left out). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the range starts at U+0000 on purpose (X weighs them 1).
const LIGHT_ONLY = /^[\u0000-\u00a8\u00aa-\u00ad\u00af-\u10ff]*$/;

/** The weight of plain text (no URLs in it). */
function plainWeight(text: string): number {
  if (LIGHT_ONLY.test(text)) return text.length;
  let weight = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (EMOJI.test(segment)) {
      weight += 2;
      continue;
    }
    for (const ch of segment) weight += codePointWeight(ch.codePointAt(0) ?? 0);
  }
  return weight;
}

/** Where URLs are in `text`, as [start, end, weight]. */
function urlSpans(text: string): [number, number, number][] {
  const spans: [number, number, number][] = [];
  for (const m of text.matchAll(SCHEME_URL)) spans.push([m.index, m.index + m[0].length, X_URL_WEIGHT]);
  for (const m of text.matchAll(BARE_DOMAIN)) {
    const start = m.index;
    const end = start + m[0].length;
    if (spans.some(([a, b]) => start < b && end > a)) continue;
    spans.push([start, end, Math.max(X_URL_WEIGHT, plainWeight(m[0]))]);
  }
  return spans.sort((a, b) => a[0] - b[0]);
}

/** The weighted length of a post, as X counts it against its 280. */
export function xWeightedLength(raw: string): number {
  const text = raw.normalize('NFC');
  // No dot and no scheme: no URL can be in it.
  if (!text.includes('.') && !text.includes('://')) return plainWeight(text);
  let weight = 0;
  let at = 0;
  for (const [start, end, w] of urlSpans(text)) {
    weight += plainWeight(text.slice(at, start)) + w;
    at = end;
  }
  return weight + plainWeight(text.slice(at));
}
