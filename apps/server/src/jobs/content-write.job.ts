import { z } from 'zod';
import { WRITE_JOB } from '../pipeline/content-pipeline.ts';
import type { JobDefinition } from '../queue/queue.ts';
import type { WriteService } from '../services/content/write.service.ts';

/**
 * Writes one piece in its first language. Three runs at most; a run cut short by a crash writes
 * the piece again (writing is idempotent: each run overwrites the first language).
 */
export function contentWriteJob(service: WriteService): JobDefinition<{ contentId: string }, void> {
  return {
    name: WRITE_JOB,
    payload: z.object({ contentId: z.uuid() }),
    maxAttempts: 3,
    timeoutMs: 30 * 60 * 1000,
    backoffMs: (attempt) => Math.min(60_000, 2000 * 2 ** (attempt - 1)),
    handler: (job) => service.run(job),
  };
}
