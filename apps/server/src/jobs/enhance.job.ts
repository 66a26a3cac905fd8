import { z } from 'zod';
import type { JobDefinition } from '../queue/queue.ts';
import { ENHANCE_JOB } from '../services/content/content.service.ts';
import type { EnhanceService } from '../services/content/enhance.service.ts';

/**
 * Writes one piece of content, then its translations. Three runs at most; a run cut short by a
 * crash starts the piece again (writing is idempotent: each run overwrites the piece).
 */
export function enhanceJob(
  service: EnhanceService,
): JobDefinition<{ contentId: string }, { contentId: string }> {
  return {
    name: ENHANCE_JOB,
    payload: z.object({ contentId: z.uuid() }),
    maxAttempts: 3,
    timeoutMs: 30 * 60 * 1000,
    backoffMs: (attempt) => Math.min(60_000, 2000 * 2 ** (attempt - 1)),
    handler: (job) => service.run(job),
  };
}
