import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { jobs } from '../db/schema.ts';
import type { EventBus } from '../events/event-bus.ts';
import { type JobRow, publishJobEvent, refusal } from './job-records.ts';

export interface JobFenceOptions {
  db: Db;
  events: EventBus;
  /** The record as this run claimed it. */
  row: JobRow;
  /** True only while this run still holds the record: every write below is made under it. */
  holds: SQL | undefined;
  /** Checked in `commit`'s transaction after the record: throws when the queue engine's own lock is no longer this run's. */
  confirm?: () => Promise<void>;
}

/**
 * What one run of a job writes to its record, whichever queue runs it. Every write is fenced:
 * a run that lost its job (taken over, cancelled) stores nothing, and its events are not sent.
 */
export class JobFence {
  readonly row: JobRow;

  constructor(private readonly options: JobFenceOptions) {
    this.row = options.row;
  }

  private get db(): Db {
    return this.options.db;
  }

  emit(event: Parameters<typeof publishJobEvent>[1]): Promise<void> {
    return publishJobEvent(this.options.events, event);
  }

  emitCompleted(result: unknown): Promise<void> {
    return this.emit({ type: 'job.completed', jobId: this.row.id, name: this.row.name, result });
  }

  async progress(percent: number, message?: string): Promise<void> {
    const progress = Math.max(0, Math.min(100, percent));
    await this.db
      .update(jobs)
      .set({ progress, progressMessage: message ?? null, updatedAt: new Date() })
      .where(this.options.holds);
    await this.emit({
      type: 'job.progress',
      jobId: this.row.id,
      name: this.row.name,
      progress,
      message: message ?? null,
    });
  }

  /** The handler's writes and, with `complete`, the job's completion in one transaction, only while this run holds the job. */
  commit<T>(write: (tx: Db) => Promise<T>, complete: boolean): Promise<T> {
    return this.db.transaction(async (tx) => {
      const [held] = await tx.select({ id: jobs.id }).from(jobs).where(this.options.holds).for('update');
      if (!held) throw await refusal(tx, this.row.id);
      await this.options.confirm?.();
      const value = await write(tx);
      if (!complete) return value;
      await tx
        .update(jobs)
        .set({
          status: 'completed',
          result: (value ?? null) as object | null,
          error: null,
          progress: 100,
          lockedBy: null,
          lockedUntil: null,
          finishedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(jobs.id, this.row.id));
      return value;
    });
  }

  async finish(status: 'completed' | 'failed', outcome: { result?: unknown; error?: string }): Promise<void> {
    const updated = await this.db
      .update(jobs)
      .set({
        status,
        result: outcome.result ?? null,
        error: outcome.error ?? null,
        progress: status === 'completed' ? 100 : this.row.progress,
        lockedBy: null,
        lockedUntil: null,
        finishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(this.options.holds)
      .returning({ id: jobs.id });
    // Lost the job meanwhile: another run owns it now and writes its outcome, or it was cancelled.
    if (updated.length === 0) return;
    if (status === 'completed') await this.emitCompleted(outcome.result ?? null);
    else
      await this.emit({
        type: 'job.failed',
        jobId: this.row.id,
        name: this.row.name,
        error: outcome.error ?? 'Job failed',
      });
  }

  /** Queues the job again after `retryInMs`; false when this run no longer held it. */
  async markRetrying(error: string, retryInMs: number): Promise<boolean> {
    const updated = await this.db
      .update(jobs)
      .set({
        status: 'queued',
        error,
        lockedBy: null,
        lockedUntil: null,
        runAt: new Date(Date.now() + retryInMs),
        updatedAt: new Date(),
      })
      .where(this.options.holds)
      .returning({ id: jobs.id });
    if (updated.length === 0) return false;
    await this.emit({
      type: 'job.retrying',
      jobId: this.row.id,
      name: this.row.name,
      attempt: this.row.attempts,
      error,
      retryInMs,
    });
    return true;
  }

  /** Shutting down: the job goes back to queued, this run not counted as an attempt. */
  async release(): Promise<void> {
    await this.db
      .update(jobs)
      .set({
        status: 'queued',
        attempts: this.row.attempts - 1,
        lockedBy: null,
        lockedUntil: null,
        updatedAt: new Date(),
      })
      .where(this.options.holds);
  }
}
