import type { FastifyBaseLogger } from 'fastify';
import type { JobFence } from './job-fence.ts';
import {
  defaultBackoff,
  JobCancelledError,
  type JobDefinition,
  JobTimeoutError,
  LeaseLostError,
  PermanentJobError,
  WorkerStoppingError,
} from './queue.ts';

export interface RunJobOptions {
  definition: JobDefinition<unknown, unknown>;
  /** The record this run claimed, and the writes it may make to it. */
  fence: JobFence;
  /** Aborted by the queue too: on cancel, on a lost lock, when the worker stops. */
  controller: AbortController;
  logger: FastifyBaseLogger;
  leaseMs: number;
  /**
   * Asked every third of the lease while the handler runs (embedded: renews the lease; BullMQ:
   * reads the record): the reason to stop this run (its job was cancelled or taken over), if any.
   */
  check(): Promise<Error | undefined>;
}

/** How a run ended, once its record says so; the queue does what its engine still needs. */
export type RunOutcome =
  | { kind: 'completed'; result: unknown }
  /** The job is another run's now, or nobody's (cancelled): nothing was stored. */
  | { kind: 'superseded' }
  /** The worker is stopping: the job was handed back as queued, this run not counted. */
  | { kind: 'released' }
  | { kind: 'retrying'; error: string; retryInMs: number }
  | { kind: 'failed'; error: string };

const INTERRUPTED = 'Job was interrupted too many times';

/**
 * One run of a claimed job, the same in every queue: the handler runs against the job's time
 * limit and abort signal, under a lease check, and the outcome (result, retry with backoff, final
 * failure, hand-back on shutdown) is written to the record under the run's fence.
 */
export async function runJob(options: RunJobOptions): Promise<RunOutcome> {
  const { definition, fence, controller, logger } = options;
  const { row } = fence;
  if (row.attempts > row.maxAttempts) {
    await fence.finish('failed', { error: INTERRUPTED });
    return { kind: 'failed', error: INTERRUPTED };
  }
  await fence.emit({ type: 'job.started', jobId: row.id, name: row.name, attempt: row.attempts });
  let settled = false;
  // A run whose job was taken over or cancelled is aborted at its next check; whatever it still
  // tries to store is refused by the fence.
  const watch = setInterval(
    () => {
      options
        .check()
        .then((reason) => {
          if (!reason || settled || controller.signal.aborted) return;
          if (reason instanceof LeaseLostError)
            logger.warn({ jobId: row.id, name: row.name }, 'job lease lost; stopping this run');
          controller.abort(reason);
        })
        .catch((err: unknown) => logger.warn({ err, jobId: row.id }, 'job lease check failed'));
    },
    Math.max(200, options.leaseMs / 3),
  );
  watch.unref();
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
    const result =
      (await Promise.race([
        definition.handler({
          id: row.id,
          payload,
          attempt: row.attempts,
          maxAttempts: row.maxAttempts,
          signal: controller.signal,
          progress: (percent, message) => fence.progress(percent, message),
          commit: async (write, commitOptions) => {
            const complete = commitOptions?.complete ?? true;
            const value = await fence.commit(write, complete);
            if (complete) committed = true;
            return value;
          },
        }),
        timedOut,
        aborted,
      ])) ?? null;
    settled = true;
    if (committed) await fence.emitCompleted(result);
    else await fence.finish('completed', { result });
    return { kind: 'completed', result };
  } catch (err) {
    settled = true;
    const error = err instanceof Error ? err.message : String(err);
    const reason: unknown = controller.signal.reason;
    if ([reason, err].some((e) => e instanceof LeaseLostError || e instanceof JobCancelledError))
      return { kind: 'superseded' };
    if (reason instanceof WorkerStoppingError) {
      await fence.release();
      return { kind: 'released' };
    }
    const permanent = err instanceof PermanentJobError || (err as { name?: string })?.name === 'ZodError';
    if (!permanent && row.attempts < row.maxAttempts) {
      const retryInMs = (definition.backoffMs ?? defaultBackoff)(row.attempts);
      if (!(await fence.markRetrying(error, retryInMs))) return { kind: 'superseded' };
      return { kind: 'retrying', error, retryInMs };
    }
    logger.warn({ jobId: row.id, name: row.name, err }, 'job failed');
    await fence.finish('failed', { error });
    return { kind: 'failed', error };
  } finally {
    clearInterval(watch);
    clearTimeout(timeout);
  }
}
