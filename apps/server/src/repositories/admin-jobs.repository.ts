import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { jobs } from '../db/schema.ts';

/** SQL for the administrator's own jobs (model downloads), which belong to no user. */
export class AdminJobsRepository {
  constructor(private readonly db: Db) {}

  /** Jobs of this kind created since `since`, newest first. */
  recent(name: string, since: Date) {
    return this.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, name), gt(jobs.createdAt, since)))
      .orderBy(desc(jobs.createdAt));
  }
}
