import { z } from 'zod';
import { defineJob } from '../queue/queue.ts';

/**
 * Translates a written piece into its other languages, one after the other. Three runs at most; a
 * run that starts again skips the languages already done.
 */
export const contentTranslateJob = defineJob({
  name: 'content.translate',
  payload: z.object({ contentId: z.uuid() }),
  maxAttempts: 3,
  timeoutMs: 30 * 60 * 1000,
  backoffMs: (attempt) => Math.min(60_000, 2000 * 2 ** (attempt - 1)),
});
