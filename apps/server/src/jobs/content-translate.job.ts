import { z } from 'zod';
import { TRANSLATE_JOB } from '../pipeline/content-pipeline.ts';
import type { JobDefinition } from '../queue/queue.ts';
import type { TranslateService } from '../services/content/translate.service.ts';

/**
 * Translates a written piece into its other languages, one after the other. Three runs at most; a
 * run that starts again skips the languages already done.
 */
export function contentTranslateJob(service: TranslateService): JobDefinition<{ contentId: string }, void> {
  return {
    name: TRANSLATE_JOB,
    payload: z.object({ contentId: z.uuid() }),
    maxAttempts: 3,
    timeoutMs: 30 * 60 * 1000,
    backoffMs: (attempt) => Math.min(60_000, 2000 * 2 ** (attempt - 1)),
    handler: (job) => service.run(job),
  };
}
