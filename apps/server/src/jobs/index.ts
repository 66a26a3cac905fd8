import type { AppContext } from '../app-context.ts';
import { enhanceJob } from './enhance.job.ts';
import { testMarkerJob } from './test-marker.job.ts';
import { transcribeJob } from './transcribe.job.ts';

/** Declares every job kind this server knows. Each job lives in its own `*.job.ts` file. */
export function registerJobs(ctx: AppContext): void {
  ctx.queue.register(transcribeJob(ctx.transcribe));
  ctx.queue.register(enhanceJob(ctx.enhance));
  if (ctx.config.jobs.testJobs) ctx.queue.register(testMarkerJob);
}
