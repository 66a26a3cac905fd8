import { markdownToHtml } from '../../../lib/markdown.ts';
import { cutLong } from './clauses.ts';
import { pieceTags } from './hashtags.ts';
import { capHashtags, fitWithin, lengthOf, type PlatformRules } from './platform-rules.ts';
import type { RenditionDraft, RenditionSource } from './rendition-source.ts';
import { hookIndex, joinOf, layout, sameWords, selectUnits, type Unit, unitsOf } from './social-units.ts';
import { type ThreadPiece, threadOf } from './thread.ts';

/** Posts in a thread the composer aims for: beyond it, it keeps each paragraph's lead. */
export const THREAD_POSTS = 10;
/** What shows before "see more" on LinkedIn: the title and the hook fit in it. */
export const LINKEDIN_FOLD = 210;
/** A LinkedIn post the composer aims for, hashtags aside (well within the 3,000 allowed). */
const LINKEDIN_TARGET = 1300;
/** LinkedIn hashtags: at least this many when the piece has the words for them, at most the next. */
export const LINKEDIN_HASHTAGS = [3, 5] as const;
/** A Facebook post reads best short, far below what Facebook allows. */
export const FACEBOOK_CHARS = 1500;
const FACEBOOK_TARGET = 400;
const FACEBOOK_HASHTAGS = 2;
/** What Instagram shows of a caption before "more". */
export const INSTAGRAM_FOLD = 125;
const INSTAGRAM_TARGET = 1000;
const INSTAGRAM_HASHTAGS = 20;
/** Instagram is read on a phone: its paragraphs are shorter than LinkedIn's. */
const INSTAGRAM_PARAGRAPH = 240;
/** A paragraph of a post grows to at most this many characters (unless one sentence is longer). */
const PARAGRAPH_CHARS = 320;
/** Longest sentence in a post before it is cut at a clause (a short paragraph on its own). */
const MAX_SENTENCE = 220;

/**
 * Renditions by the built-in composer: only the piece's own title and sentences, chosen and laid
 * out for each platform. X gets a numbered thread opening on a hook; LinkedIn a hook before "see
 * more", short paragraphs and three to five hashtags; Instagram a caption in short lines with
 * hashtags from the keywords and the text; Facebook a short post of its own. It never writes a
 * sentence of its own; a custom platform's style note is for language models.
 */
export function composeRendition(source: RenditionSource, rules: PlatformRules): RenditionDraft {
  const title = source.title.trim();
  if (rules.kind === 'article') {
    const markdown = `# ${title}\n\n${source.markdown.trim()}\n`;
    return { platform: rules.platform, parts: [markdown], html: markdownToHtml(markdown) };
  }
  const measure = (t: string) => lengthOf(rules, t);
  const body = source.blocks
    .filter((b) => b.type !== 'heading')
    .map((b) => b.text)
    .join('\n\n');
  const pieceText = [title, ...source.blocks.map((b) => b.text)].join('\n\n');
  const tags = (count: number, text: string) =>
    pieceTags(source.keywords, pieceText, source.language, count, hashtagsOf(text), body);
  if (rules.kind === 'thread') {
    const units = unitsOf(source, rules.limit - 10, measure);
    return { platform: rules.platform, parts: thread(source, title, units, rules, tags), html: null };
  }
  const units = unitsOf(source, MAX_SENTENCE, measure);
  const withTags = (body: string, limit: number, count: number) => {
    const line = tags(count, body).join(' ');
    const room = line ? limit - measure(line) - 2 : limit;
    const fitted = fitWithin(body, room, source.language, measure);
    return line && fitted ? `${fitted}\n\n${line}` : fitted || line;
  };
  switch (rules.platform) {
    case 'linkedin': {
      const open = hooked(units, title, LINKEDIN_FOLD, measure, source.language, true);
      const body = paragraphs(selectUnits(open.rest, LINKEDIN_TARGET - measure(open.text), measure), 3);
      const text = [open.text, body].filter(Boolean).join('\n\n');
      return single(rules, withTags(text, rules.limit, LINKEDIN_HASHTAGS[1]));
    }
    case 'facebook': {
      // A conversational post: the hook and the sentences after it. Lists are left to the
      // other platforms, unless there is nothing else to say: then the first list that fits.
      const spoken = units.filter((u) => u.kind === 'sentence');
      const open = hooked(spoken.length ? spoken : units, '', LINKEDIN_FOLD, measure, source.language, false);
      const room = FACEBOOK_TARGET - measure(open.text);
      // What follows the hook, in order, as far as there is room: an opening, not a digest.
      let more = openingUnits(open.rest, room, measure);
      if (!more.length && spoken.length) {
        const first = units.find((u) => u.kind === 'item')?.paragraph;
        const list = units.filter((u) => u.kind === 'item' && u.paragraph === first);
        if (list.length && measure(layout(list)) <= room) more = list;
      }
      const text = [open.text, runOn(more)].filter(Boolean).join('\n\n');
      return single(rules, withTags(text, Math.min(FACEBOOK_CHARS, rules.limit), FACEBOOK_HASHTAGS));
    }
    case 'instagram': {
      const open = hooked(units, '', INSTAGRAM_FOLD, measure, source.language, false);
      const chosen = selectUnits(open.rest, INSTAGRAM_TARGET - measure(open.text), measure);
      const body = paragraphs(chosen, 2, true, INSTAGRAM_PARAGRAPH);
      const text = [open.text, body].filter(Boolean).join('\n\n');
      const max = rules.maxHashtags ?? 30;
      const room = Math.max(0, max - hashtagsOf(text).length);
      return single(rules, capHashtags(withTags(text, rules.limit, Math.min(room, INSTAGRAM_HASHTAGS)), max));
    }
    default: {
      const text = [title, paragraphs(units, Number.POSITIVE_INFINITY)].filter(Boolean).join('\n\n');
      return single(rules, fitWithin(text, rules.limit, source.language, measure));
    }
  }
}

const hashtagsOf = (text: string) => text.match(/(?<![\p{L}\p{N}_&])#[\p{L}\p{N}_]+/gu) ?? [];

function single(rules: PlatformRules, text: string): RenditionDraft {
  return { platform: rules.platform, parts: [text], html: null };
}

/** The opening of a post and the units after it. */
interface Opening {
  text: string;
  /** The hook as a unit (its first clauses when it was cut to the fold). */
  hook: Unit | null;
  rest: Unit[];
}

/**
 * The opening of a post: the hook sentence (with the title on the line above it when `withTitle`
 * and both fit within `fold`), and the units after it. A hook longer than the fold gives its
 * first clauses; the rest of it opens what follows.
 */
function hooked(
  units: readonly Unit[],
  title: string,
  fold: number,
  measure: (t: string) => number,
  language: string,
  withTitle: boolean,
): Opening {
  const at = hookIndex(units);
  const found = units[at];
  if (!found) return { text: withTitle ? title : '', hook: null, rest: [] };
  let hook = found;
  let rest = units.slice(at + 1);
  if (measure(hook.text) > fold) {
    const [head, ...tail] = cutLong(hook.text, fold, measure, language);
    hook = { ...found, text: head?.text ?? '' };
    rest = [...tail.map((t) => ({ ...found, text: t.text, spaced: t.spaced })), ...rest];
  }
  const titled =
    withTitle && title && !sameWords(title, hook.text) && measure(`${title}\n${hook.text}`) <= fold;
  // The rest of a cut hook follows on the next line, so the sentence is never left half said.
  const tail: Unit[] = [];
  for (const u of rest) {
    if (u.sentence !== found.sentence || measure(layout([...tail, u])) > fold) break;
    tail.push(u);
  }
  const text = [
    titled ? `${title}\n${hook.text}` : hook.text,
    tail.map((u, i) => (i && u.spaced ? ' ' : '') + u.text).join(''),
  ]
    .filter(Boolean)
    .join('\n');
  return { text, hook: { ...found, text }, rest: rest.slice(tail.length) };
}

/** The first units, whole sentences in order, that fit in `room`. */
function openingUnits(units: readonly Unit[], room: number, measure: (t: string) => number): Unit[] {
  const out: Unit[] = [];
  for (let i = 0; i < units.length; ) {
    const sentence = units[i]?.sentence;
    let end = i;
    while (units[end]?.sentence === sentence) end++;
    const grown = [...out, ...units.slice(i, end)];
    if (measure(layout(grown)) > room) break;
    out.push(...units.slice(i, end));
    i = end;
  }
  return out;
}

/** Units of one paragraph, each sentence on a line of its own (its clauses run on). */
function lines(units: readonly Unit[]): string {
  return units
    .map((u, i) => {
      const before = units[i - 1];
      if (!before) return u.text;
      return (before.sentence === u.sentence ? (u.spaced ? ' ' : '') : '\n') + u.text;
    })
    .join('');
}

/**
 * Units as one paragraph that runs on: sentences follow one another, a sentence without an end
 * (or a list item) starts a line of its own.
 */
function runOn(units: readonly Unit[]): string {
  return units
    .map((u, i) => {
      const before = units[i - 1];
      if (!before) return u.text;
      // A list stands apart, a blank line before and after it.
      if (
        (u.kind === 'item') !== (before.kind === 'item') ||
        (u.kind === 'item' && u.paragraph !== before.paragraph)
      )
        return `\n\n${u.text}`;
      const flows =
        u.kind === 'sentence' &&
        (before.sentence === u.sentence || /[.!?。！？…]["'”’)]*$/u.test(before.text));
      return (flows ? (u.spaced ? ' ' : '') : '\n') + u.text;
    })
    .join('');
}

/** Units as short paragraphs of at most `most` units each (a list's lines as one paragraph). */
function paragraphs(
  units: readonly Unit[],
  most: number,
  linePerSentence = false,
  chars = PARAGRAPH_CHARS,
): string {
  const out: string[] = [];
  let current: Unit[] = [];
  const flush = () => {
    if (current.length) out.push(linePerSentence ? lines(current) : layout(current));
    current = [];
  };
  for (const unit of units) {
    const before = current.at(-1);
    const sentences = new Set(current.filter((u) => u.kind === 'sentence').map((u) => u.sentence)).size;
    // A new sentence after `most` of them, or any sentence or clause past `chars`.
    const full =
      unit.kind === 'sentence' &&
      ((unit.sentence !== before?.sentence && sentences >= most) ||
        layout([...current, unit]).length > chars);
    if (before && (before.paragraph !== unit.paragraph || full)) flush();
    current.push(unit);
  }
  flush();
  return out.join('\n\n');
}

/**
 * The thread: the hook first (under the title when both fit one post), then the piece when that
 * takes at most THREAD_POSTS posts, else each paragraph's lead as far as THREAD_POSTS allow.
 * Hashtags end the last post when they fit in it.
 */
function thread(
  source: RenditionSource,
  title: string,
  units: readonly Unit[],
  rules: PlatformRules,
  tags: (count: number, text: string) => string[],
): string[] {
  const measure = (t: string) => lengthOf(rules, t);
  const make = (chosen: readonly Unit[]) =>
    threadOf(piecesFor(title, chosen, hookIndex(units), measure, rules.limit), {
      limit: rules.limit,
      language: source.language,
      measure,
    });
  let posts = make(units);
  if (posts.length > THREAD_POSTS) {
    const at = hookIndex(units);
    const head = units.slice(0, at + 1);
    const rest = units.slice(at + 1);
    // The longest selection, paragraph leads first, that still fits in THREAD_POSTS posts.
    let lo = 0;
    let hi = measure(layout(rest));
    let best = make(head);
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const tried = make([...head, ...selectUnits(rest, mid, measure)]);
      if (tried.length <= THREAD_POSTS) {
        best = tried;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    posts = best;
  }
  const found = tags(2, posts.join(' ')).join(' ');
  const last = posts.at(-1);
  if (found && last !== undefined && measure(`${last}\n\n${found}`) <= rules.limit)
    posts[posts.length - 1] = `${last}\n\n${found}`;
  return posts;
}

/**
 * Thread pieces: the title and the hook make the first post on their own (the title only when
 * both fit in one post with its number), then the other units, lists line by line.
 */
function piecesFor(
  title: string,
  units: readonly Unit[],
  hookAt: number,
  measure: (t: string) => number,
  limit: number,
): ThreadPiece[] {
  const hook = units[hookAt] ?? units[0];
  if (!hook) return title ? [{ text: title, join: '' }] : [];
  const pieces: ThreadPiece[] = [];
  const titled = title && !sameWords(title, hook.text) && measure(`99/99 ${title}\n\n${hook.text}`) <= limit;
  if (titled) pieces.push({ text: title, join: '' });
  pieces.push({ text: hook.text, join: titled ? '\n\n' : '' });
  const rest = units.slice(units.indexOf(hook) + 1).filter((u) => units.indexOf(u) > hookAt);
  rest.forEach((unit, i) => {
    pieces.push({ text: unit.text, join: joinOf(unit, rest[i - 1] ?? hook), newPost: i === 0 });
  });
  return pieces;
}
