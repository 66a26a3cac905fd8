import { z } from 'zod';
import { SPEAKERS_JOB } from '../pipeline/item-pipeline.ts';
import type { JobDefinition } from '../queue/queue.ts';
import type { SpeakersJobPayload, SpeakersService } from '../services/speakers/speakers.service.ts';

/**
 * Finds who speaks when in a transcribed item and labels its segments. Two runs at most; half an
 * hour covers a long recording on a slow machine (the built-in separator runs far faster).
 */
export function speakersJob(
  service: SpeakersService,
): JobDefinition<SpeakersJobPayload, { speakers: number }> {
  return {
    name: SPEAKERS_JOB,
    payload: z.object({ audioId: z.uuid(), transcriptionId: z.uuid() }),
    maxAttempts: 2,
    timeoutMs: 30 * 60 * 1000,
    backoffMs: (attempt) => Math.min(60_000, 5000 * 2 ** (attempt - 1)),
    handler: (job) => service.run(job),
  };
}
