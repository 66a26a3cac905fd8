import { cutLong, segmenter } from './clauses.ts';
import { xWeightedLength } from './x-weight.ts';

export interface SplitOptions {
  /** Most weight per post, numbering included. */
  limit: number;
  /** BCP-47 language, for sentence boundaries. */
  language: string;
  /** How a post's length is counted (X's weighting by default). */
  measure?: (text: string) => number;
}

/**
 * The sentences of a text, trimmed, in order, with nothing left out. A break the segmenter puts
 * inside a run of non-space characters (after the "?" of a URL's query) is undone: a link or a
 * word is never cut in two there. Scripts without spaces keep their breaks after 。！？.
 */
export function sentencesOf(text: string, language: string): string[] {
  return sentencePieces(text, language).map((p) => p.text);
}

/** The sentences of `sentencesOf`, each knowing whether whitespace stood before it in the text. */
function sentencePieces(text: string, language: string): { text: string; spaced: boolean }[] {
  const out: { text: string; spaced: boolean }[] = [];
  let carry = '';
  let spaced = false;
  const push = (raw: string) => {
    if (raw.trim()) out.push({ text: raw.trim(), spaced: spaced || /^\s/.test(raw) });
    spaced = /\s$/.test(raw);
  };
  for (const { segment, index } of segmenter(language, 'sentence').segment(text)) {
    const raw = carry + segment;
    const next = text[index + segment.length];
    carry = '';
    if (!/\s$/.test(raw) && next !== undefined && /[\x21-\x7e]$/.test(raw) && /[\x21-\x7e]/.test(next)) {
      carry = raw;
      continue;
    }
    push(raw);
  }
  push(carry);
  return out;
}

/**
 * A piece of a thread: its text, its weight worked out once, and what joins it to the piece before
 * it in the same post (a space, nothing between the sentences of a script written without spaces,
 * a line break between list items, a blank line between paragraphs). `newPost` starts a post.
 */
export interface ThreadPiece {
  text: string;
  join: string;
  newPost?: boolean;
}

interface Piece extends ThreadPiece {
  weight: number;
}

/**
 * Packs pieces into posts of at most `budget`. A piece heavier than the budget is cut at a clause
 * (after a comma, semicolon or dash; before a conjunction), else between words (dictionary words
 * in scripts without spaces); only a word heavier than a post is cut between characters.
 */
function pack(
  pieces: readonly Piece[],
  budget: number,
  measure: (t: string) => number,
  language: string,
): string[] {
  const posts: string[] = [];
  let text = '';
  let weight = 0;
  const flush = () => {
    if (text) posts.push(text);
    text = '';
    weight = 0;
  };
  const add = (piece: Piece) => {
    if (text && piece.newPost) flush();
    if (text) {
      const gap = measure(piece.join);
      if (weight + gap + piece.weight <= budget) {
        text = `${text}${piece.join}${piece.text}`;
        weight += gap + piece.weight;
        return;
      }
      flush();
    }
    if (piece.weight <= budget) {
      text = piece.text;
      weight = piece.weight;
      return;
    }
    // Too heavy for any post: its clauses follow one another, each starting where it fits.
    cutLong(piece.text, budget, measure, language).forEach((cut, i) => {
      const join = i === 0 ? piece.join : cut.spaced ? ' ' : '';
      add({ text: cut.text, join, weight: measure(cut.text) });
    });
  };
  for (const piece of pieces) add(piece);
  flush();
  return posts;
}

/**
 * A text as a numbered thread ("1/4 …"): whole sentences per post where they fit, a sentence
 * longer than a post cut at a clause, else between words. Every post, its number included, weighs
 * at most `limit` as measured on the finished post; nothing of the text is dropped or changed
 * except the whitespace between pieces (line breaks stay where they fall inside a post). A text
 * that fits one post is not numbered.
 */
export function splitThread(text: string, options: SplitOptions): string[] {
  // Line breaks are kept between the pieces they separate (a blank line stays one).
  const pieces: ThreadPiece[] = [];
  let gap = '';
  for (const line of text.split('\n')) {
    if (!line.trim()) {
      if (gap) gap = '\n\n';
      continue;
    }
    sentencePieces(line, options.language).forEach((s, i) => {
      pieces.push({ text: s.text, join: i === 0 ? gap : s.spaced ? ' ' : '' });
    });
    gap = '\n';
  }
  return threadOf(pieces, options);
}

/** Pieces laid out as a numbered thread, as `splitThread` does with a text's sentences. */
export function threadOf(pieces: readonly ThreadPiece[], options: SplitOptions): string[] {
  const measure = options.measure ?? xWeightedLength;
  const weighed = pieces.filter((p) => p.text.trim()).map((p) => ({ ...p, weight: measure(p.text) }));
  if (!weighed.length) return [];
  for (let margin = 0; margin < options.limit / 2; margin += 4) {
    const posts = numbered(weighed, options.limit - margin, measure, options.language);
    // Weights add up piece by piece; the finished post is measured again to be certain.
    if (posts.every((p) => measure(p) <= options.limit)) return posts;
  }
  throw new Error('A thread could not be made within the limit');
}

function numbered(
  pieces: Piece[],
  limit: number,
  measure: (t: string) => number,
  language: string,
): string[] {
  const single = pack(pieces, limit, measure, language);
  if (single.length <= 1) return single;
  // The numbering takes room from every post; its width depends on how many posts there are.
  let count = single.length;
  for (;;) {
    const posts = pack(pieces, limit - measure(`${count}/${count} `), measure, language);
    if (String(posts.length).length <= String(count).length)
      return posts.map((p, i) => `${i + 1}/${posts.length} ${p}`);
    count = posts.length;
  }
}

/** A post without its "3/7 " number. */
export function withoutNumber(post: string): string {
  return post.replace(/^\d{1,3}\/\d{1,3}\s+/, '');
}
