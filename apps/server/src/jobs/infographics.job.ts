import { z } from 'zod';
import type { JobDefinition } from '../queue/queue.ts';
import {
  INFOGRAPHIC_JOB,
  type InfographicJobsService,
} from '../services/infographics/infographic-jobs.service.ts';

/**
 * Generates a set of infographic variations (`queue/submit`). Three runs at most; a run cut short
 * by a crash resumes: variations an earlier run stored are kept and counted, the rest are drawn.
 */
export function infographicsJob(
  service: InfographicJobsService,
): JobDefinition<{ jobId: string }, { generated: number }> {
  return {
    name: INFOGRAPHIC_JOB,
    payload: z.object({ jobId: z.uuid() }),
    maxAttempts: 3,
    timeoutMs: 10 * 60 * 1000,
    backoffMs: (attempt) => Math.min(30_000, 1000 * 2 ** (attempt - 1)),
    handler: (job) => service.run(job),
  };
}
