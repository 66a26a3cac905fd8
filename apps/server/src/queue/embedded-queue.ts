import { randomUUID } from 'node:crypto';
import { and, eq, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, queryRows } from '../db/database.ts';
import { jobs } from '../db/schema.ts';
import type { EventBus, Unsubscribe } from '../events/event-bus.ts';
import { JobFence } from './job-fence.ts';
import { JobKinds } from './job-kinds.ts';
import {
  abortCancelledRuns,
  cancelJob,
  insertRecord,
  type JobRow,
  readRecord,
  refusal,
  requeueFailedRecord,
} from './job-records.ts';
import {
  type EnqueueOptions,
  type JobDefinition,
  type JobKind,
  type JobRecord,
  type Queue,
  WorkerStoppingError,
} from './queue.ts';
import { runJob } from './run-job.ts';

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

/**
 * Whose job runs next, over the due jobs of the `due` CTE: each owner's jobs take turns, so one
 * user's long backlog never starves another user's single job. A job's turn is its place in its
 * owner's line (by priority, then age) plus the jobs its owner already has running anywhere; equal
 * turns go first to the owner served longest ago (or never). Jobs without an owner (system work)
 * form a line of their own. Priority orders an owner's own jobs: it does not let one user jump
 * ahead of another.
 */
const fairOrder = sql`
  owners as (
    select o.owner_id,
      case when o.owner_id is null
        then (select count(*) from jobs r where r.owner_id is null and r.status = 'running' and r.locked_until >= now())
        else (select count(*) from jobs r where r.owner_id = o.owner_id and r.status = 'running' and r.locked_until >= now())
      end as running,
      case when o.owner_id is null
        then (select max(s.started_at) from jobs s where s.owner_id is null)
        else (select max(s.started_at) from jobs s where s.owner_id = o.owner_id)
      end as last_started
    from (select distinct owner_id from due) o
  ),
  turns as (
    select due.id,
      row_number() over (partition by due.owner_id order by due.priority desc, due.run_at, due.created_at)
        + owners.running as turn,
      owners.last_started
    from due join owners on owners.owner_id is not distinct from due.owner_id
  )`;

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
  private readonly definitions = new JobKinds();
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
    this.definitions.add(definition);
  }

  async enqueue(job: JobKind, payload: unknown, options: EnqueueOptions = {}): Promise<{ id: string }> {
    const row = await insertRecord(options.tx ?? this.db, this.definitions.newRecord(job, payload, options));
    // Inside a caller's transaction the job is not visible yet: the caller wakes us after commit.
    if (!options.tx) this.wake();
    return row;
  }

  async get(id: string): Promise<JobRecord | null> {
    return readRecord(this.db, id);
  }

  async cancel(id: string): Promise<boolean> {
    return cancelJob(this.db, this.options.events, id, (jobId) => this.running.get(jobId));
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
    this.unsubscribe = abortCancelledRuns(this.options.events, (jobId) => this.running.get(jobId));
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
    const names = this.definitions.names();
    if (free <= 0 || names.length === 0) return;
    const leaseMs = this.options.leaseMs;
    const due = sql`(status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now())`;
    // Fair turns across owners (see `fairOrder`); the rows are then locked with SKIP LOCKED and
    // checked again, so two workers never claim one job.
    const claimed = await queryRows<{ id: string }>(
      this.db,
      sql`
      with due as (
        select id, owner_id, priority, run_at, created_at from jobs
        where name in (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )}) and (${due})
      ), ${fairOrder}
      update jobs set status = 'running', attempts = attempts + 1, locked_by = ${this.workerId},
        locked_until = now() + make_interval(secs => ${leaseMs / 1000}), started_at = now(), updated_at = now()
      where id in (
        select jobs.id from jobs join turns on turns.id = jobs.id
        where ${due}
        order by turns.turn, turns.last_started nulls first, jobs.priority desc, jobs.run_at, jobs.created_at
        limit ${free}
        for update of jobs skip locked
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
    const definition = this.definitions.get(row.name);
    if (!definition) return;
    const { database, events, logger, leaseMs } = this.options;
    const holds = this.holds(row);
    const outcome = await runJob({
      definition,
      fence: new JobFence({ db: database.db, events, row, holds }),
      controller,
      logger,
      leaseMs,
      // Renews the lease; a run whose job was taken over (its lease ran out and another worker
      // claimed it) or cancelled learns it here.
      check: async () => {
        const renewed = await this.db
          .update(jobs)
          .set({ lockedUntil: new Date(Date.now() + leaseMs) })
          .where(holds)
          .returning({ id: jobs.id });
        if (renewed.length > 0 || controller.signal.aborted) return undefined;
        return refusal(this.db, row.id);
      },
    });
    if (outcome.kind === 'retrying') setTimeout(() => this.wake(), outcome.retryInMs + 5).unref();
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
}
