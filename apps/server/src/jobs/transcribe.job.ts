import { z } from 'zod';
import { TRANSCRIBE_JOB } from '../pipeline/item-pipeline.ts';
import type { JobDefinition } from '../queue/queue.ts';
import type { TranscribeService } from '../services/transcription/transcribe.service.ts';

/**
 * Transcribes one audio item. Three runs at most; an hour per run covers a 100 MB file on a slow
 * engine. A run cut short by a crash or restart is recovered by the queue and starts again.
 */
export function transcribeJob(
  service: TranscribeService,
): JobDefinition<{ audioId: string }, { transcriptionId: string }> {
  return {
    name: TRANSCRIBE_JOB,
    payload: z.object({ audioId: z.uuid() }),
    maxAttempts: 3,
    timeoutMs: 60 * 60 * 1000,
    backoffMs: (attempt) => Math.min(60_000, 2000 * 2 ** (attempt - 1)),
    handler: (job) => service.run(job),
  };
}
