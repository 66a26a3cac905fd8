import { z } from 'zod';
import { defineJob } from '../queue/queue.ts';

/**
 * Writes one piece in its first language. Three runs at most; a run cut short by a crash writes
 * the piece again (writing is idempotent: each run overwrites the first language).
 */
export const contentWriteJob = defineJob({
  name: 'content.write',
  payload: z.object({ contentId: z.uuid() }),
  maxAttempts: 3,
  timeoutMs: 30 * 60 * 1000,
  backoffMs: (attempt) => Math.min(60_000, 2000 * 2 ** (attempt - 1)),
});
