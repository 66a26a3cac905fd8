import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { jobs } from '../db/schema.ts';
import { JobCancelledError, type JobRecord, LeaseLostError } from './queue.ts';

export type JobRow = typeof jobs.$inferSelect;

/**
 * Job records live in the `jobs` table whichever queue runs them: status reads, ownership checks
 * and the admin's queue view read them there. These are the writes both queues share.
 */
export function toRecord(row: JobRow): JobRecord {
  return {
    id: row.id,
    name: row.name,
    payload: row.payload,
    status: row.status,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    progress: row.progress,
    progressMessage: row.progressMessage,
    result: row.result,
    error: row.error,
    ownerId: row.ownerId,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
  };
}

/** Marks a queued or running job cancelled; undefined when it had already finished. */
export async function cancelRecord(db: Db, id: string): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({
      status: 'cancelled',
      lockedBy: null,
      lockedUntil: null,
      finishedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(jobs.id, id), inArray(jobs.status, ['queued', 'running'])))
    .returning();
  return row;
}

/** Puts a failed job back in the queue as if new: attempts, error and progress start over. */
export async function requeueFailedRecord(db: Db, id: string): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({
      status: 'queued',
      attempts: 0,
      error: null,
      result: null,
      progress: 0,
      progressMessage: null,
      lockedBy: null,
      lockedUntil: null,
      runAt: new Date(),
      startedAt: null,
      finishedAt: null,
      updatedAt: new Date(),
    })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
    .returning();
  return row;
}

/** Why a run may no longer write: its job was cancelled, or another run holds it now. */
export async function refusal(db: Db, id: string): Promise<JobCancelledError | LeaseLostError> {
  const [row] = await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id));
  return row?.status === 'cancelled' ? new JobCancelledError(id) : new LeaseLostError(id);
}
