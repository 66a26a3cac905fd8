import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { customPlatforms, renditionRuns, renditions } from '../db/schema.ts';

export type RenditionRow = typeof renditions.$inferSelect;
export type RenditionRunRow = typeof renditionRuns.$inferSelect;
export type CustomPlatformRow = typeof customPlatforms.$inferSelect;

/** SQL for renditions, their runs and users' custom platforms. Callers check the piece's owner first. */
export class RenditionsRepository {
  constructor(private readonly db: Db) {}

  async list(contentId: string, language: string): Promise<RenditionRow[]> {
    return this.db
      .select()
      .from(renditions)
      .where(and(eq(renditions.contentId, contentId), eq(renditions.language, language)))
      .orderBy(asc(renditions.createdAt));
  }

  async find(contentId: string, language: string, platform: string): Promise<RenditionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(renditions)
      .where(
        and(
          eq(renditions.contentId, contentId),
          eq(renditions.language, language),
          eq(renditions.platform, platform),
        ),
      );
    return row;
  }

  async save(values: typeof renditions.$inferInsert): Promise<RenditionRow> {
    const { contentId: _c, language: _l, platform: _p, id: _id, createdAt: _t, ...update } = values;
    const [row] = await this.db
      .insert(renditions)
      .values(values)
      .onConflictDoUpdate({
        target: [renditions.contentId, renditions.language, renditions.platform],
        set: { ...update, updatedAt: new Date() },
      })
      .returning();
    if (!row) throw new Error('Insert returned no row');
    return row;
  }

  async run(contentId: string, language: string): Promise<RenditionRunRow | undefined> {
    const [row] = await this.db
      .select()
      .from(renditionRuns)
      .where(and(eq(renditionRuns.contentId, contentId), eq(renditionRuns.language, language)));
    return row;
  }

  /**
   * Marks a run pending unless one already is; true when this call did (and so should queue the
   * job). Two readers asking at once queue one job.
   */
  async claimRun(contentId: string, language: string): Promise<boolean> {
    const rows = await this.db
      .insert(renditionRuns)
      .values({ contentId, language, status: 'pending' })
      .onConflictDoUpdate({
        target: [renditionRuns.contentId, renditionRuns.language],
        set: { status: 'pending', error: null, updatedAt: new Date() },
        setWhere: sql`${renditionRuns.status} <> 'pending'`,
      })
      .returning({ contentId: renditionRuns.contentId });
    return rows.length > 0;
  }

  async setRun(
    contentId: string,
    language: string,
    values: Partial<Pick<RenditionRunRow, 'status' | 'error' | 'jobId'>>,
  ): Promise<void> {
    await this.db
      .update(renditionRuns)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(renditionRuns.contentId, contentId), eq(renditionRuns.language, language)));
  }

  async customPlatforms(userId: string): Promise<CustomPlatformRow[]> {
    return this.db
      .select()
      .from(customPlatforms)
      .where(eq(customPlatforms.userId, userId))
      .orderBy(asc(customPlatforms.name));
  }

  /** Adds a custom platform or updates the one of the same name (names compare without case). */
  async saveCustomPlatform(
    userId: string,
    name: string,
    charLimit: number,
    styleNote: string,
  ): Promise<CustomPlatformRow> {
    const [updated] = await this.db
      .update(customPlatforms)
      .set({ name, charLimit, styleNote, updatedAt: new Date() })
      .where(and(eq(customPlatforms.userId, userId), sql`lower(${customPlatforms.name}) = lower(${name})`))
      .returning();
    if (updated) return updated;
    const [row] = await this.db
      .insert(customPlatforms)
      .values({ userId, name, charLimit, styleNote })
      .returning();
    if (!row) throw new Error('Insert returned no row');
    return row;
  }

  async deleteCustomPlatform(userId: string, name: string): Promise<boolean> {
    const rows = await this.db
      .delete(customPlatforms)
      .where(and(eq(customPlatforms.userId, userId), sql`lower(${customPlatforms.name}) = lower(${name})`))
      .returning({ id: customPlatforms.id });
    return rows.length > 0;
  }
}
