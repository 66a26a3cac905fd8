import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { jobs } from '../db/schema.ts';
import type { EventBus, Unsubscribe } from '../events/event-bus.ts';
import { JobCancelledError, type JobEvent, type JobRecord, LeaseLostError } from './queue.ts';

export type JobRow = typeof jobs.$inferSelect;

/**
 * Job records live in the `jobs` table whichever queue runs them: status reads, ownership checks
 * and the admin's queue view read them there. These are the writes both queues share.
 */
function toRecord(row: JobRow): JobRecord {
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

export async function readRecord(db: Db, id: string): Promise<JobRecord | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row ? toRecord(row) : null;
}

/** Writes a new job's record (see `JobKinds.newRecord`). */
export async function insertRecord(db: Db, values: typeof jobs.$inferInsert): Promise<{ id: string }> {
  const [row] = await db.insert(jobs).values(values).returning({ id: jobs.id });
  if (!row) throw new Error('Insert returned no row');
  return row;
}

/**
 * Marks a queued or running job cancelled, aborts its run in this process and tells the other
 * processes (which abort theirs); false when the job had already finished.
 */
export async function cancelJob(
  db: Db,
  events: EventBus,
  id: string,
  runOf: (jobId: string) => { controller: AbortController } | undefined,
): Promise<boolean> {
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
  if (!row) return false;
  runOf(id)?.controller.abort(new JobCancelledError(id));
  await publishJobEvent(events, { type: 'job.cancelled', jobId: id, name: row.name });
  return true;
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

/** Publishes a job's event to those following the job (`job:<id>`) and to those following all jobs. */
export async function publishJobEvent(events: EventBus, event: JobEvent): Promise<void> {
  await events.publish(`job:${event.jobId}`, event);
  await events.publish('jobs', event);
}

/** Aborts this process's run of a job cancelled anywhere, as soon as the cancel is published. */
export function abortCancelledRuns(
  events: EventBus,
  runOf: (jobId: string) => { controller: AbortController } | undefined,
): Unsubscribe {
  return events.subscribe('jobs', (event) => {
    if (event.type !== 'job.cancelled') return;
    const jobId = String(event.jobId);
    runOf(jobId)?.controller.abort(new JobCancelledError(jobId));
  });
}
