const ELLIPSIS = '…';

/** Trailing marks that read badly before an ellipsis ("pasta, …"). */
const TRAILING = new Set([...' \t\n\u00a0,.;:!?、。，；：！？·–—-(/[{“"\'‘', '\u0964', '\u0965']);

function stripTrailing(text: string): string {
  let end = text.length;
  while (end > 0 && TRAILING.has(text.charAt(end - 1))) end--;
  return text.slice(0, end);
}

/**
 * Shorter versions of `text` that end at a word boundary, followed by an ellipsis, longest first
 * and at most `limit` of them. Word boundaries come from `Intl.Segmenter` in the text's language
 * (dictionary words for Chinese and Japanese, spaces for Hindi, Tamil and Telugu), so a cut never
 * falls inside a word or a grapheme cluster. After them, shorter still, come cuts between the
 * graphemes of the first word, for a first word too wide to fit.
 */
export function ellipsisCandidates(text: string, language: string, limit = 64): string[] {
  const ends: number[] = [];
  for (const seg of segmenter(language, 'word').segment(text)) {
    if (seg.isWordLike) ends.push(seg.index + seg.segment.length);
  }
  const words = ends.filter((end) => end < text.trimEnd().length);
  // Last resort, shortest of all: the first word cut between graphemes, for a word too wide for
  // its box (a long compound, a URL).
  const firstWord = ends[0] ?? text.length;
  const inFirst = graphemeEnds(text, language).filter((end) => end < firstWord);
  const candidates = [...inFirst, ...words];
  const whole = stripTrailing(text);
  const out: string[] = [];
  for (let i = candidates.length - 1; i >= 0 && out.length < limit; i--) {
    const cut = stripTrailing(text.slice(0, candidates[i]));
    if (cut && cut !== whole && out.at(-1) !== `${cut}${ELLIPSIS}`) out.push(`${cut}${ELLIPSIS}`);
  }
  return out;
}

function graphemeEnds(text: string, language: string): number[] {
  const ends: number[] = [];
  for (const seg of segmenter(language, 'grapheme').segment(text)) ends.push(seg.index + seg.segment.length);
  return ends.slice(0, -1);
}

const cache = new Map<string, Intl.Segmenter>();
function segmenter(language: string, granularity: 'word' | 'grapheme'): Intl.Segmenter {
  const key = `${language}:${granularity}`;
  let seg = cache.get(key);
  if (!seg) {
    seg = new Intl.Segmenter(safeLocale(language), { granularity });
    cache.set(key, seg);
  }
  return seg;
}

function safeLocale(language: string): string {
  try {
    return Intl.Segmenter.supportedLocalesOf([language])[0] ?? 'en';
  } catch {
    return 'en';
  }
}
