import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/database.ts';
import { errorCode, vectorTableExists } from '../db/vector-store.ts';
import type { AskHit } from './ask.repository.ts';

/** A passage's vector as pgvector reads it: `[0.1,-0.2,…]`. Throws on a number that is not finite. */
function vectorText(vector: readonly number[]): string {
  if (vector.length === 0) throw new Error('An empty vector');
  for (const x of vector)
    if (!Number.isFinite(x)) throw new Error('A vector holds a number that is not finite');
  return `[${vector.join(',')}]`;
}

/** Passage vectors stored per statement, at most. */
const STORE_BATCH = 200;

/**
 * Candidates found by the vectors' signs for each passage asked for, then put in order by the
 * full vectors: enough that the nearest are nearly always among them.
 */
const CANDIDATES_PER_HIT = 20;

/**
 * The vectors of transcript passages (`passage_vectors`, pgvector), one per passage with the model
 * that made it, to find passages by meaning: the passages that still need one, storing them, and
 * a user's passages nearest to a question's vector. Vectors of different models (of different
 * lengths) may sit side by side: every query keeps to one model, and to vectors of the question's
 * length. The table exists only where the database has pgvector (see `ensureVectorStore`).
 */
export class PassageVectorsRepository {
  private exists = false;

  constructor(private readonly db: Db) {}

  /** Whether vectors can be stored and searched here (the table exists). */
  async available(): Promise<boolean> {
    // Once there, it stays (only a later start may create it).
    if (!this.exists) this.exists = await vectorTableExists(this.db);
    return this.exists;
  }

  /**
   * Up to `limit` transcript passages the library shows that have no vector by `model` (none, or
   * another model's), oldest first (by id); of one user, or one item, or only those after the
   * passage `afterId` (to go on from the last batch), when `scope` says so.
   */
  async missing(
    model: string,
    limit: number,
    scope: { userId?: string; itemId?: string; afterId?: string } = {},
  ): Promise<{ id: string; body: string }[]> {
    const user = scope.userId ? sql`and p.user_id = ${scope.userId}` : sql``;
    const item = scope.itemId ? sql`and p.item_id = ${scope.itemId}` : sql``;
    const after = scope.afterId ? sql`and p.id > ${scope.afterId}::bigint` : sql``;
    return queryRows<{ id: string; body: string }>(
      this.db,
      sql`select p.id::text as id, p.body
        from search_passages p
        left join passage_vectors v on v.passage_id = p.id and v.model = ${model}
        where p.visible and p.field = 'transcript' and v.passage_id is null ${user} ${item} ${after}
        order by p.id
        limit ${limit}`,
    );
  }

  /**
   * Stores each passage's vector by `model`, replacing the one it had. The vector is the
   * passage's user's (copied from the passage); a passage deleted meanwhile (its transcript
   * changed) is skipped. Returns how many were stored.
   */
  async store(model: string, rows: readonly { id: string; vector: readonly number[] }[]): Promise<number> {
    let stored = 0;
    for (let i = 0; i < rows.length; i += STORE_BATCH) {
      const batch = rows.slice(i, i + STORE_BATCH);
      const values = sql.join(
        batch.map((r) => sql`(${r.id}::bigint, ${vectorText(r.vector)})`),
        sql`, `,
      );
      const statement = sql`insert into passage_vectors (passage_id, user_id, model, embedding)
        select p.id, p.user_id, ${model}, v.embedding::vector
        from (values ${values}) as v(id, embedding)
        join search_passages p on p.id = v.id
        on conflict (passage_id) do update
          set user_id = excluded.user_id, model = excluded.model, embedding = excluded.embedding
        returning passage_id`;
      let result: unknown[];
      try {
        result = await queryRows(this.db, statement);
      } catch (err) {
        // A passage deleted after this statement began (a foreign-key violation): once more, without it.
        if (errorCode(err) !== '23503') throw err;
        result = await queryRows(this.db, statement);
      }
      stored += result.length;
    }
    return stored;
  }

  /**
   * The user's `limit` transcript passages (that the library shows) whose vectors by `model` are
   * nearest to `vector` by cosine distance, best first; within `itemIds` when given. Shaped as
   * the full-text hits, `rank` being the cosine similarity (1 - distance).
   */
  async nearest(
    userId: string,
    model: string,
    vector: readonly number[],
    options: { itemIds?: readonly string[] | undefined; limit: number },
  ): Promise<AskHit[]> {
    // The length is written into the statement, as the index's expression has it.
    const length = vector.length;
    if (!Number.isInteger(length) || length < 1) return [];
    const typed = sql.raw(`vector(${length})`);
    const query = sql`${vectorText(vector)}::${typed}`;
    const items = options.itemIds?.length
      ? sql.join(
          options.itemIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )
      : undefined;
    const scope = items ? sql`and p.item_id in (${items})` : sql``;
    // Only this user's vectors of this model and length are read, so no distance is ever taken
    // between vectors of different lengths (which pgvector refuses). Two passes: the candidates
    // whose signs (`bits`, a few bytes a passage, read without the full vectors) differ least
    // from the question's, then those put in order by the full vectors' cosine distance.
    // Measured on the embedded database, 24,000 passages of 768 dimensions: 17 ms against 147 ms
    // for the full vectors of every passage (an HNSW index took minutes to build there).
    const bits = sql.raw(`bit(${length})`);
    // Within the items asked about from the first pass on (their passages may be few of many).
    const inItems = items
      ? sql`join search_passages s on s.id = v.passage_id and s.item_id in (${items})`
      : sql``;
    const rows = await queryRows<AskHit>(
      this.db,
      sql`with candidates as materialized (
          select v.passage_id
          from passage_vectors v ${inItems}
          where v.user_id = ${userId} and v.model = ${model} and length(v.bits) = ${length}
          order by v.bits::${bits} <~> binary_quantize(${query})
          limit ${options.limit * CANDIDATES_PER_HIT}
        ), best as materialized (
          select p.id, p.item_id, p.item_kind, p.transcription_id, p.position, p.start_s, p.end_s,
            p.speaker, p.speaker_name, p.body, v.embedding <=> ${query} as distance
          from candidates c
          join passage_vectors v on v.passage_id = c.passage_id
          join search_passages p on p.id = c.passage_id
          where p.user_id = ${userId} and p.visible and p.field = 'transcript' ${scope}
          order by distance, p.id
          limit ${options.limit}
        )
        select b.id::text as id, b.item_id, b.item_kind, b.transcription_id, coalesce(a.title, d.title, '') as title,
          b.position, b.start_s, b.end_s, b.speaker, b.speaker_name, b.body, 1 - b.distance as rank
        from best b
        left join audio a on b.item_kind = 'audio' and a.id = b.item_id
        left join transcriptions d on b.item_kind = 'document' and d.id = b.item_id
        order by b.distance, b.item_id, b.position`,
    );
    return rows.map((r) => ({
      ...r,
      position: Number(r.position),
      // A vector of zeros has no direction: no similarity to anything.
      rank: Number.isFinite(Number(r.rank)) ? Number(r.rank) : 0,
      start_s: r.start_s === null ? null : Number(r.start_s),
      end_s: r.end_s === null ? null : Number(r.end_s),
    }));
  }

  /**
   * How many transcript passages the library shows have a vector by `model`, of how many; of one
   * user when given.
   */
  async progress(model: string, userId?: string): Promise<{ embedded: number; total: number }> {
    const user = userId ? sql`and p.user_id = ${userId}` : sql``;
    const rows = await queryRows<{ embedded: number; total: number }>(
      this.db,
      sql`select count(v.passage_id)::int as embedded, count(*)::int as total
        from search_passages p
        left join passage_vectors v on v.passage_id = p.id and v.model = ${model}
        where p.visible and p.field = 'transcript' ${user}`,
    );
    return { embedded: Number(rows[0]?.embedded ?? 0), total: Number(rows[0]?.total ?? 0) };
  }

  /** Deletes the vectors of every model but `model`; returns how many. */
  async purgeOtherModels(model: string): Promise<number> {
    const rows = await queryRows<{ passage_id: string }>(
      this.db,
      sql`delete from passage_vectors where model <> ${model} returning passage_id`,
    );
    return rows.length;
  }
}
