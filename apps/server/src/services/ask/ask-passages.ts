import type { AskPassage } from '@voxpress/contracts';
import type { AskHit, AskNeighbour } from '../../repositories/ask.repository.ts';

/** How a hit was found: by its words, by its meaning (an embedding's similarity), or by both. */
export type Matched = AskPassage['matched'];

/** A hit and how it was found. */
export interface MatchedHit extends AskHit {
  matched: Matched;
}

/** A passage with the segments it is made of, so a citation can point at the one that says it. */
export interface RetrievedPassage extends AskPassage {
  segments: Array<{ start: number | null; end: number | null; text: string }>;
}

/** A passage as the API shows it. */
export function publicPassage({ segments: _segments, ...passage }: RetrievedPassage): AskPassage {
  return passage;
}

/** How much is retrieved for one question: a model reads all of it, a person skims it. */
export const ASK_LIMITS = {
  /** Matching segments ranked before passages are made of the best. */
  hits: 16,
  passages: 8,
  /** Characters of one passage (a segment with its neighbours) and of all of them together. */
  passageChars: 700,
  totalChars: 5000,
} as const;

/** Reciprocal rank fusion's constant: how little the first few places outweigh the next. */
export const FUSION_K = 60;

/**
 * The hits found by words and those found by meaning as one list, best first, at most `limit`:
 * reciprocal rank fusion, each hit scored 1 / (k + its place) in each list it is in (k = 60), the
 * scores summed, so a hit both lists found high comes first and neither list's own scores (a
 * full-text rank, a cosine similarity) need to be comparable. Each hit says which list found it;
 * its `rank` becomes its fused score. Equal scores keep the words' hit first.
 */
export function fuseHits(
  byWords: readonly AskHit[],
  byMeaning: readonly AskHit[],
  limit: number,
): MatchedHit[] {
  const fused = new Map<string, { hit: AskHit; matched: Matched; score: number; order: number }>();
  let order = 0;
  const add = (hits: readonly AskHit[], matched: 'words' | 'meaning') => {
    hits.forEach((hit, i) => {
      const score = 1 / (FUSION_K + i + 1);
      const seen = fused.get(hit.id);
      if (!seen) fused.set(hit.id, { hit, matched, score, order: order++ });
      else if (seen.matched !== matched) {
        seen.score += score;
        seen.matched = 'both';
      }
    });
  };
  add(byWords, 'words');
  add(byMeaning, 'meaning');
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, Math.max(0, limit))
    .map(({ hit, matched, score }) => ({ ...hit, matched, rank: score }));
}

/** The words of a question as a web-search query matching any of them (`a or b or c`). */
export function questionQuery(question: string): { query: string; words: string[] } {
  const words = [
    ...new Set(
      question
        .toLowerCase()
        .split(/[^\p{L}\p{N}'’]+/u)
        .map((w) => w.replace(/^['’]+|['’]+$/g, ''))
        .filter((w) => w.length >= 2 && w !== 'or'),
    ),
  ].slice(0, 12);
  return { query: words.join(' or '), words };
}

/** `S2` → `Speaker 2`, as transcripts name a voice the user has not named. */
export function speakerLabel(id: string | null, name: string | null): string | null {
  if (name) return name;
  if (!id) return null;
  const n = /\d+/.exec(id)?.[0];
  return n ? `Speaker ${n}` : id;
}

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const space = text.lastIndexOf(' ', max - 1);
  return `${text.slice(0, space > max / 2 ? space : max - 1).trimEnd()}…`;
}

/**
 * Passages for the question, best first: each hit read with the segments either side of it when
 * the same voice says them (so a passage never puts one speaker's words in another's mouth), a
 * segment never in two passages, within the limits on count and characters. Each passage says how
 * its hit was found (`words` when the hit does not say).
 */
export function buildPassages(
  hits: readonly (AskHit & { matched?: Matched })[],
  neighbours: readonly AskNeighbour[],
): RetrievedPassage[] {
  const around = new Map<string, AskNeighbour[]>();
  for (const n of neighbours) around.set(n.hit_id, [...(around.get(n.hit_id) ?? []), n]);
  const taken = new Set<string>();
  const key = (hit: AskHit, position: number) => `${hit.item_id}:${hit.transcription_id}:${position}`;
  const passages: RetrievedPassage[] = [];
  let total = 0;
  for (const hit of hits) {
    if (passages.length >= ASK_LIMITS.passages || total >= ASK_LIMITS.totalChars) break;
    if (taken.has(key(hit, hit.position))) continue;
    const room = Math.min(ASK_LIMITS.passageChars, ASK_LIMITS.totalChars - total);
    const parts: AskNeighbour[] = [{ ...hit, hit_id: hit.id }];
    let length = hit.body.length;
    const beside = around.get(hit.id) ?? [];
    for (const position of [hit.position - 1, hit.position + 1]) {
      const n = beside.find((b) => b.position === position);
      if (!n || n.speaker !== hit.speaker || taken.has(key(hit, position))) continue;
      if (length + n.body.length + 1 > room) continue;
      length += n.body.length + 1;
      if (position < hit.position) parts.unshift(n);
      else parts.push(n);
    }
    for (const p of parts) taken.add(key(hit, p.position));
    const text = cut(parts.map((p) => p.body.trim()).join(' '), room);
    const first = parts[0] ?? hit;
    const last = parts.at(-1) ?? hit;
    passages.push({
      id: passages.length + 1,
      item_id: hit.item_id,
      kind: hit.item_kind,
      title: hit.title,
      start: first.start_s === null ? null : Number(first.start_s),
      end: last.end_s === null ? null : Number(last.end_s),
      speaker: hit.speaker,
      speaker_name: speakerLabel(hit.speaker, hit.speaker_name),
      text,
      matched: hit.matched ?? 'words',
      segments: parts.map((p) => ({
        start: p.start_s === null ? null : Number(p.start_s),
        end: p.end_s === null ? null : Number(p.end_s),
        text: p.body,
      })),
    });
    total += text.length;
  }
  return passages;
}
