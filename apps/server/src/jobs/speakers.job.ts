import { z } from 'zod';
import { defineJob, type JobPayload } from '../queue/queue.ts';

/**
 * Finds who speaks when in a transcribed item and labels its segments (after transcription; the
 * transcript is usable meanwhile). Two runs at most; half an hour covers a long recording on a
 * slow machine (the built-in separator runs far faster).
 */
export const speakersJob = defineJob({
  name: 'audio.speakers',
  payload: z.object({ audioId: z.uuid(), transcriptionId: z.uuid() }),
  maxAttempts: 2,
  timeoutMs: 30 * 60 * 1000,
  backoffMs: (attempt) => Math.min(60_000, 5000 * 2 ** (attempt - 1)),
});

export type SpeakersJobPayload = JobPayload<typeof speakersJob>;
