import { z } from 'zod';
import { defineJob } from '../queue/queue.ts';

/**
 * Embeds the transcript passages that have no vector of the current embedding model yet, those
 * after `fromId` (a passage's id; 0: all), so that ask finds them by meaning. It picks up where it
 * stopped when run again: what is stored stays stored.
 */
export const searchEmbedJob = defineJob({
  name: 'search.embed',
  payload: z.object({ fromId: z.string().regex(/^\d+$/).default('0') }),
  maxAttempts: 3,
  timeoutMs: 6 * 60 * 60 * 1000,
  backoffMs: (attempt) => Math.min(60_000, 5000 * 2 ** (attempt - 1)),
});
