import {
  DEFAULT_CUSTOM_LIMIT,
  INSTAGRAM_MAX_HASHTAGS,
  MAX_THREAD_POSTS,
  type NamedPlatform,
  PLATFORM_LIMITS,
  RENDITION_PLATFORMS,
} from '@voxpress/contracts';
import { cutLong } from './clauses.ts';
import { sentencesOf } from './thread.ts';
import { X_MAX_WEIGHT, xWeightedLength } from './x-weight.ts';

/** What a platform allows, checked in code on every rendition whoever wrote it. */
export interface PlatformRules {
  /** `twitter`, `linkedin`, … or the custom platform's name as the user wrote it. */
  platform: string;
  kind: 'thread' | 'post' | 'article';
  limit: number;
  counting: 'weighted' | 'characters';
  /** Most hashtags in one post (Instagram), if the platform counts them. */
  maxHashtags: number | null;
  /** A custom platform's style note for the writer. */
  style: string | null;
}

export function isNamedPlatform(name: string): name is NamedPlatform {
  return (RENDITION_PLATFORMS as readonly string[]).includes(name);
}

/** The named platform a name stands for ("X", "Twitter" and "twitter" are one), else null. */
export function namedPlatform(name: string): NamedPlatform | null {
  const key = name.trim().toLowerCase();
  if (key === 'x') return 'twitter';
  return isNamedPlatform(key) ? key : null;
}

export function rulesFor(platform: string, custom?: { charLimit: number; styleNote: string }): PlatformRules {
  const named = namedPlatform(platform);
  if (!named)
    return {
      platform,
      kind: 'post',
      limit: custom?.charLimit ?? DEFAULT_CUSTOM_LIMIT,
      counting: 'characters',
      maxHashtags: null,
      style: custom?.styleNote || null,
    };
  const base = { platform: named, limit: PLATFORM_LIMITS[named], style: null };
  switch (named) {
    case 'twitter':
      return { ...base, kind: 'thread', limit: X_MAX_WEIGHT, counting: 'weighted', maxHashtags: null };
    case 'instagram':
      return { ...base, kind: 'post', counting: 'characters', maxHashtags: INSTAGRAM_MAX_HASHTAGS };
    case 'wordpress':
    case 'medium':
      return { ...base, kind: 'article', counting: 'characters', maxHashtags: null };
    case 'linkedin':
    case 'facebook':
      return { ...base, kind: 'post', counting: 'characters', maxHashtags: null };
  }
}

/**
 * Characters as a platform counts them. Without a published rule, UTF-16 code units: never fewer
 * than the characters a person sees, so a post that passes here fits there.
 */
export function lengthOf(rules: PlatformRules, text: string): number {
  return rules.counting === 'weighted' ? xWeightedLength(text) : text.length;
}

export function hashtagsIn(text: string): string[] {
  return text.match(/(?<![\p{L}\p{N}_&])#[\p{L}\p{N}_]+/gu) ?? [];
}

/** One problem with a rendition, for the 422 answer. */
export interface RuleProblem {
  part: number;
  message: string;
  length: number;
  limit: number;
}

/** Every way `parts` breaks the platform's rules (empty when it keeps them). */
export function checkParts(rules: PlatformRules, parts: readonly string[]): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const single = rules.kind !== 'thread';
  if (single && parts.length !== 1)
    problems.push({ part: 0, message: 'This platform takes a single post', length: parts.length, limit: 1 });
  if (parts.length > MAX_THREAD_POSTS)
    problems.push({
      part: 0,
      message: `A thread has at most ${MAX_THREAD_POSTS} posts`,
      length: parts.length,
      limit: MAX_THREAD_POSTS,
    });
  parts.forEach((part, i) => {
    if (!part.trim())
      problems.push({ part: i + 1, message: 'A post cannot be empty', length: 0, limit: rules.limit });
    const length = lengthOf(rules, part);
    if (length > rules.limit)
      problems.push({
        part: i + 1,
        message: `Post ${i + 1} is ${length} characters; ${rules.platform} allows ${rules.limit}`,
        length,
        limit: rules.limit,
      });
    const tags = hashtagsIn(part).length;
    if (rules.maxHashtags !== null && tags > rules.maxHashtags)
      problems.push({
        part: i + 1,
        message: `Post ${i + 1} has ${tags} hashtags; ${rules.platform} allows ${rules.maxHashtags}`,
        length: tags,
        limit: rules.maxHashtags,
      });
  });
  return problems;
}

/**
 * The longest run of whole paragraphs and sentences from the start of `text` within `limit`, as
 * `measure` counts (the first clauses of the first sentence when even it is too long). Paragraph
 * breaks are kept. Used to bring any writer's post within its limit.
 */
export function fitWithin(
  text: string,
  limit: number,
  language: string,
  measure: (t: string) => number,
): string {
  if (measure(text) <= limit) return text;
  const paragraphs = text.split(/\n{2,}/);
  let kept = '';
  for (const paragraph of paragraphs) {
    const joined = kept ? `${kept}\n\n${paragraph}` : paragraph;
    if (measure(joined) <= limit) {
      kept = joined;
      continue;
    }
    // The paragraph that does not fit gives what it can, sentence by sentence.
    let part = '';
    for (const sentence of sentencesOf(paragraph, language)) {
      const grown = part ? `${part} ${sentence}` : sentence;
      if (measure(kept ? `${kept}\n\n${grown}` : grown) > limit) {
        // Nothing fits yet: the first sentence gives its first clauses rather than nothing.
        if (!part && !kept)
          for (const clause of cutLong(sentence, limit, measure, language)) {
            const more = part ? `${part}${clause.spaced ? ' ' : ''}${clause.text}` : clause.text;
            if (measure(more) > limit) break;
            part = more;
          }
        break;
      }
      part = grown;
    }
    return part ? (kept ? `${kept}\n\n${part}` : part) : kept;
  }
  return kept;
}

/** Keeps at most `max` hashtags: the ones past it lose their place (their words stay). */
export function capHashtags(text: string, max: number): string {
  let seen = 0;
  return text
    .replace(/(?<![\p{L}\p{N}_&])#([\p{L}\p{N}_]+)/gu, (tag, word: string) => (++seen > max ? word : tag))
    .replace(/[ \t]+$/gm, '');
}

/** A keyword as a hashtag: `remote work` → `#RemoteWork`; null when nothing usable is left. */
export function hashtag(keyword: string): string | null {
  const words = keyword.split(/[^\p{L}\p{N}_]+/u).filter(Boolean);
  if (!words.length) return null;
  const tag = words.map((w) => (w[0] ?? '').toLocaleUpperCase() + w.slice(1)).join('');
  return /^\p{N}+$/u.test(tag) ? null : `#${tag}`;
}
