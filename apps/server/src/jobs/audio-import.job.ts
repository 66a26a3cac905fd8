import { z } from 'zod';
import type { JobDefinition } from '../queue/queue.ts';
import { AUDIO_IMPORT_JOB, type AudioImportService } from '../services/audio-import/audio-import.service.ts';

/**
 * Fetches an imported item's file (a link, a feed's episode, a video site's page), then starts its
 * transcription. Two runs at most: a network hiccup gets a second chance; a refusal (too large,
 * not media, blocked address) fails at once with its reason on the item. A run cut short by a
 * restart is recovered by the queue and fetches again.
 */
export function audioImportJob(
  service: AudioImportService,
): JobDefinition<{ audioId: string }, { size: number }> {
  return {
    name: AUDIO_IMPORT_JOB,
    payload: z.object({ audioId: z.uuid() }),
    maxAttempts: 2,
    // The fetch has its own 10-minute limit; checking a video's sound comes after it.
    timeoutMs: 20 * 60 * 1000,
    backoffMs: () => 5000,
    handler: (job) => service.run(job),
  };
}
