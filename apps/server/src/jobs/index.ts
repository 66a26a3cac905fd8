import type { Config } from '../config/config.ts';
import { handleJob, type JobContext, type JobKind, type JobPayload, type Queue } from '../queue/queue.ts';
import { audioImportJob } from './audio-import.job.ts';
import { contentTranslateJob } from './content-translate.job.ts';
import { contentWriteJob } from './content-write.job.ts';
import { infographicsJob } from './infographics.job.ts';
import { localModelDownloadWorker } from './local-model-download.job.ts';
import { renditionsJob } from './renditions.job.ts';
import { searchEmbedJob } from './search-embed.job.ts';
import { speakerModelDownloadWorker } from './speaker-model-download.job.ts';
import { speakersJob } from './speakers.job.ts';
import { testMarkerWorker } from './test-marker.job.ts';
import { transcribeJob } from './transcribe.job.ts';
import { webhookDeliverJob } from './webhook-deliver.job.ts';
import { whisperModelDownloadWorker } from './whisper-model-download.job.ts';

/** Runs the jobs of kind `J` (a service's `run`). */
interface Runs<J extends JobKind> {
  run(job: JobContext<JobPayload<J>>): Promise<unknown>;
}

/** What registering the job kinds needs: the queue, the download jobs' settings and each kind's runner. */
export interface JobRunners {
  queue: Pick<Queue, 'register'>;
  config: Pick<Config, 'speech' | 'llm' | 'jobs'>;
  audioImport: Runs<typeof audioImportJob>;
  transcribe: Runs<typeof transcribeJob>;
  speakers: Runs<typeof speakersJob>;
  writeContent: Runs<typeof contentWriteJob>;
  translateContent: Runs<typeof contentTranslateJob>;
  renditions: Runs<typeof renditionsJob>;
  webhooks: { deliver(job: JobContext<JobPayload<typeof webhookDeliverJob>>): Promise<unknown> };
  infographics: { jobs: Runs<typeof infographicsJob> };
  meaning: Runs<typeof searchEmbedJob>;
}

/**
 * Declares every job kind this server knows, each with what runs it. A kind (name, payload schema,
 * limits) lives in its own `*.job.ts`; most are run by a service's `run`.
 */
export function registerJobs(ctx: JobRunners): void {
  const { queue } = ctx;
  queue.register(handleJob(audioImportJob, (job) => ctx.audioImport.run(job)));
  queue.register(handleJob(transcribeJob, (job) => ctx.transcribe.run(job)));
  queue.register(handleJob(speakersJob, (job) => ctx.speakers.run(job)));
  queue.register(handleJob(contentWriteJob, (job) => ctx.writeContent.run(job)));
  queue.register(handleJob(contentTranslateJob, (job) => ctx.translateContent.run(job)));
  queue.register(whisperModelDownloadWorker(ctx.config.speech.whisper));
  queue.register(
    localModelDownloadWorker({
      modelsDir: ctx.config.llm.local?.modelsDir ?? ctx.config.speech.whisper.modelsDir,
      modelsUrl: ctx.config.llm.local?.modelsUrl ?? 'https://huggingface.co',
    }),
  );
  queue.register(speakerModelDownloadWorker({ modelsDir: ctx.config.speech.whisper.modelsDir }));
  queue.register(handleJob(renditionsJob, (job) => ctx.renditions.run(job)));
  queue.register(handleJob(webhookDeliverJob, (job) => ctx.webhooks.deliver(job)));
  queue.register(handleJob(infographicsJob, (job) => ctx.infographics.jobs.run(job)));
  queue.register(handleJob(searchEmbedJob, (job) => ctx.meaning.run(job)));
  if (ctx.config.jobs.testJobs) queue.register(testMarkerWorker);
}
