import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/database.ts';

/** A transcript segment that matched the question, with its item's title and its relevance. */
export interface AskHit {
  id: string;
  item_id: string;
  item_kind: 'audio' | 'document';
  transcription_id: string | null;
  title: string;
  position: number;
  start_s: number | null;
  end_s: number | null;
  speaker: string | null;
  speaker_name: string | null;
  body: string;
  rank: number;
}

/** A segment next to a hit (or the hit itself), to read the hit in its context. */
export interface AskNeighbour {
  hit_id: string;
  position: number;
  start_s: number | null;
  end_s: number | null;
  speaker: string | null;
  speaker_name: string | null;
  body: string;
}

/** Matching segments looked at, at most, before the best are chosen. */
const CANDIDATES = 1000;
const CONFIG = /^[a-z_]+$/;

/**
 * Retrieval for questions: the transcript segments (`search_passages`, kept by triggers) of one
 * user's items that share the most words with a question, ranked by full-text relevance, and the
 * segments either side of each. Only passages the library shows count (their `visible` flag, kept
 * by the same triggers), and only the best are joined to their items' titles.
 */
export class AskRepository {
  constructor(private readonly db: Db) {}

  /** Which of `itemIds` are the user's own items, visible in the library. */
  async ownItems(userId: string, itemIds: readonly string[]): Promise<Set<string>> {
    if (itemIds.length === 0) return new Set();
    const ids = sql.join(
      itemIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const rows = await queryRows<{ id: string }>(
      this.db,
      sql`select a.id from audio a where a.user_id = ${userId} and a.status <> 'pending_upload' and a.id in (${ids})
        union
        select d.id from transcriptions d where d.user_id = ${userId} and d.source = 'document' and d.id in (${ids})`,
    );
    return new Set(rows.map((r) => r.id));
  }

  /**
   * The `limit` best transcript segments for `q` (web-search syntax, usually words joined by `or`),
   * each language's words stemmed in that language; within `itemIds` when given.
   */
  async byWords(
    userId: string,
    configs: readonly string[],
    q: string,
    options: { itemIds?: readonly string[] | undefined; limit: number },
  ): Promise<AskHit[]> {
    const safe = configs.filter((c) => CONFIG.test(c));
    if (safe.length === 0) return [];
    const queries = sql.join(
      safe.map((config) => sql`(${config}, websearch_to_tsquery(${config}::regconfig, ${q}))`),
      sql`, `,
    );
    const matches = sql.join(
      safe.map(
        (config) => sql`(p.config = ${config} and p.tsv @@ websearch_to_tsquery(${config}::regconfig, ${q}))`,
      ),
      sql` or `,
    );
    return this.best(
      userId,
      matches,
      sql`ts_rank(c.tsv, (select q.query from queries q where q.config = c.config))`,
      options,
      sql`queries(config, query) as materialized (values ${queries}),`,
    );
  }

  /** As `byWords`, for a `tsquery` already written (the similar spellings the search found). */
  async byQuery(
    userId: string,
    tsquery: string,
    options: { itemIds?: readonly string[] | undefined; limit: number },
  ): Promise<AskHit[]> {
    const query = sql`${tsquery}::tsquery`;
    return this.best(userId, sql`p.tsv @@ ${query}`, sql`ts_rank(c.tsv, ${query})`, options);
  }

  /** Each hit's own segment and the ones just before and after it in the same transcript. */
  async neighbours(userId: string, hits: readonly AskHit[]): Promise<AskNeighbour[]> {
    if (hits.length === 0) return [];
    const values = sql.join(
      hits.map(
        (h) => sql`(${h.id}::bigint, ${h.item_id}::uuid, ${h.transcription_id}::uuid, ${h.position}::int)`,
      ),
      sql`, `,
    );
    const rows = await queryRows<AskNeighbour>(
      this.db,
      sql`select h.hit_id::text as hit_id, n.position, n.start_s, n.end_s, n.speaker, n.speaker_name, n.body
        from (values ${values}) as h(hit_id, item_id, transcription_id, position)
        join search_passages n on n.user_id = ${userId} and n.item_id = h.item_id
          and n.transcription_id = h.transcription_id
          and n.field = 'transcript' and n.position between h.position - 1 and h.position + 1
        order by h.hit_id, n.position`,
    );
    return rows.map((r) => ({ ...r, position: Number(r.position) }));
  }

  private async best(
    userId: string,
    matches: SQL,
    rank: SQL,
    options: { itemIds?: readonly string[] | undefined; limit: number },
    prelude = sql``,
  ): Promise<AskHit[]> {
    const scope = options.itemIds?.length
      ? sql`and p.item_id in (${sql.join(
          options.itemIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql``;
    const rows = await queryRows<AskHit>(
      this.db,
      sql`with ${prelude} candidates as (
          select p.id, p.item_id, p.item_kind, p.transcription_id, p.position, p.start_s, p.end_s,
            p.speaker, p.speaker_name, p.body, p.config, p.tsv
          from search_passages p
          where p.user_id = ${userId} and p.visible and p.field = 'transcript' and (${matches}) ${scope}
          limit ${CANDIDATES}
        ), best as (
          select c.id, c.item_id, c.item_kind, c.transcription_id, c.position, c.start_s, c.end_s,
            c.speaker, c.speaker_name, c.body, ${rank} as rank
          from candidates c
          order by rank desc, c.item_id, c.position
          limit ${options.limit}
        )
        select b.id::text as id, b.item_id, b.item_kind, b.transcription_id, coalesce(a.title, d.title, '') as title,
          b.position, b.start_s, b.end_s, b.speaker, b.speaker_name, b.body, b.rank
        from best b
        left join audio a on b.item_kind = 'audio' and a.id = b.item_id
        left join transcriptions d on b.item_kind = 'document' and d.id = b.item_id
        order by b.rank desc, b.item_id, b.position`,
    );
    return rows.map((r) => ({
      ...r,
      position: Number(r.position),
      rank: Number(r.rank),
      start_s: r.start_s === null ? null : Number(r.start_s),
      end_s: r.end_s === null ? null : Number(r.end_s),
    }));
  }
}
