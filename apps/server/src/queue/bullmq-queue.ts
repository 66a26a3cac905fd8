import { Queue as BullQueue, DelayedError, type Job, UnrecoverableError, WaitingError, Worker } from 'bullmq';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Database, Db } from '../db/database.ts';
import { jobs } from '../db/schema.ts';
import type { EventBus, Unsubscribe } from '../events/event-bus.ts';
import { JobFence } from './job-fence.ts';
import { JobKinds } from './job-kinds.ts';
import { JobOutbox, type OutboxEntry } from './job-outbox.ts';
import {
  abortCancelledRuns,
  cancelJob,
  insertRecord,
  type JobRow,
  readRecord,
  requeueFailedRecord,
} from './job-records.ts';
import {
  type EnqueueOptions,
  JobCancelledError,
  type JobDefinition,
  type JobKind,
  type JobRecord,
  LeaseLostError,
  type Queue,
  WorkerStoppingError,
} from './queue.ts';
import { runJob } from './run-job.ts';

export interface BullmqQueueOptions {
  database: Database;
  events: EventBus;
  logger: FastifyBaseLogger;
  redisUrl: string;
  /** Jobs this process runs at once. */
  concurrency: number;
  /** BullMQ's lock duration: a run whose worker stops renewing its lock this long is taken over. */
  leaseMs: number;
  /** How often workers look for jobs whose lock ran out (default: `leaseMs`). */
  stalledIntervalMs?: number;
  /** Prefix of every Redis key (default `voxpress`), so that deployments and tests can share a Redis. */
  prefix?: string;
  /** How often a worker relays outbox rows whose relay was lost (default 5 s). */
  sweepMs?: number;
}

/** One BullMQ queue carries every kind of job; the job's name is its kind. */
const QUEUE_NAME = 'jobs';
/**
 * BullMQ runs lower numbers first (1 is the highest priority, at most 2^21). A job's number is its
 * owner's turn first (see `OutboxEntry.turn`), so users take turns and one user's backlog does not
 * hold back another's job; its priority (-15 to 15) orders the jobs within one turn.
 */
const PRIORITY_LEVELS = 32;
const MAX_TURN = Math.floor((2 ** 21 - 1) / PRIORITY_LEVELS) - 1;
const bullPriority = (turn: number, priority: number) =>
  1 + Math.min(turn, MAX_TURN) * PRIORITY_LEVELS + (15 - Math.min(Math.max(priority, -15), 15));
/** A kind this worker does not know (a newer build's, during a rolling upgrade) is looked at again after this. */
const UNKNOWN_KIND_DELAY_MS = 5000;

interface BullData {
  jobId: string;
}

interface Run {
  bullId: string;
  controller: AbortController;
}

/** A retryable failure, carrying the delay BullMQ's backoff strategy reads. */
class RetryLater extends Error {
  constructor(
    message: string,
    readonly retryInMs: number,
  ) {
    super(message);
  }
}

/**
 * The queue for scale-out: BullMQ on Redis schedules and delivers jobs (waiting, delayed,
 * priorities, locks renewed while a job runs, stalled jobs moved back when their worker dies,
 * retries with backoff), while each job's record stays in the database's `jobs` table, where
 * status reads, ownership checks and the admin's view find it whichever queue runs.
 *
 * - Enqueueing writes the record and an outbox row in the caller's transaction; the row is
 *   relayed to BullMQ after the commit (see `JobOutbox`).
 * - A delivery claims its record (status `running`, attempt counted, `locked_by` = BullMQ's lock
 *   token of this run). A record already finished or cancelled makes the delivery a no-op, so a
 *   job relayed twice or delivered again after its outcome was stored never runs twice.
 * - The fence: progress, results and failures are written only while the record still names
 *   this run's token; `commit` also checks that BullMQ's lock is still this run's, in the same
 *   transaction that stores the result. A run whose lock was lost is aborted with a
 *   `LeaseLostError` and stores nothing; the worker that took the job over writes its outcome.
 */
export class BullmqQueue implements Queue {
  readonly driver = 'bullmq' as const;
  private readonly definitions = new JobKinds();
  /** Runs in this process, by job record id. */
  private readonly runs = new Map<string, Run>();
  private readonly connection: Redis;
  private readonly bull: BullQueue<BullData>;
  private readonly outbox: JobOutbox;
  private worker: Worker<BullData> | undefined;
  private unsubscribe: Unsubscribe | undefined;
  private stopping = false;
  private stopped: Promise<void> | undefined;

  constructor(private readonly options: BullmqQueueOptions) {
    // BullMQ's workers block on Redis and must wait through reconnects rather than fail a command.
    this.connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    this.connection.on('error', (err) => options.logger.warn({ err }, 'queue connection problem'));
    this.bull = new BullQueue<BullData>(QUEUE_NAME, {
      connection: this.connection,
      prefix: this.prefix,
    });
    this.bull.on('error', (err) => options.logger.warn({ err }, 'queue problem'));
    this.outbox = new JobOutbox(this.db, (entries) => this.send(entries), options.logger);
  }

  private get db(): Db {
    return this.options.database.db;
  }

  private get prefix(): string {
    return this.options.prefix ?? 'voxpress';
  }

  register<P, R>(definition: JobDefinition<P, R>): void {
    this.definitions.add(definition);
  }

  async enqueue(job: JobKind, payload: unknown, options: EnqueueOptions = {}): Promise<{ id: string }> {
    const values = this.definitions.newRecord(job, payload, options);
    const write = async (tx: Db) => {
      const row = await insertRecord(tx, values);
      await JobOutbox.add(tx, row.id);
      return row;
    };
    // Inside a caller's transaction the job is relayed once it commits: the caller wakes us then.
    if (options.tx) return write(options.tx);
    const row = await this.db.transaction(write);
    this.wake();
    return row;
  }

  async get(id: string): Promise<JobRecord | null> {
    return readRecord(this.db, id);
  }

  async cancel(id: string): Promise<boolean> {
    // The record decides: a delivery of a cancelled job finds nothing to do; a run in progress is
    // aborted here, in other processes by the event, and its fence refuses anything it stores.
    return cancelJob(this.db, this.options.events, id, (jobId) => this.runs.get(jobId));
  }

  async retry(id: string): Promise<boolean> {
    // A new outbox row is a new BullMQ job: the failed one stays in BullMQ's history.
    const row = await this.db.transaction(async (tx) => {
      const requeued = await requeueFailedRecord(tx, id);
      if (requeued) await JobOutbox.add(tx, id);
      return requeued;
    });
    if (row) this.wake();
    return Boolean(row);
  }

  async engineCounts(): Promise<Record<string, number>> {
    const counts = await this.bull.getJobCounts(
      'waiting',
      'prioritized',
      'active',
      'delayed',
      'completed',
      'failed',
    );
    const { prioritized = 0, waiting = 0, ...rest } = counts;
    // Every job carries a priority (so that priorities mean what they mean in the embedded
    // queue), which BullMQ lists apart: to an administrator they are all waiting.
    return { waiting: waiting + prioritized, ...rest };
  }

  /** Relays committed jobs to BullMQ now. */
  wake(): void {
    if (this.stopping) return;
    this.outbox
      .relay()
      .catch((err: unknown) =>
        this.options.logger.warn({ err }, 'relaying queued jobs failed; the sweep retries'),
      );
  }

  async start(): Promise<void> {
    if (this.worker || this.stopping) return;
    const { logger, leaseMs } = this.options;
    const connection = new Redis(this.options.redisUrl, { maxRetriesPerRequest: null });
    connection.on('error', (err) => logger.warn({ err }, 'queue worker connection problem'));
    this.worker = new Worker<BullData>(QUEUE_NAME, (job, token) => this.process(job, token ?? ''), {
      connection,
      prefix: this.prefix,
      autorun: false,
      concurrency: this.options.concurrency,
      lockDuration: leaseMs,
      stalledInterval: this.options.stalledIntervalMs ?? leaseMs,
      // Interrupted runs are counted on the record, which fails a job interrupted too often.
      maxStalledCount: 1000,
      settings: {
        backoffStrategy: (_made, _type, err) => (err instanceof RetryLater ? err.retryInMs : 1000),
      },
    });
    this.worker.on('error', (err) => logger.warn({ err }, 'queue worker problem'));
    this.worker.on('lockRenewalFailed', (bullIds) => {
      for (const [jobId, run] of this.runs) {
        if (!bullIds.includes(run.bullId) || run.controller.signal.aborted) continue;
        logger.warn({ jobId }, 'job lock lost; stopping this run');
        run.controller.abort(new LeaseLostError(jobId));
      }
    });
    this.unsubscribe = abortCancelledRuns(this.options.events, (jobId) => this.runs.get(jobId));
    void this.worker.run().catch((err: unknown) => logger.error({ err }, 'queue worker stopped'));
    await this.worker.waitUntilReady();
    this.outbox.startSweeping(this.options.sweepMs ?? 5000);
    this.wake();
  }

  /**
   * Stops taking jobs and gives running ones `graceMs` to finish; those still running then are
   * aborted and handed back to BullMQ's waiting list, where another worker takes them at once.
   * Closes this queue's Redis connections: a stopped BullMQ queue does not start again.
   */
  stop(graceMs = 10_000): Promise<void> {
    this.stopped ??= (async () => {
      this.stopping = true;
      this.outbox.stopSweeping();
      this.unsubscribe?.();
      const worker = this.worker;
      if (worker) {
        const closing = worker.close();
        let timer: NodeJS.Timeout | undefined;
        const grace = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, graceMs);
        });
        await Promise.race([closing, grace]);
        clearTimeout(timer);
        for (const run of this.runs.values()) run.controller.abort(new WorkerStoppingError());
        await closing;
      }
      await this.outbox.settled();
      await this.bull.close();
      await this.connection.quit().catch(() => {});
    })();
    return this.stopped;
  }

  private async send(entries: OutboxEntry[]): Promise<void> {
    const now = Date.now();
    await this.bull.addBulk(
      entries.map((entry) => ({
        name: entry.name,
        data: { jobId: entry.jobId },
        opts: {
          jobId: entry.id,
          delay: Math.max(0, entry.runAt.getTime() - now),
          priority: bullPriority(entry.turn, entry.priority),
          attempts: entry.maxAttempts,
          backoff: { type: 'voxpress' },
          // The records keep the history; Redis keeps a day of finished jobs for its own tools.
          removeOnComplete: { age: 24 * 3600, count: 1000 },
          removeOnFail: { age: 7 * 24 * 3600, count: 5000 },
        },
      })),
    );
  }

  /** One delivery of a BullMQ job: claims its record, runs it under the fence, reports the outcome. */
  private async process(job: Job<BullData>, token: string): Promise<unknown> {
    const { database, events, logger, leaseMs } = this.options;
    const definition = this.definitions.get(job.name);
    if (!definition) {
      logger.warn({ name: job.name }, 'no handler for this job kind here; leaving it to another worker');
      await job.moveToDelayed(Date.now() + UNKNOWN_KIND_DELAY_MS, token);
      throw new DelayedError();
    }
    const row = await this.claim(job.data.jobId, token);
    // Finished, cancelled or gone: this delivery (a relay sent twice, a run after a stored outcome) has nothing to do.
    if (!row) return null;
    const controller = new AbortController();
    const fence = new JobFence({
      db: database.db,
      events,
      row,
      holds: this.holds(row, token),
      // BullMQ's lock is still this run's token (checked by renewing it). A worker taking the job
      // over must first claim the record, which waits for the commit's row lock and then finds the
      // job finished.
      confirm: async () => {
        if ((await job.extendLock(token, leaseMs).catch(() => 0)) === 1) return;
        const lost = new LeaseLostError(row.id);
        controller.abort(lost);
        throw lost;
      },
    });
    this.runs.set(row.id, { bullId: job.id ?? '', controller });
    try {
      const outcome = await runJob({
        definition,
        fence,
        controller,
        logger,
        leaseMs,
        // BullMQ tells of a lost lock; the record tells of a cancel, or of a takeover the lock missed.
        check: async () => {
          const [current] = await this.db
            .select({ status: jobs.status, lockedBy: jobs.lockedBy })
            .from(jobs)
            .where(eq(jobs.id, row.id));
          if (!current || current.status === 'cancelled') return new JobCancelledError(row.id);
          if (current.lockedBy !== token) return new LeaseLostError(row.id);
          return undefined;
        },
      });
      switch (outcome.kind) {
        case 'completed':
          return outcome.result;
        case 'superseded':
          return null;
        case 'released':
          // BullMQ's job goes to the front of the line, where another worker takes it at once.
          await job
            .moveToWait(token)
            .catch((err: unknown) =>
              logger.warn(
                { err, jobId: row.id },
                'handing the job back failed; it is recovered once its lock runs out',
              ),
            );
          throw new WaitingError();
        case 'retrying':
          throw new RetryLater(outcome.error, outcome.retryInMs);
        case 'failed':
          throw new UnrecoverableError(outcome.error);
      }
    } finally {
      this.runs.delete(row.id);
    }
  }

  private async claim(id: string, token: string): Promise<JobRow | undefined> {
    const [row] = await this.db
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedBy: token,
        lockedUntil: null,
        startedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(jobs.id, id), inArray(jobs.status, ['queued', 'running'])))
      .returning();
    return row;
  }

  /** This run still holds the record: same token, still running. */
  private holds(row: JobRow, token: string): SQL | undefined {
    return and(eq(jobs.id, row.id), eq(jobs.lockedBy, token), eq(jobs.status, 'running'));
  }
}
