import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { content } from '../../db/schema.ts';
import type { VoicedSegment } from '../../engines/writer/llm/transcript-lines.ts';
import { withQuoteSpeakers } from '../../engines/writer/quote-speaker.ts';

/** Where a segment reference goes after a change to the list of segments: one or more new indexes. */
export type SegmentMap = (id: number) => number[];

/**
 * After segment `index` was cut in two (its halves at `index` and `index + 1`): a reference to it
 * names both halves, so it still covers the same words, and every later one moves up by one.
 */
export function afterSplit(index: number): SegmentMap {
  return (id) => (id < index ? [id] : id === index ? [index, index + 1] : [id + 1]);
}

/**
 * `value` with every `segment_ids` list, at any depth, rewritten through `map` (sorted, no
 * repeats); everything else is kept as it was. Returns the same object when nothing changed.
 */
export function remapSegmentIds<T>(value: T, map: SegmentMap): T {
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((v) => {
      const next = remapSegmentIds(v, map);
      if (next !== v) changed = true;
      return next;
    });
    return (changed ? out : value) as T;
  }
  if (value === null || typeof value !== 'object') return value;
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    let next: unknown;
    if (key === 'segment_ids' && Array.isArray(v) && v.every((id) => typeof id === 'number')) {
      const ids = [...new Set((v as number[]).flatMap(map))].sort((a, b) => a - b);
      next = ids.length === v.length && ids.every((id, i) => id === v[i]) ? v : ids;
    } else next = remapSegmentIds(v, map);
    if (next !== v) changed = true;
    out[key] = next;
  }
  return (changed ? out : value) as T;
}

/**
 * Keeps every written piece of a transcript true to its segments after its voices or segments
 * changed, inside the caller's transaction: with `map` (a split), the segment references of the
 * body, each language's blocks and the saved earlier versions move with the segments, so a
 * paragraph, key point or quote keeps pointing at the words it was written from; and each quote
 * names the speaker its segments now have (a rename, merge or reassignment changes who said it).
 */
export async function refreshContentReferences(
  tx: Db,
  transcriptionId: string,
  change: { map?: SegmentMap; segments: readonly VoicedSegment[] },
): Promise<number> {
  const rows = await tx
    .select({
      id: content.id,
      body: content.body,
      translations: content.translations,
      versions: content.versions,
    })
    .from(content)
    .where(eq(content.transcriptionId, transcriptionId))
    .for('update');
  const map = change.map;
  let changed = 0;
  for (const row of rows) {
    let body = map ? remapSegmentIds(row.body, map) : row.body;
    if (body) {
      const quotes = withQuoteSpeakers(body.quotes, change.segments);
      if (JSON.stringify(quotes) !== JSON.stringify(body.quotes)) body = { ...body, quotes };
    }
    const translations = map ? remapSegmentIds(row.translations, map) : row.translations;
    const versions = map ? remapSegmentIds(row.versions, map) : row.versions;
    if (body === row.body && translations === row.translations && versions === row.versions) continue;
    await tx.update(content).set({ body, translations, versions }).where(eq(content.id, row.id));
    changed++;
  }
  return changed;
}
