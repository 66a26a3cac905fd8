import { z } from 'zod';
import { defineJob } from '../queue/queue.ts';

/**
 * Transcribes one audio item. Three runs at most; an hour per run covers a 100 MB file on a slow
 * engine. A run cut short by a crash or restart is recovered by the queue and starts again.
 */
export const transcribeJob = defineJob({
  name: 'audio.transcribe',
  payload: z.object({ audioId: z.uuid() }),
  maxAttempts: 3,
  timeoutMs: 60 * 60 * 1000,
  backoffMs: (attempt) => Math.min(60_000, 2000 * 2 ** (attempt - 1)),
});
