import { z } from 'zod';
import { defineJob } from '../queue/queue.ts';

/**
 * Fetches an imported item's file (a link, a feed's episode, a video site's page), then starts its
 * transcription. Two runs at most: a network hiccup gets a second chance; a refusal (too large,
 * not media, blocked address) fails at once with its reason on the item. A run cut short by a
 * restart is recovered by the queue and fetches again.
 */
export const audioImportJob = defineJob({
  name: 'audio.import',
  payload: z.object({ audioId: z.uuid() }),
  maxAttempts: 2,
  // The fetch has its own 10-minute limit; checking a video's sound comes after it.
  timeoutMs: 20 * 60 * 1000,
  backoffMs: () => 5000,
});
