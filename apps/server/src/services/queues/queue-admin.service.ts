import type { QueueKind, QueueOverview } from '@voxpress/contracts';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jobStatuses, jobs } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Queue } from '../../queue/queue.ts';

/** Failed jobs listed in the overview, most recent first. */
const FAILED_SHOWN = 50;

/**
 * What the administrator sees of the queues and may do with them. Counts and failures come from
 * the job records, which both queues keep in the database; the engine's own counts come from the
 * queue (BullMQ's, in Redis).
 */
export class QueueAdminService {
  constructor(private readonly deps: { db: Db; queue: Queue }) {}

  async overview(): Promise<QueueOverview> {
    const { db, queue } = this.deps;
    const [rows, failed, [total], engine] = await Promise.all([
      db
        .select({ name: jobs.name, status: jobs.status, n: count() })
        .from(jobs)
        .groupBy(jobs.name, jobs.status)
        .orderBy(jobs.name),
      db
        .select()
        .from(jobs)
        .where(eq(jobs.status, 'failed'))
        .orderBy(desc(sql`coalesce(${jobs.finishedAt}, ${jobs.updatedAt})`))
        .limit(FAILED_SHOWN),
      db.select({ n: count() }).from(jobs).where(eq(jobs.status, 'failed')),
      queue.engineCounts(),
    ]);
    const kinds = new Map<string, QueueKind>();
    for (const row of rows) {
      let kind = kinds.get(row.name);
      if (!kind) {
        kind = {
          name: row.name,
          counts: Object.fromEntries(jobStatuses.map((s) => [s, 0])) as QueueKind['counts'],
        };
        kinds.set(row.name, kind);
      }
      kind.counts[row.status] = row.n;
    }
    return {
      driver: queue.driver,
      kinds: [...kinds.values()],
      engine: engine ?? null,
      failed: failed.map((job) => ({
        id: job.id,
        name: job.name,
        error: job.error,
        attempts: job.attempts,
        max_attempts: job.maxAttempts,
        created_at: job.createdAt.toISOString(),
        failed_at: job.finishedAt?.toISOString() ?? null,
      })),
      failed_total: total?.n ?? 0,
    };
  }

  /** Queues a failed job again from its first attempt. */
  async retry(id: string): Promise<{ id: string; status: 'queued' }> {
    if (await this.deps.queue.retry(id)) return { id, status: 'queued' };
    const job = await this.deps.queue.get(id);
    if (!job) throw new HttpError(404, 'job_not_found', 'This job was not found.');
    throw new HttpError(
      409,
      'job_not_failed',
      `Only a failed job can be run again; this one is ${job.status}.`,
      { status: job.status },
    );
  }
}
