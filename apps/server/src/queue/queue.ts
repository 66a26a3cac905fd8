import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { JobStatus } from '../db/schema.ts';

/** What a handler gets: its payload, the attempt number, a cancel signal and a progress reporter. */
export interface JobContext<P> {
  id: string;
  payload: P;
  /** 1 on the first run; a recovered or retried job sees a higher number. */
  attempt: number;
  /** Runs allowed in all; `attempt === maxAttempts` means a failure now is final. */
  maxAttempts: number;
  /**
   * Aborted when the job times out, the worker shuts down, or this run lost its lease (another
   * worker may now run the job): the reason is then a `LeaseLostError`.
   */
  signal: AbortSignal;
  /** Records progress (0–100) with an optional message and publishes it as an event. */
  progress(percent: number, message?: string): Promise<void>;
  /**
   * Stores the run's outcome: `write` runs in one transaction that first checks this run still
   * holds the job's lease and, with the outcome, marks the job completed with `write`'s value as
   * its result (`complete: false` writes under the lease without completing, e.g. a failure
   * recorded before the error is thrown). A run that lost its lease gets a `LeaseLostError` and
   * nothing is written, so two workers never both store a result.
   */
  commit<T>(write: (tx: Db) => Promise<T>, options?: { complete?: boolean }): Promise<T>;
}

/**
 * A kind of job as its producers see it: name, payload schema and limits, without the handler.
 * Each `jobs/*.job.ts` declares one with `defineJob`; `Queue.enqueue` takes it, so a payload that
 * does not fit the schema fails the type check, and the queue still parses it when it is stored.
 */
export interface JobKind<S extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly payload: S;
  /** Total runs allowed, including the first (default 3). */
  readonly maxAttempts?: number;
  /** Per-run time limit in milliseconds (default 10 minutes). */
  readonly timeoutMs?: number;
  /** Delay before retry number `attempt` (default: 1 s doubling, at most 60 s). */
  readonly backoffMs?: (attempt: number) => number;
}

/** What a handler of job kind `J` receives (the schema's output). */
export type JobPayload<J extends JobKind> = z.output<J['payload']>;

/** Declares a kind of job; the object is what producers enqueue and workers register a handler for. */
export function defineJob<S extends z.ZodType>(kind: JobKind<S>): JobKind<S> {
  return Object.freeze({ ...kind });
}

/** A kind of job with its handler: what `Queue.register` takes. */
export interface JobDefinition<P = unknown, R = unknown> extends JobKind<z.ZodType<P>> {
  handler(ctx: JobContext<P>): Promise<R>;
}

/** Joins a job kind to the handler that runs it. */
export function handleJob<S extends z.ZodType, R>(
  kind: JobKind<S>,
  handler: (ctx: JobContext<z.output<S>>) => Promise<R>,
): JobDefinition<z.output<S>, R> {
  // The schema's output is the handler's payload; TypeScript cannot see that through the generic.
  return { ...kind, payload: kind.payload as z.ZodType<z.output<S>>, handler };
}

export interface EnqueueOptions {
  /** The user the job works for, so status reads can check ownership. */
  ownerId?: string;
  delayMs?: number;
  priority?: number;
  /**
   * Inserts the job inside the caller's transaction, so that it exists exactly when the caller's
   * other writes do. Workers see it once the transaction commits; call `wake()` after that.
   */
  tx?: Db;
}

/** A job as stored: what status reads and tests see. */
export interface JobRecord {
  id: string;
  name: string;
  payload: unknown;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  progress: number;
  progressMessage: string | null;
  result: unknown;
  error: string | null;
  ownerId: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

/** Events published on `job:<id>` and on `jobs` as a job moves along. */
export type JobEvent =
  | { type: 'job.started'; jobId: string; name: string; attempt: number }
  | { type: 'job.progress'; jobId: string; name: string; progress: number; message: string | null }
  | { type: 'job.completed'; jobId: string; name: string; result: unknown }
  | { type: 'job.retrying'; jobId: string; name: string; attempt: number; error: string; retryInMs: number }
  | { type: 'job.failed'; jobId: string; name: string; error: string }
  | { type: 'job.cancelled'; jobId: string; name: string };

/**
 * A durable job queue. Implementations: the embedded queue (jobs in the database, run in-process)
 * and, for scale-out, BullMQ on Redis. Both must pass `queue.compliance.ts`.
 */
export interface Queue {
  readonly driver: 'embedded' | 'bullmq';
  /** Declares a job kind; workers only run kinds registered before `start()`. */
  register<P, R>(definition: JobDefinition<P, R>): void;
  /**
   * Validates the payload against the registered kind's schema and stores the job; the kind's
   * schema types the payload at compile time too.
   */
  enqueue<S extends z.ZodType>(
    job: JobKind<S>,
    payload: NoInfer<z.input<S>>,
    options?: EnqueueOptions,
  ): Promise<{ id: string }>;
  get(id: string): Promise<JobRecord | null>;
  /**
   * Ends a queued or running job for good: it will not run (again), a run in progress is aborted
   * with a `JobCancelledError` and nothing it stores afterwards is kept. False when the job had
   * already finished.
   */
  cancel(id: string): Promise<boolean>;
  /** Queues a failed job again, from its first attempt. False unless the job had failed. */
  retry(id: string): Promise<boolean>;
  /**
   * The counts the queue engine itself keeps, beside the job records (BullMQ: waiting, active,
   * delayed, …); undefined for the embedded queue, whose records are its engine.
   */
  engineCounts(): Promise<Record<string, number> | undefined>;
  /** Looks for due jobs now (after a transaction that enqueued some has committed). */
  wake(): void;
  /** Starts working (worker role). Recovers jobs left running by a process that died. */
  start(): Promise<void>;
  /** Stops taking jobs and waits for running ones up to `graceMs`, then aborts them. */
  stop(graceMs?: number): Promise<void>;
}

export const DEFAULT_MAX_ATTEMPTS = 3;
export const DEFAULT_TIMEOUT_MS = 10 * 60 * 1000;
export const defaultBackoff = (attempt: number) => Math.min(60_000, 1000 * 2 ** (attempt - 1));

export class JobTimeoutError extends Error {
  constructor(ms: number) {
    super(`Job timed out after ${ms} ms`);
    this.name = 'JobTimeoutError';
  }
}

/** A run lost the job's lease (it stalled, or its worker was cut off): it may not store anything. */
export class LeaseLostError extends Error {
  override name = 'LeaseLostError';
  constructor(jobId: string) {
    super(`Job ${jobId} is no longer held by this run: another worker may be running it`);
  }
}

/** The job was cancelled while this run was at work. */
export class JobCancelledError extends Error {
  override name = 'JobCancelledError';
  constructor(jobId: string) {
    super(`Job ${jobId} was cancelled`);
  }
}

/** The worker is stopping: the run hands its job back instead of finishing it. */
export class WorkerStoppingError extends Error {
  override name = 'WorkerStoppingError';
  constructor() {
    super('Worker is shutting down');
  }
}

/** Thrown by a handler for a failure that retrying cannot fix (bad input, missing file). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}
