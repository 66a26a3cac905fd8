import { appendFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { defineJob, handleJob } from '../queue/queue.ts';

/**
 * Registered only with VOXPRESS_TEST_JOBS=true: appends `start <attempt>` to a file, works for a
 * while with progress, then appends `done`. The crash-recovery test counts the lines.
 */
export const testMarkerJob = defineJob({
  name: 'test.marker',
  payload: z.object({ file: z.string(), workMs: z.number().int().min(0) }),
  maxAttempts: 3,
  timeoutMs: 60_000,
  backoffMs: () => 100,
});

/** The marker job with its handler, for the queues that run it. */
export const testMarkerWorker = handleJob(
  testMarkerJob,
  async ({ payload, attempt, progress, signal }): Promise<{ ok: true }> => {
    await appendFile(payload.file, `start ${attempt}\n`);
    const steps = 10;
    for (let i = 1; i <= steps; i++) {
      await sleep(payload.workMs / steps, undefined, { signal });
      await progress((i / steps) * 100, `step ${i} of ${steps}`);
    }
    await appendFile(payload.file, 'done\n');
    return { ok: true };
  },
);
