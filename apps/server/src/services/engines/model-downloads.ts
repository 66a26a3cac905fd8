import type { AdminModel } from '@voxpress/contracts';
import type { Db } from '../../db/database.ts';
import type { EngineModel } from '../../engines/engine.ts';
import { findEmbeddingModel } from '../../engines/writer/local/local-models.ts';
import { localModelDownloadJob } from '../../jobs/local-model-download.job.ts';
import { speakerModelDownloadJob } from '../../jobs/speaker-model-download.job.ts';
import { transcribeJob } from '../../jobs/transcribe.job.ts';
import { whisperModelDownloadJob } from '../../jobs/whisper-model-download.job.ts';
import { AdminJobsRepository } from '../../repositories/admin-jobs.repository.ts';
import { readSpeechModelDownload, SPEECH_DOWNLOAD_PREFIX } from './speech-download-message.ts';

/** Downloads older than this are no longer shown beside their model. */
export const RECENT_DOWNLOAD_MS = 24 * 60 * 60 * 1000;

/** The kinds of model file a download job fetches. */
export type ModelKind = AdminModel['kind'];

/** A model's latest download as the job queue stored it: the same in every process. */
export type ModelDownload = NonNullable<AdminModel['download']>;

const isUnderWay = (status: ModelDownload['status']) => status === 'queued' || status === 'running';

/**
 * Every model's latest download, read from the durable jobs rather than from the memory of the
 * process that runs them: an API process that runs no job (scale-out) shows the same percent as
 * the worker that downloads. The administrator's download jobs count, and so does a transcription
 * downloading the speech model on first use. A download under way wins over a newer one that ended.
 */
export class ModelDownloads {
  private readonly jobs: AdminJobsRepository;
  constructor(
    db: Db,
    private readonly now: () => number = Date.now,
  ) {
    this.jobs = new AdminJobsRepository(db);
  }

  /** Keyed by `modelKey(kind, name)`. */
  async latest(): Promise<Map<string, ModelDownload>> {
    const rows = await this.jobs.downloads(
      [whisperModelDownloadJob.name, localModelDownloadJob.name, speakerModelDownloadJob.name],
      new Date(this.now() - RECENT_DOWNLOAD_MS),
      { name: transcribeJob.name, messagePrefix: SPEECH_DOWNLOAD_PREFIX },
    );
    const out = new Map<string, ModelDownload>();
    for (const row of rows) {
      const seen = readSpeechModelDownload(row.name === transcribeJob.name ? row.progressMessage : null);
      const model = seen?.model ?? (row.payload as { model?: unknown }).model;
      if (typeof model !== 'string') continue;
      const kind: ModelKind =
        row.name === localModelDownloadJob.name
          ? findEmbeddingModel(model)
            ? 'embedding'
            : 'language'
          : row.name === speakerModelDownloadJob.name
            ? 'speakers'
            : 'speech';
      const key = modelKey(kind, model);
      const download: ModelDownload = {
        job_id: row.id,
        status: row.status,
        progress: Math.floor(seen ? seen.percent : row.progress),
        error: row.error,
      };
      const known = out.get(key);
      if (!known || (!isUnderWay(known.status) && isUnderWay(download.status))) out.set(key, download);
    }
    return out;
  }
}

export function modelKey(kind: ModelKind, name: string): string {
  return `${kind}:${name}`;
}

/** A model's state from whether its file is there and its latest download. */
export function modelState(downloaded: boolean, download: ModelDownload | null): AdminModel['state'] {
  if (downloaded) return 'ready';
  if (download && isUnderWay(download.status)) return 'downloading';
  return download?.status === 'failed' ? 'failed' : 'not_downloaded';
}

/** Words for an engine's model while it downloads, or once its download failed, by kind. */
const WORDS: Record<
  ModelKind,
  { downloading(name: string, percent: number): string; failed(name: string): string }
> = {
  speech: {
    downloading: (name, percent) => `Model ${name} is downloading: ${percent} %`,
    failed: (name) => `The whisper model ${name} is not downloaded`,
  },
  language: {
    downloading: (name, percent) => `Built-in model ${name}: downloading ${percent} %`,
    failed: (name) => `Built-in model ${name} is not downloaded`,
  },
  speakers: {
    downloading: (name, percent) => `Speaker model ${name} is downloading: ${percent} %`,
    failed: (name) => `The speaker model ${name} is not downloaded`,
  },
  embedding: {
    downloading: (name, percent) => `Embedding model ${name}: downloading ${percent} %`,
    failed: (name) => `Embedding model ${name} is not downloaded`,
  },
};

/**
 * An engine as the engines view shows it, its model's download taken from the stored jobs: the
 * percent of a download under way in any process, or that the last download failed when this
 * process does not know it (it ran elsewhere). Engines without a model, or with theirs on disk,
 * are left as they are.
 */
export function withStoredDownload<D extends { reason: string; detail: string; model?: EngineModel }>(
  described: D,
  kind: ModelKind,
  downloads: ReadonlyMap<string, ModelDownload>,
): D {
  const model = described.model;
  if (!model || model.state === 'downloaded') return described;
  const download = downloads.get(modelKey(kind, model.name));
  if (!download) return described;
  if (isUnderWay(download.status)) {
    const percent = Math.max(download.progress, model.state === 'downloading' ? (model.percent ?? 0) : 0);
    const reason = WORDS[kind].downloading(model.name, percent);
    return {
      ...described,
      reason,
      detail: `${reason} (download job ${download.job_id})`,
      model: { ...model, state: 'downloading', percent },
    };
  }
  if (download.status === 'failed' && model.state === 'not_downloaded') {
    const why = 'its last download failed';
    return {
      ...described,
      reason: `${WORDS[kind].failed(model.name)}: ${why}`,
      detail: `${described.detail}; download job ${download.job_id} failed: ${download.error ?? 'no reason given'}`,
      model: { ...model, state: 'download_failed', reason: why },
    };
  }
  return described;
}
