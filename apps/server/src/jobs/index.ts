import type { AppContext } from '../app-context.ts';
import { audioImportJob } from './audio-import.job.ts';
import { contentTranslateJob } from './content-translate.job.ts';
import { contentWriteJob } from './content-write.job.ts';
import { infographicsJob } from './infographics.job.ts';
import { localModelDownloadJob } from './local-model-download.job.ts';
import { renditionsJob } from './renditions.job.ts';
import { speakerModelDownloadJob } from './speaker-model-download.job.ts';
import { speakersJob } from './speakers.job.ts';
import { testMarkerJob } from './test-marker.job.ts';
import { transcribeJob } from './transcribe.job.ts';
import { webhookDeliverJob } from './webhook-deliver.job.ts';
import { whisperModelDownloadJob } from './whisper-model-download.job.ts';

/** Declares every job kind this server knows. Each job lives in its own `*.job.ts` file. */
export function registerJobs(ctx: AppContext): void {
  ctx.queue.register(audioImportJob(ctx.audioImport));
  ctx.queue.register(transcribeJob(ctx.transcribe));
  ctx.queue.register(speakersJob(ctx.speakers));
  ctx.queue.register(contentWriteJob(ctx.writeContent));
  ctx.queue.register(contentTranslateJob(ctx.translateContent));
  ctx.queue.register(whisperModelDownloadJob(ctx.config.speech.whisper));
  ctx.queue.register(
    localModelDownloadJob({
      modelsDir: ctx.config.llm.local?.modelsDir ?? ctx.config.speech.whisper.modelsDir,
      modelsUrl: ctx.config.llm.local?.modelsUrl ?? 'https://huggingface.co',
    }),
  );
  ctx.queue.register(speakerModelDownloadJob({ modelsDir: ctx.config.speech.whisper.modelsDir }));
  ctx.queue.register(renditionsJob(ctx.renditions));
  ctx.queue.register(webhookDeliverJob(ctx.webhooks));
  ctx.queue.register(infographicsJob(ctx.infographics.jobs));
  if (ctx.config.jobs.testJobs) ctx.queue.register(testMarkerJob);
}
