import { z } from 'zod';
import type { JobDefinition } from '../queue/queue.ts';
import {
  RENDITIONS_JOB,
  type RenditionJobPayload,
  type RenditionService,
} from '../services/publishing/rendition.service.ts';

/** Makes a piece's renditions for one language (a language model's calls can take a while). */
export function renditionsJob(
  service: RenditionService,
): JobDefinition<RenditionJobPayload, { made: number }> {
  return {
    name: RENDITIONS_JOB,
    payload: z.object({
      contentId: z.uuid(),
      language: z.string(),
      platforms: z.array(z.string()).optional(),
      force: z.boolean(),
    }),
    maxAttempts: 3,
    timeoutMs: 15 * 60 * 1000,
    handler: (job) => service.run(job),
  };
}
