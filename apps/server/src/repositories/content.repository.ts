import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { content } from '../db/schema.ts';

export type ContentRow = typeof content.$inferSelect;
type ContentInsert = typeof content.$inferInsert;

/** SQL for the `content` table. Reads for users name the owner, so ids never leak across users. */
export class ContentRepository {
  constructor(private readonly db: Db) {}

  /**
   * The piece of this type for this source, new or reset for another run: one piece per content
   * type per source, so asking again rewrites it (its saved versions stay).
   */
  async upsert(values: ContentInsert): Promise<ContentRow> {
    const { id: _id, userId: _u, transcriptionId: _t, contentType: _c, versions: _v, ...reset } = values;
    const [row] = await this.db
      .insert(content)
      .values(values)
      .onConflictDoUpdate({
        target: [content.transcriptionId, content.contentType],
        set: { ...reset, revision: sql`${content.revision} + 1`, updatedAt: new Date() },
      })
      .returning();
    if (!row) throw new Error('Insert returned no row');
    return row;
  }

  /** The piece of one type written from one source, if any. */
  async findByType(transcriptionId: string, contentType: string): Promise<ContentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(content)
      .where(and(eq(content.transcriptionId, transcriptionId), eq(content.contentType, contentType)))
      .for('update');
    return row;
  }

  async findOwned(userId: string, id: string): Promise<ContentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(content)
      .where(and(eq(content.id, id), eq(content.userId, userId)));
    return row;
  }

  /** For workers, which act for the owner recorded on the job. */
  async findById(id: string): Promise<ContentRow | undefined> {
    const [row] = await this.db.select().from(content).where(eq(content.id, id));
    return row;
  }

  async list(
    userId: string,
    options: { page: number; limit: number; transcriptionId?: string | undefined },
  ): Promise<{ items: ContentRow[]; total: number }> {
    const where = and(
      eq(content.userId, userId),
      options.transcriptionId ? eq(content.transcriptionId, options.transcriptionId) : undefined,
    );
    const items = await this.db
      .select()
      .from(content)
      .where(where)
      .orderBy(desc(content.createdAt), desc(content.id))
      .limit(options.limit)
      .offset((options.page - 1) * options.limit);
    const [total] = await this.db.select({ n: count() }).from(content).where(where);
    return { items, total: total?.n ?? 0 };
  }

  async update(id: string, values: Partial<ContentInsert>): Promise<ContentRow | undefined> {
    const [row] = await this.db
      .update(content)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(content.id, id))
      .returning();
    return row;
  }

  /**
   * Sets one language's entry without touching the others, so a translation finishing never
   * overwrites an edit saved meanwhile in another language.
   */
  async setTranslation(
    id: string,
    language: string,
    value: unknown,
    values: Partial<ContentInsert> = {},
  ): Promise<ContentRow | undefined> {
    const [row] = await this.db
      .update(content)
      .set({
        ...values,
        translations: sql`${content.translations} || jsonb_build_object(${language}::text, ${JSON.stringify(value)}::jsonb)`,
        updatedAt: new Date(),
      })
      .where(eq(content.id, id))
      .returning();
    return row;
  }

  /** Saves an edit only if nobody saved since `revision`; undefined when someone did. */
  async updateAtRevision(
    id: string,
    revision: number,
    values: Partial<ContentInsert>,
  ): Promise<ContentRow | undefined> {
    const [row] = await this.db
      .update(content)
      .set({ ...values, revision: revision + 1, updatedAt: new Date() })
      .where(and(eq(content.id, id), eq(content.revision, revision)))
      .returning();
    return row;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(content)
      .where(and(eq(content.id, id), eq(content.userId, userId)))
      .returning({ id: content.id });
    return rows.length > 0;
  }
}
