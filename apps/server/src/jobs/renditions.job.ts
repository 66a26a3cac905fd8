import { z } from 'zod';
import { defineJob, type JobPayload } from '../queue/queue.ts';

/** Makes a piece's renditions for one language (a language model's calls can take a while). */
export const renditionsJob = defineJob({
  name: 'content.renditions',
  payload: z.object({
    contentId: z.uuid(),
    language: z.string(),
    /** Only these platforms; all of the piece's when absent. */
    platforms: z.array(z.string()).optional(),
    /** Replace hand edits too (the user asked to make them again). */
    force: z.boolean(),
  }),
  maxAttempts: 3,
  timeoutMs: 15 * 60 * 1000,
});

export type RenditionJobPayload = JobPayload<typeof renditionsJob>;
