import { and, desc, eq, gt, inArray, like, or } from 'drizzle-orm';
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

  /**
   * Jobs of the `names` kinds created since `since`, with the running jobs of `running.name`
   * whose progress message starts with `running.messagePrefix`, newest first: every process
   * reads the same rows, whichever process does the work.
   */
  downloads(names: readonly string[], since: Date, running: { name: string; messagePrefix: string }) {
    return this.db
      .select()
      .from(jobs)
      .where(
        or(
          and(inArray(jobs.name, [...names]), gt(jobs.createdAt, since)),
          and(
            eq(jobs.name, running.name),
            eq(jobs.status, 'running'),
            like(jobs.progressMessage, `${running.messagePrefix}%`),
          ),
        ),
      )
      .orderBy(desc(jobs.createdAt));
  }
}
