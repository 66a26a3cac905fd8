import { z } from 'zod';

export const zJobStatus = z.enum(['queued', 'running', 'completed', 'failed', 'cancelled']);
export type JobStatus = z.infer<typeof zJobStatus>;

/** How many jobs of one kind are in each state. */
export const zQueueKind = z.object({
  name: z.string(),
  counts: z.object({
    queued: z.number().int(),
    running: z.number().int(),
    completed: z.number().int(),
    failed: z.number().int(),
    cancelled: z.number().int(),
  }),
});
export type QueueKind = z.infer<typeof zQueueKind>;

/** A job that failed for good, with the reason its last run gave. */
export const zFailedJob = z
  .object({
    id: z.string(),
    name: z.string(),
    error: z.string().nullable(),
    attempts: z.number().int(),
    max_attempts: z.number().int(),
    created_at: z.string(),
    failed_at: z.string().nullable(),
  })
  .meta({ id: 'FailedJob' });
export type FailedJob = z.infer<typeof zFailedJob>;

/**
 * `GET /api/v1/system/queues` (administrator only): jobs per kind and state from the job records
 * (the same for both queues), what the queue engine itself holds (BullMQ: waiting, active,
 * delayed…; null for the embedded queue) and the most recent failed jobs.
 */
export const zQueueOverview = z.object({
  driver: z.enum(['embedded', 'bullmq']),
  kinds: z.array(zQueueKind),
  engine: z.record(z.string(), z.number().int()).nullable(),
  failed: z.array(zFailedJob),
  /** All failed jobs, of which `failed` lists the most recent. */
  failed_total: z.number().int(),
});
export type QueueOverview = z.infer<typeof zQueueOverview>;

/** `POST /api/v1/system/queues/jobs/{id}/retry`: the failed job is queued again from its first attempt. */
export const zRetriedJob = z.object({ id: z.string(), status: z.literal('queued') });
export type RetriedJob = z.infer<typeof zRetriedJob>;
