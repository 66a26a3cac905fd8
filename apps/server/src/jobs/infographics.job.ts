import { z } from 'zod';
import { defineJob } from '../queue/queue.ts';

/**
 * Generates a set of infographic variations (`queue/submit`). Three runs at most; a run cut short
 * by a crash resumes: variations an earlier run stored are kept and counted, the rest are drawn.
 */
export const infographicsJob = defineJob({
  name: 'infographics.generate',
  payload: z.object({ jobId: z.uuid() }),
  maxAttempts: 3,
  timeoutMs: 10 * 60 * 1000,
  backoffMs: (attempt) => Math.min(30_000, 1000 * 2 ** (attempt - 1)),
});
