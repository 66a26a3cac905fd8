import { normalWord, writesWithoutSpaces } from '../composer/language.ts';
import { FACEBOOK_CHARS, LINKEDIN_HASHTAGS } from './compose-renditions.ts';
import { wordSet } from './hashtags.ts';
import { checkParts, hashtagsIn, type PlatformRules, type RuleProblem } from './platform-rules.ts';
import type { RenditionSource } from './rendition-source.ts';
import { plainLine } from './social-units.ts';
import { sentencesOf, withoutNumber } from './thread.ts';

/**
 * The rendition rules held against what a language model wrote, after the repairs in
 * `llm-renditions.ts`: what can be mended is mended there (posts joined where the model cut a
 * sentence or a word, an unfinished last word dropped, posts re-split and numbered, hashtags
 * capped), and what still breaks a rule here is refused, so the composer makes that rendition.
 */

/** Where a post may end: after a sentence or clause mark, a closing quote or bracket. */
const ENDS_CLAUSE = /[.!?…。！？,;:，、；：—–)\]"'”’»」』]$/u;
/** Where a sentence ends. */
const ENDS_SENTENCE = /[.!?…。！？]["'”’»」』)\]]*$/u;
/** Hashtags (and the space before them) at the end of a text. */
const TRAILING_TAGS = /(?:\s*(?<![\p{L}\p{N}_&])#[\p{L}\p{N}_]+)+\s*$/u;
/** A list marker at the start of a line. */
const MARKER = /^[ \t]*(?:[-*+•·▪‣◦]|\d{1,3}[.)])[ \t]+/mu;
/** Sentences of the piece a rendition may quote before it counts as the pasted article. */
const PASTED_SHARE = 0.8;

/** The first list marker that begins a line of `text` ("•", "1."), or null. */
export function listMarkerIn(text: string): string | null {
  return MARKER.exec(text)?.[0].trim() ?? null;
}

/** The piece's words as compared with a rendition's: lower case, each once. */
export function pieceWords(source: RenditionSource): Set<string> {
  return wordSet([source.title, ...source.blocks.map((b) => b.text)].join('\n'), source.language);
}

const withoutTrailingTags = (text: string) => text.replace(TRAILING_TAGS, '').trimEnd();

/**
 * Parts keeping at most `max` hashtags in all, the last ones: hashtags past that are taken out
 * where they stand at the end of a part, and left as plain words inside a sentence. A thread asks
 * for two at most, at the end of its last post.
 */
export function withTagsAtMost(parts: readonly string[], max: number): string[] {
  const split = parts.map((part) => {
    const trailing = TRAILING_TAGS.exec(part)?.[0] ?? '';
    return { body: part.slice(0, part.length - trailing.length), tags: hashtagsIn(trailing) };
  });
  let left = max;
  for (const p of [...split].reverse()) {
    p.tags = p.tags.slice(Math.max(0, p.tags.length - left));
    left -= p.tags.length;
  }
  // Hashtags inside sentences: those past the limit lose their mark, not their word.
  return split.map(({ body, tags }) => {
    const text = body.replace(/(?<![\p{L}\p{N}_&])#([\p{L}\p{N}_]+)/gu, (tag, word: string) =>
      left-- > 0 ? tag : word,
    );
    return tags.length ? `${text.trimEnd()} ${tags.join(' ')}` : text.trimEnd();
  });
}

/** The letters a text ends with, and those the next one starts with (null when either has none). */
function seam(before: string, after: string): { tail: string; head: string } | null {
  const tail = /[\p{L}\p{M}]+$/u.exec(withoutTrailingTags(before))?.[0];
  const head = /^[\p{L}\p{M}]+/u.exec(after.trimStart())?.[0];
  return tail && head ? { tail, head } : null;
}

/**
 * Whether `before` ends with the start of a word that `after` finishes: glued together they make
 * a word of the piece that the two halves are not both ("dou" + "gh"). Not judged in scripts
 * written without spaces, where every seam is between characters.
 */
export function splitsWord(
  before: string,
  after: string,
  words: ReadonlySet<string>,
  language: string,
): boolean {
  if (writesWithoutSpaces(language)) return false;
  const at = seam(before, after);
  if (!at) return false;
  const known = withLetterRuns(words);
  const glued = normalWord(at.tail + at.head);
  return known.has(glued) && !(known.has(normalWord(at.tail)) && known.has(normalWord(at.head)));
}

const letterRuns = new WeakMap<ReadonlySet<string>, ReadonlySet<string>>();

/**
 * The piece's words and the runs of letters inside them: a seam sees only letters, so "vo" +
 * "xpress" is judged against "voxpress" of the word "voxpress.test/blog".
 */
function withLetterRuns(words: ReadonlySet<string>): ReadonlySet<string> {
  let known = letterRuns.get(words);
  if (!known) {
    const all = new Set(words);
    for (const word of words) for (const run of word.split(/[^\p{L}\p{M}]+/u)) if (run) all.add(run);
    letterRuns.set(words, all);
    known = all;
  }
  return known;
}

/** Whether a text ends at a sentence or clause mark (hashtags at its end aside). */
export function endsAtClause(text: string): boolean {
  const body = withoutTrailingTags(text);
  return !body || ENDS_CLAUSE.test(body) || !/[\p{L}\p{N}]$/u.test(body);
}

/** Whether a text ends a sentence (hashtags at its end aside): not on a letter, digit or clause mark. */
function endsAtSentence(text: string): boolean {
  const body = withoutTrailingTags(text);
  return !body || ENDS_SENTENCE.test(body) || !/[\p{L}\p{N},;:，、；：—–]$/u.test(body);
}

/**
 * Whether a text stops in the middle of a word: its last word is not one of the piece's but
 * begins one of them ("overni" of "overnight").
 */
export function endsMidWord(text: string, words: ReadonlySet<string>, language: string): boolean {
  if (writesWithoutSpaces(language) || endsAtClause(text)) return false;
  const last = normalWord(/[\p{L}\p{M}]+$/u.exec(withoutTrailingTags(text))?.[0] ?? '');
  if (last.length < 2 || words.has(last)) return false;
  for (const word of words) if (word.length > last.length && word.startsWith(last)) return true;
  return false;
}

/**
 * Model parts joined where the model broke a sentence between them: a part that does not end a
 * sentence (it stops on a word or at a comma) is joined to the next when that one finishes its last word (then with
 * no space between), or goes on in lower case either to the end of a sentence or as the piece's
 * own words run on (`pieceText`: a sentence of unpunctuated speech). Other parts stay apart, as
 * lower-case list items do.
 */
export function joinBrokenParts(
  parts: readonly string[],
  words: ReadonlySet<string>,
  language: string,
  pieceText = '',
): string[] {
  const running = flatten(pieceText);
  // A whole line of the piece (a list item) is not the start of a sentence running on.
  const lines = new Set(running.split('\n').map((l) => plainLine(l).toLowerCase()));
  const runsOn = (before: string, after: string) => {
    const head = withoutTrailingTags(before).split('\n').at(-1) ?? '';
    const next = withoutTrailingTags(after).trimStart().split('\n')[0] ?? '';
    return !lines.has(plainLine(flatten(head))) && running.includes(flatten(`${head} ${next}`));
  };
  const out: string[] = [];
  for (const part of parts) {
    const previous = out.at(-1);
    // A list marker the model put before the rest of a broken sentence goes with the break.
    const rest = part.replace(MARKER, '');
    if (previous !== undefined && !endsAtSentence(previous)) {
      const inWord = splitsWord(previous, rest, words, language);
      const goesOn =
        /^\s*\p{Ll}/u.test(rest) && (ENDS_SENTENCE.test(withoutTrailingTags(rest)) || runsOn(previous, rest));
      if (inWord || goesOn) {
        out[out.length - 1] = `${previous.trimEnd()}${inWord ? '' : ' '}${rest.trimStart()}`;
        continue;
      }
    }
    out.push(part);
  }
  return out;
}

/** Lower case with single spaces, line breaks kept: words running on within a line. */
const flatten = (text: string) =>
  text
    .toLowerCase()
    .replace(/[ \t]+/g, ' ')
    .replace(/ ?\n ?/g, '\n');

/**
 * A text without an unfinished last sentence that stops mid-word: cut back to its last sentence
 * (its hashtags kept). Unchanged when it ends well, or when no whole sentence comes before.
 */
export function withoutUnfinishedEnd(text: string, words: ReadonlySet<string>, language: string): string {
  if (!endsMidWord(text, words, language)) return text;
  const tags = TRAILING_TAGS.exec(text)?.[0] ?? '';
  const body = withoutTrailingTags(text);
  // The last sentence mark with more after it, whatever case the unfinished sentence starts in.
  let end = -1;
  for (const mark of body.matchAll(/[.!?…。！？]["'”’»)\]]*(?=\s)/gu))
    end = (mark.index ?? 0) + mark[0].length;
  const kept = end > 0 ? body.slice(0, end).trimEnd() : '';
  return kept ? `${kept}${tags}` : text;
}

/** The piece's sentences outside headings, as compared with a rendition: lower case, single spaces. */
function articleSentences(source: RenditionSource): string[] {
  const out = new Set<string>();
  for (const block of source.blocks) {
    if (block.type === 'heading') continue;
    for (const line of block.text.split('\n')) {
      const plain = plainLine(line);
      for (const s of plain ? sentencesOf(plain, source.language) : []) {
        const said = squash(s);
        if (said.length >= 12) out.add(said);
      }
    }
  }
  return [...out];
}

const squash = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Whether a rendition is the article pasted in: it holds, word for word, at least 80 % of the
 * piece's sentences (for a piece of `least` sentences or more: a short piece may be all quoted),
 * or, with `opening`, it is nothing but the article's first sentences in their order, four or more,
 * with its title and headings or without (the article pasted, then cut to the platform's length).
 */
export function pastesArticle(
  source: RenditionSource,
  parts: readonly string[],
  least: number,
  opening = false,
): boolean {
  const sentences = articleSentences(source);
  const lines = parts.flatMap((p) => withoutNumber(p).split('\n')).map((l) => plainLine(l));
  const said = squash(lines.join(' '));
  const quoted = sentences.filter((s) => said.includes(s)).length;
  if (sentences.length >= least && quoted / sentences.length >= PASTED_SHARE) return true;
  if (!opening) return false;
  // The title and the headings are no sentences of the article: pasted with it, they are passed over.
  const headings = new Set([
    squash(source.title),
    ...source.blocks.filter((b) => b.type === 'heading').map((b) => squash(plainLine(b.text))),
  ]);
  const written = lines
    .map((l) => withoutTrailingTags(l))
    .filter((l) => l && !headings.has(squash(l)))
    .flatMap((l) => sentencesOf(l, source.language).map(squash));
  return written.length >= 4 && written.every((s, i) => sentences[i] === s);
}

/** Whether the piece says anything beyond its title. */
function hasBody(source: RenditionSource): boolean {
  const title = squash(source.title);
  return source.blocks.some((b) => b.type !== 'heading' && b.text.trim() && squash(b.text) !== title);
}

/**
 * What is still wrong with a language model's rendition once repaired, in words for the log and
 * for the model when it is asked again, or none when it keeps every rule of its platform: within
 * its length and hashtag limits; a thread numbered, without list markers, opening on more than the
 * title, no post starting or ending in the middle of a word; LinkedIn with three to five hashtags;
 * Facebook in its shorter form; and none the pasted article.
 */
export function modelRenditionProblems(
  source: RenditionSource,
  rules: PlatformRules,
  parts: readonly string[],
): string[] {
  const problems = checkParts(rules, parts).map((p) => ruleProblem(rules, p));
  const words = pieceWords(source);
  const { language } = source;
  if (rules.kind === 'thread') {
    for (const [i, post] of parts.entries()) {
      if (parts.length > 1 && !post.startsWith(`${i + 1}/${parts.length} `))
        problems.push(`post ${i + 1} is not numbered ${i + 1}/${parts.length}`);
      const text = withoutNumber(post);
      if (/(?:^|\s)#$/u.test(text)) problems.push(`a hashtag is cut at the end of post ${i + 1}`);
      const marked = MARKER.exec(text);
      if (marked) problems.push(`post ${i + 1} has a list marker ("${marked[0].trim()}")`);
      const next = parts[i + 1];
      if (next !== undefined && splitsWord(text, withoutNumber(next), words, language))
        problems.push(`a word is cut between posts ${i + 1} and ${i + 2}`);
    }
    const first = squash(withoutTrailingTags(withoutNumber(parts[0] ?? '')));
    if (hasBody(source) && first === squash(source.title)) problems.push('the first post is the title alone');
  }
  const last = withoutNumber(parts.at(-1) ?? '');
  if (endsMidWord(last, words, language)) problems.push('it stops in the middle of a word');
  const lines = parts.flatMap((p) => withoutNumber(p).split('\n')).filter((l) => l.trim());
  for (const [i, line] of lines.entries()) {
    const next = lines[i + 1];
    if (next !== undefined && splitsWord(line, next.replace(MARKER, ''), words, language))
      problems.push(`a word is cut at a line break ("${line.slice(-20)}")`);
  }
  const text = parts.join('\n\n');
  const tags = hashtagsIn(text).length;
  if (rules.platform === 'linkedin' && (tags < LINKEDIN_HASHTAGS[0] || tags > LINKEDIN_HASHTAGS[1]))
    problems.push(
      `it has ${tags} hashtag${tags === 1 ? '' : 's'}; LinkedIn takes ${LINKEDIN_HASHTAGS[0]} to ${LINKEDIN_HASHTAGS[1]}`,
    );
  if (rules.platform === 'facebook' && text.length > FACEBOOK_CHARS)
    problems.push(`it is ${text.length} characters; Facebook's form is at most ${FACEBOOK_CHARS}`);
  // A thread quotes more of a piece than one post does: it counts as pasted only from a longer piece.
  const single = rules.kind !== 'thread';
  if (rules.kind !== 'article' && pastesArticle(source, parts, single ? 4 : 8, single))
    problems.push('it is the article pasted in, not written for the platform');
  return problems;
}

/** The first of `modelRenditionProblems`, or null when the rendition keeps every rule. */
export function modelRenditionProblem(
  source: RenditionSource,
  rules: PlatformRules,
  parts: readonly string[],
): string | null {
  return modelRenditionProblems(source, rules, parts)[0] ?? null;
}

/** A rule `checkParts` found broken, in words a writer can act on ("as X counts"). */
function ruleProblem(rules: PlatformRules, problem: RuleProblem): string {
  if (problem.part === 0 || problem.length <= problem.limit || /hashtags/.test(problem.message))
    return problem.message;
  const counted = rules.counting === 'weighted' ? ' as X counts' : '';
  const what = rules.kind === 'thread' ? `post ${problem.part} is` : 'it is';
  return `${what} ${problem.length} characters${counted}; the limit is ${problem.limit}`;
}
