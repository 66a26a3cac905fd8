import type { Draft, GroundedText } from './content-draft.ts';
import { normaliseForMatch } from './grounding.ts';

/**
 * One piece from the drafts of consecutive parts of a long transcript: the first title, the
 * blocks in order, key points and quotes without repeats, and details merged field by field
 * (lists joined, the first value kept for single fields).
 */
export function mergeDrafts(drafts: readonly Draft[]): Draft {
  const [first, ...rest] = drafts;
  if (!first) throw new Error('nothing to merge');
  if (rest.length === 0) return first;
  return {
    title: drafts.find((d) => d.title.trim())?.title ?? first.title,
    blocks: drafts.flatMap((d) => d.blocks),
    key_points: unique(drafts.flatMap((d) => d.key_points)),
    quotes: unique(drafts.flatMap((d) => d.quotes)),
    details: drafts.map((d) => d.details).reduce(mergeDetails, null),
  };
}

function unique(items: GroundedText[]): GroundedText[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = normaliseForMatch(item.text);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function mergeDetails(a: unknown, b: unknown): unknown {
  if (a === null || a === undefined) return b;
  if (b === null || b === undefined) return a;
  if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return Object.fromEntries([...keys].map((k) => [k, mergeDetails(a[k], b[k])]));
  }
  return a;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
