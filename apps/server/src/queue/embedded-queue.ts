import { randomUUID } from 'node:crypto';
import { and, eq, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, type Db, queryRows } from '../db/database.ts';
import { jobs } from '../db/schema.ts';
import type { EventBus, Unsubscribe } from '../events/event-bus.ts';
import { cancelRecord, type JobRow, refusal, requeueFailedRecord, toRecord } from './job-records.ts';
import {
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_TIMEOUT_MS,
  defaultBackoff,
  type EnqueueOptions,
  JobCancelledError,
  type JobDefinition,
  type JobEvent,
  type JobRecord,
  JobTimeoutError,
  LeaseLostError,
  PermanentJobError,
  type Queue,
  WorkerStoppingError,
} from './queue.ts';

export interface EmbeddedQueueOptions {
  database: Database;
  events: EventBus;
  logger: FastifyBaseLogger;
  concurrency: number;
  /** A claimed job whose lease is not renewed within this time is taken over by another worker. */
  leaseMs: number;
  /** How often an idle worker looks for due jobs (enqueues in this process wake it at once). */
  pollMs?: number;
}

/** Ids of the embedded queues working in this process. */
const liveWorkers = new Set<string>();

/**
 * Jobs stored in the database and run in this process. Claims use `FOR UPDATE SKIP LOCKED` and a
 * renewable lease, so several processes on one PostgreSQL share the work and a job whose worker
 * died is picked up again; the final state is written only by the lease holder, so a job
 * completes once.
 */
export class EmbeddedQueue implements Queue {
  readonly driver = 'embedded' as const;
  private readonly definitions = new Map<string, JobDefinition<unknown, unknown>>();
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private readonly workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private stopping = false;
  private polling: Promise<void> | undefined;
  private pollAgain = false;
  private unsubscribe: Unsubscribe | undefined;

  constructor(private readonly options: EmbeddedQueueOptions) {}

  private get db() {
    return this.options.database.db;
  }

  register<P, R>(definition: JobDefinition<P, R>): void {
    if (this.definitions.has(definition.name))
      throw new Error(`Job ${definition.name} is already registered`);
    this.definitions.set(definition.name, definition as JobDefinition<unknown, unknown>);
  }

  async enqueue<P>(name: string, payload: P, options: EnqueueOptions = {}): Promise<{ id: string }> {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`Unknown job ${name}`);
    const parsed = definition.payload.parse(payload);
    const [row] = await (options.tx ?? this.db)
      .insert(jobs)
      .values({
        name,
        payload: parsed as object,
        maxAttempts: definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        timeoutMs: definition.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        priority: options.priority ?? 0,
        ownerId: options.ownerId ?? null,
        runAt: new Date(Date.now() + (options.delayMs ?? 0)),
      })
      .returning({ id: jobs.id });
    if (!row) throw new Error('Insert returned no row');
    // Inside a caller's transaction the job is not visible yet: the caller wakes us after commit.
    if (!options.tx) this.wake();
    return row;
  }

  async get(id: string): Promise<JobRecord | null> {
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id));
    return row ? toRecord(row) : null;
  }

  async cancel(id: string): Promise<boolean> {
    const row = await cancelRecord(this.db, id);
    if (!row) return false;
    this.running.get(id)?.controller.abort(new JobCancelledError(id));
    await this.emit(id, { type: 'job.cancelled', jobId: id, name: row.name });
    return true;
  }

  async retry(id: string): Promise<boolean> {
    const row = await requeueFailedRecord(this.db, id);
    if (row) this.wake();
    return Boolean(row);
  }

  async engineCounts(): Promise<undefined> {
    return undefined;
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.stopping = false;
    liveWorkers.add(this.workerId);
    // A job cancelled from another process stops here at once (the heartbeat would notice later).
    this.unsubscribe = this.options.events.subscribe('jobs', (event) => {
      if (event.type !== 'job.cancelled') return;
      const jobId = String(event.jobId);
      this.running.get(jobId)?.controller.abort(new JobCancelledError(jobId));
    });
    if (this.options.database.exclusive) {
      // Only this process can open the embedded database, so anything marked running was left by
      // a process that died, unless another queue of this process runs it: make it due now
      // instead of waiting for its lease to run out.
      const recovered = await this.db
        .update(jobs)
        .set({
          status: 'queued',
          lockedBy: null,
          lockedUntil: null,
          runAt: new Date(),
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(jobs.status, 'running'),
            or(isNull(jobs.lockedBy), notInArray(jobs.lockedBy, [...liveWorkers, this.workerId])),
          ),
        )
        .returning({ id: jobs.id });
      if (recovered.length)
        this.options.logger.warn({ jobs: recovered.length }, 'recovered interrupted jobs');
    }
    this.wake();
  }

  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    this.started = false;
    liveWorkers.delete(this.workerId);
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    await this.polling;
    const all = [...this.running.values()];
    const grace = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
    await Promise.race([Promise.all(all.map((r) => r.done)), grace]);
    for (const r of this.running.values()) r.controller.abort(new WorkerStoppingError());
    await Promise.all([...this.running.values()].map((r) => r.done));
  }

  /** Runs a poll now (or right after the current one). */
  wake(): void {
    if (this.stopping || !this.started) return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.polling = this.poll()
      .catch((err: unknown) => this.options.logger.error({ err }, 'job poll failed'))
      .finally(() => {
        this.polling = undefined;
        if (this.stopping) return;
        if (this.pollAgain) {
          this.pollAgain = false;
          this.wake();
        } else {
          this.timer = setTimeout(() => this.wake(), this.options.pollMs ?? 500);
          this.timer.unref();
        }
      });
  }

  private async poll(): Promise<void> {
    const free = this.options.concurrency - this.running.size;
    const names = [...this.definitions.keys()];
    if (free <= 0 || names.length === 0) return;
    const leaseMs = this.options.leaseMs;
    const claimed = await queryRows<{ id: string }>(
      this.db,
      sql`
      update jobs set status = 'running', attempts = attempts + 1, locked_by = ${this.workerId},
        locked_until = now() + make_interval(secs => ${leaseMs / 1000}), started_at = now(), updated_at = now()
      where id in (
        select id from jobs
        where name in (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )})
          and ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now()))
        order by priority desc, run_at, created_at
        limit ${free}
        for update skip locked
      )
      returning id`,
    );
    const ids = claimed.map((r) => r.id);
    for (const id of ids) {
      const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id));
      if (row) this.run(row);
    }
    if (ids.length === free) this.pollAgain = true;
  }

  private run(row: JobRow): void {
    const controller = new AbortController();
    const done = this.execute(row, controller)
      .catch((err: unknown) => this.options.logger.error({ err, jobId: row.id }, 'job bookkeeping failed'))
      .finally(() => {
        this.running.delete(row.id);
        this.wake();
      });
    this.running.set(row.id, { controller, done });
  }

  private async execute(row: JobRow, controller: AbortController): Promise<void> {
    const { logger } = this.options;
    const definition = this.definitions.get(row.name);
    if (!definition) return;
    if (row.attempts > row.maxAttempts) {
      await this.finish(row, 'failed', { error: 'Job was interrupted too many times' });
      return;
    }
    await this.emit(row.id, { type: 'job.started', jobId: row.id, name: row.name, attempt: row.attempts });
    // A run whose job was taken over (its lease ran out and another worker claimed it) is aborted
    // at its next heartbeat; whatever it still tries to store is refused by the same fence.
    const heartbeat = setInterval(
      () => {
        this.db
          .update(jobs)
          .set({ lockedUntil: new Date(Date.now() + this.options.leaseMs) })
          .where(this.holds(row))
          .returning({ id: jobs.id })
          .then(async (renewed) => {
            if (renewed.length > 0 || controller.signal.aborted) return;
            const reason = await refusal(this.db, row.id);
            if (reason instanceof LeaseLostError)
              logger.warn({ jobId: row.id, name: row.name }, 'job lease lost; stopping this run');
            controller.abort(reason);
          })
          .catch((err: unknown) => logger.warn({ err, jobId: row.id }, 'job heartbeat failed'));
      },
      Math.max(200, this.options.leaseMs / 3),
    );
    heartbeat.unref();
    let timeout: NodeJS.Timeout | undefined;
    let committed = false;
    try {
      const payload = definition.payload.parse(row.payload);
      const timedOut = new Promise<never>((_, reject) => {
        timeout = setTimeout(() => {
          const error = new JobTimeoutError(row.timeoutMs);
          controller.abort(error);
          reject(error);
        }, row.timeoutMs);
      });
      const aborted = new Promise<never>((_, reject) => {
        controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
      });
      const result = await Promise.race([
        definition.handler({
          id: row.id,
          payload,
          attempt: row.attempts,
          maxAttempts: row.maxAttempts,
          signal: controller.signal,
          progress: (percent, message) => this.progress(row, percent, message),
          commit: async (write, options) => {
            const complete = options?.complete ?? true;
            const value = await this.commit(row, write, complete);
            if (complete) committed = true;
            return value;
          },
        }),
        timedOut,
        aborted,
      ]);
      if (committed) await this.emitCompleted(row, result ?? null);
      else await this.finish(row, 'completed', { result: result ?? null });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const reason = controller.signal.reason;
      if ([reason, err].some((e) => e instanceof LeaseLostError || e instanceof JobCancelledError)) {
        // Another worker owns the job now and writes its outcome, or nobody does: it was cancelled.
        return;
      }
      const permanent = err instanceof PermanentJobError || (err as { name?: string })?.name === 'ZodError';
      if (this.stopping && controller.signal.aborted && !(err instanceof JobTimeoutError)) {
        // Shutting down: leave the job for the next start rather than counting it as a failure.
        await this.release(row);
      } else if (!permanent && row.attempts < row.maxAttempts) {
        const retryInMs = (definition.backoffMs ?? defaultBackoff)(row.attempts);
        await this.scheduleRetry(row, message, retryInMs);
      } else {
        logger.warn({ jobId: row.id, name: row.name, err }, 'job failed');
        await this.finish(row, 'failed', { error: message });
      }
    } finally {
      clearInterval(heartbeat);
      clearTimeout(timeout);
    }
  }

  private async progress(row: JobRow, percent: number, message?: string): Promise<void> {
    const progress = Math.max(0, Math.min(100, percent));
    await this.db
      .update(jobs)
      .set({ progress, progressMessage: message ?? null, updatedAt: new Date() })
      .where(this.holds(row));
    await this.emit(row.id, {
      type: 'job.progress',
      jobId: row.id,
      name: row.name,
      progress,
      message: message ?? null,
    });
  }

  private async finish(
    row: JobRow,
    status: 'completed' | 'failed',
    outcome: { result?: unknown; error?: string },
  ): Promise<void> {
    const updated = await this.db
      .update(jobs)
      .set({
        status,
        result: outcome.result ?? null,
        error: outcome.error ?? null,
        progress: status === 'completed' ? 100 : row.progress,
        lockedBy: null,
        lockedUntil: null,
        finishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(this.holds(row))
      .returning({ id: jobs.id });
    // Lost the lease meanwhile: another worker owns the job now and will write its outcome.
    if (updated.length === 0) return;
    if (status === 'completed') await this.emitCompleted(row, outcome.result ?? null);
    else
      await this.emit(row.id, {
        type: 'job.failed',
        jobId: row.id,
        name: row.name,
        error: outcome.error ?? 'Job failed',
      });
  }

  private emitCompleted(row: JobRow, result: unknown): Promise<void> {
    return this.emit(row.id, { type: 'job.completed', jobId: row.id, name: row.name, result });
  }

  /** The handler's outcome and the job's completion in one transaction, only while this run holds the lease. */
  private commit<T>(row: JobRow, write: (tx: Db) => Promise<T>, complete: boolean): Promise<T> {
    return this.db.transaction(async (tx) => {
      const [held] = await tx.select({ id: jobs.id }).from(jobs).where(this.holds(row)).for('update');
      if (!held) throw await refusal(tx as unknown as Db, row.id);
      const value = await write(tx as unknown as Db);
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
        .where(eq(jobs.id, row.id));
      return value;
    });
  }

  /**
   * The fence: this worker holds the job and it is the same run (a worker may claim its own
   * expired job again, so the attempt number tells the runs apart).
   */
  private holds(row: JobRow): SQL | undefined {
    return and(
      eq(jobs.id, row.id),
      eq(jobs.lockedBy, this.workerId),
      eq(jobs.attempts, row.attempts),
      eq(jobs.status, 'running'),
    );
  }

  private async scheduleRetry(row: JobRow, error: string, retryInMs: number): Promise<void> {
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
      .where(this.holds(row))
      .returning({ id: jobs.id });
    if (updated.length === 0) return;
    await this.emit(row.id, {
      type: 'job.retrying',
      jobId: row.id,
      name: row.name,
      attempt: row.attempts,
      error,
      retryInMs,
    });
    setTimeout(() => this.wake(), retryInMs + 5).unref();
  }

  private async release(row: JobRow): Promise<void> {
    await this.db
      .update(jobs)
      .set({
        status: 'queued',
        attempts: row.attempts - 1,
        lockedBy: null,
        lockedUntil: null,
        updatedAt: new Date(),
      })
      .where(this.holds(row));
  }

  private async emit(jobId: string, event: JobEvent): Promise<void> {
    await this.options.events.publish(`job:${jobId}`, event);
    await this.options.events.publish('jobs', event);
  }
}
