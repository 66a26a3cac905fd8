import { markdownToHtml } from '../../../lib/markdown.ts';
import {
  capHashtags,
  fitWithin,
  hashtag,
  hashtagsIn,
  lengthOf,
  type PlatformRules,
} from './platform-rules.ts';
import type { RenditionDraft, RenditionSource } from './rendition-source.ts';
import { sentencesOf, splitThread } from './thread.ts';

/** Posts in a thread the composer aims for: beyond it, it keeps each paragraph's lead sentence. */
const THREAD_POSTS = 10;
/** A Facebook post reads best short, far below what Facebook allows. */
const FACEBOOK_CHARS = 1500;

/**
 * Renditions by the built-in composer: only the piece's own title and sentences, chosen and laid
 * out for each platform (a hook first, whole sentences, hashtags from the keywords). It never
 * writes a sentence of its own; a custom platform's style note is for language models.
 */
export function composeRendition(source: RenditionSource, rules: PlatformRules): RenditionDraft {
  const title = source.title.trim();
  // A first paragraph that only repeats the title (a document's first line) is not said twice.
  const paragraphs = withoutTitleLine(paragraphsOf(source), title);
  const measure = (t: string) => lengthOf(rules, t);
  const fit = (text: string, limit: number) => fitWithin(text, limit, source.language, measure);
  const withTags = (text: string, limit: number, count: number) => {
    const tags = keywordTags(source.keywords, count, text);
    if (!tags) return fit(text, limit);
    const body = fit(text, limit - measure(tags) - 2);
    return `${body}\n\n${tags}`;
  };
  if (rules.kind === 'article') {
    const markdown = `# ${title}\n\n${source.markdown.trim()}\n`;
    return { platform: rules.platform, parts: [markdown], html: markdownToHtml(markdown) };
  }
  if (rules.kind === 'thread')
    return { platform: rules.platform, parts: thread(source, title, paragraphs, rules), html: null };
  const whole = [title, ...paragraphs].filter(Boolean).join('\n\n');
  switch (rules.platform) {
    case 'linkedin': {
      // The hook: the title and the first sentence, each on its own line, before "see more".
      const [first = '', ...rest] = paragraphs;
      const [lead = '', ...others] = sentencesOf(first, source.language);
      const opening = [title, lead].filter(Boolean).join('\n');
      const body = [opening, others.join(' '), ...rest].filter(Boolean).join('\n\n');
      return single(rules, withTags(body, rules.limit, 3));
    }
    case 'facebook':
      return single(rules, withTags(whole, Math.min(FACEBOOK_CHARS, rules.limit), 3));
    case 'instagram': {
      const room = Math.max(0, (rules.maxHashtags ?? 30) - hashtagsIn(whole).length);
      return single(
        rules,
        capHashtags(withTags(whole, rules.limit, Math.min(room, 15)), rules.maxHashtags ?? 30),
      );
    }
    default:
      return single(rules, fit(whole, rules.limit));
  }
}

/** A first paragraph that opens with the title on its own line does not say it a second time. */
function withoutTitleLine(paragraphs: string[], title: string): string[] {
  const [first, ...rest] = paragraphs;
  if (first === undefined) return paragraphs;
  const lines = first.split('\n');
  if (plain(lines[0] ?? '') !== plain(title)) return paragraphs;
  const remainder = lines.slice(1).join('\n').trim();
  return remainder ? [remainder, ...rest] : rest;
}

const plain = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

function single(rules: PlatformRules, text: string): RenditionDraft {
  return { platform: rules.platform, parts: [text], html: null };
}

/** Paragraphs for social posts: list items as "•" lines, headings left out. */
function paragraphsOf(source: RenditionSource): string[] {
  const out: string[] = [];
  let list: string[] = [];
  const endList = () => {
    if (list.length) out.push(list.join('\n'));
    list = [];
  };
  for (const block of source.blocks) {
    const text = block.text.trim();
    if (!text) continue;
    if (block.type === 'bullet' || block.type === 'numbered') {
      list.push(`${block.type === 'bullet' ? '•' : `${list.length + 1}.`} ${text}`);
      continue;
    }
    endList();
    if (block.type !== 'heading') out.push(text);
  }
  endList();
  return out;
}

/**
 * The thread: the title and the whole piece when that takes at most THREAD_POSTS posts, else the
 * title and each paragraph's lead sentence, as many as fit in THREAD_POSTS. Hashtags end the last
 * post when they fit in it.
 */
function thread(
  source: RenditionSource,
  title: string,
  paragraphs: string[],
  rules: PlatformRules,
): string[] {
  const split = (text: string) => splitThread(text, { limit: rules.limit, language: source.language });
  let posts = split([title, ...paragraphs].filter(Boolean).join('\n\n'));
  if (posts.length > THREAD_POSTS) {
    const leads = paragraphs.map((p) => sentencesOf(p, source.language)[0] ?? '').filter(Boolean);
    let chosen: string[] = [];
    for (const lead of leads) {
      const next = split([title, ...chosen, lead].join('\n\n'));
      if (next.length > THREAD_POSTS) break;
      chosen = [...chosen, lead];
      posts = next;
    }
    if (!chosen.length) posts = split(title || (leads[0] ?? ''));
  }
  const tags = keywordTags(source.keywords, 2, posts.join(' '));
  const last = posts.at(-1);
  if (tags && last !== undefined && lengthOf(rules, `${last} ${tags}`) <= rules.limit)
    posts[posts.length - 1] = `${last} ${tags}`;
  return posts;
}

/** Up to `count` hashtags from the keywords, leaving out ones the text already has. */
function keywordTags(keywords: readonly string[], count: number, text: string): string {
  if (count <= 0) return '';
  const present = new Set(hashtagsIn(text).map((t) => t.toLowerCase()));
  const tags: string[] = [];
  for (const k of keywords) {
    const tag = hashtag(k);
    if (!tag || present.has(tag.toLowerCase())) continue;
    present.add(tag.toLowerCase());
    tags.push(tag);
    if (tags.length >= count) break;
  }
  return tags.join(' ');
}
