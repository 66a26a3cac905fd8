import type { InfographicJobStatus } from '@voxpress/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { infographicJobs } from '../../db/infographics.schema.ts';

export type InfographicJobRow = typeof infographicJobs.$inferSelect;
type InfographicJobInsert = typeof infographicJobs.$inferInsert;

/** SQL for infographic jobs (the spec's statuses; the queue's own job row runs each). */
export class InfographicJobsRepository {
  constructor(private readonly db: Db) {}

  async insert(values: InfographicJobInsert): Promise<InfographicJobRow> {
    const [row] = await this.db.insert(infographicJobs).values(values).returning();
    if (!row) throw new Error('Insert returned no row');
    return row;
  }

  async findOwned(userId: string, id: string): Promise<InfographicJobRow | undefined> {
    const [row] = await this.db
      .select()
      .from(infographicJobs)
      .where(and(eq(infographicJobs.id, id), eq(infographicJobs.userId, userId)));
    return row;
  }

  /** For workers, which act for the owner recorded on the job. */
  async findById(id: string): Promise<InfographicJobRow | undefined> {
    const [row] = await this.db.select().from(infographicJobs).where(eq(infographicJobs.id, id));
    return row;
  }

  async list(
    userId: string,
    options: {
      page: number;
      limit: number;
      status?: InfographicJobStatus | undefined;
      contentId?: string | undefined;
    },
  ): Promise<{ items: InfographicJobRow[]; total: number }> {
    const where = and(
      eq(infographicJobs.userId, userId),
      options.status ? eq(infographicJobs.status, options.status) : undefined,
      options.contentId ? eq(infographicJobs.contentId, options.contentId) : undefined,
    );
    const items = await this.db
      .select()
      .from(infographicJobs)
      .where(where)
      .orderBy(desc(infographicJobs.createdAt), desc(infographicJobs.id))
      .limit(options.limit)
      .offset((options.page - 1) * options.limit);
    const [total] = await this.db.select({ n: count() }).from(infographicJobs).where(where);
    return { items, total: total?.n ?? 0 };
  }

  async update(id: string, values: Partial<InfographicJobInsert>): Promise<InfographicJobRow | undefined> {
    const [row] = await this.db
      .update(infographicJobs)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(infographicJobs.id, id))
      .returning();
    return row;
  }
}
