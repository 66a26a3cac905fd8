import type {
  AdminJob,
  AdminModel,
  AdminModels,
  LlmTestRequest,
  LlmTestResponse,
  WhisperDownloadStarted,
  WhisperModels,
} from '@voxpress/contracts';
import type { Config } from '../../config/config.ts';
import type { Database } from '../../db/database.ts';
import {
  findSpeakerModel,
  listSpeakerModels,
  SPEAKER_MODELS,
} from '../../engines/diarizer/sherpa/sherpa-models.ts';
import {
  currentWhisperHardware,
  defaultWhisperModel,
  findModel,
  listModels as listWhisperModels,
  WHISPER_MODELS,
} from '../../engines/speech/whisper-models.ts';
import {
  currentHardware,
  defaultLocalModel,
  EMBEDDING_MODELS,
  findDownloadableModel,
  type ListedLocalModel,
  LOCAL_MODELS,
  listLocalModels,
} from '../../engines/writer/local/local-models.ts';
import { localModelDownloadJob } from '../../jobs/local-model-download.job.ts';
import { speakerModelDownloadJob } from '../../jobs/speaker-model-download.job.ts';
import { whisperModelDownloadJob } from '../../jobs/whisper-model-download.job.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { testLlmConnection } from '../../net/llm-destination.ts';
import type { Queue } from '../../queue/queue.ts';
import { AdminJobsRepository } from '../../repositories/admin-jobs.repository.ts';
import {
  ModelDownloads,
  modelKey,
  modelState,
  RECENT_DOWNLOAD_MS as RECENT_MS,
} from '../engines/model-downloads.ts';
import type { ServerSettings } from '../settings/server-settings.service.ts';
import { type ModelsInUseDeps, modelsInUse } from './models-in-use.ts';

/** What the administrator's tools use, passed in by the composition root. */
export interface AdminDeps extends ModelsInUseDeps {
  database: Pick<Database, 'db'>;
  queue: Pick<Queue, 'enqueue' | 'get'>;
  config: Pick<Config, 'publishAllowPrivate' | 'speech' | 'llm' | 'embedding'>;
  serverSettings: Pick<ServerSettings, 'current' | 'llm' | 'whisperModel'>;
}

/**
 * Memory whisper.cpp needs to run each model, as its README publishes it ("Memory usage": tiny
 * ~273 MB, base ~388 MB, small ~852 MB, medium ~2.1 GB, large ~3.9 GB); an English-only model is
 * the same size as its multilingual one. Not published for large-v3-turbo: left unknown.
 */
const WHISPER_RAM_BYTES: Record<string, number> = {
  tiny: 273e6,
  'tiny.en': 273e6,
  base: 388e6,
  'base.en': 388e6,
  small: 852e6,
  'small.en': 852e6,
  medium: 2.1e9,
  'medium.en': 2.1e9,
  'large-v3': 3.9e9,
};

/** The administrator's tools: language-model connection test, whisper models and their downloads. */
export class AdminService {
  private readonly jobs: AdminJobsRepository;
  private readonly downloads: ModelDownloads;
  constructor(private readonly ctx: AdminDeps) {
    this.jobs = new AdminJobsRepository(ctx.database.db);
    this.downloads = new ModelDownloads(ctx.database.db);
  }

  /** Asks the provider for its models with the values given, else those in force. */
  async testLlm(request: LlmTestRequest): Promise<LlmTestResponse> {
    const view = (await this.ctx.serverSettings.current()).view.llm[request.provider];
    const llm = await this.ctx.serverSettings.llm();
    const savedKey =
      request.provider === 'openai'
        ? llm.openai?.apiKey
        : request.provider === 'anthropic'
          ? llm.anthropic?.apiKey
          : undefined;
    const baseUrl = request.base_url ?? view.base_url;
    if (!baseUrl)
      throw new HttpError(400, 'bad_request', 'Enter the server’s base URL first.', { field: 'base_url' });
    const started = performance.now();
    const result = await testLlmConnection(request.provider, baseUrl, request.api_key ?? savedKey, {
      allowPrivate: this.ctx.config.publishAllowPrivate,
    });
    return { ...result, duration_ms: Math.round(performance.now() - started) };
  }

  async whisperModels(stored?: Map<string, NonNullable<AdminModel['download']>>): Promise<WhisperModels> {
    const { modelsDir, model } = this.ctx.config.speech.whisper;
    const [models, downloads, chosen] = await Promise.all([
      listWhisperModels(modelsDir),
      stored ?? this.downloads.latest(),
      this.ctx.serverSettings.whisperModel(),
    ]);
    // The administrator's choice at run time, else WHISPER_MODEL (or the one picked for this machine).
    const configured = chosen ?? model;
    return {
      models_dir: modelsDir,
      models: models.map((m) => ({
        name: m.name,
        bytes: m.bytes,
        multilingual: m.multilingual,
        description: m.description,
        downloaded: m.downloaded,
        configured: m.name === configured,
        custom: m.custom,
        // An administrator's download, or a transcription fetching the model on first use.
        download: downloads.get(modelKey('speech', m.name)) ?? null,
      })),
    };
  }

  /** Queues a download, or hands back the one already under way for this model. */
  async downloadWhisperModel(name: string): Promise<Omit<WhisperDownloadStarted, 'stream_url'>> {
    if (!findModel(name))
      throw new HttpError(404, 'model_unknown', `There is no whisper model called “${name}”.`, {
        known: WHISPER_MODELS.map((m) => m.name).join(', '),
      });
    const recent = await this.jobs.recent(whisperModelDownloadJob.name, new Date(Date.now() - RECENT_MS));
    const running = recent.find(
      (j) =>
        (j.payload as { model?: string }).model === name && (j.status === 'queued' || j.status === 'running'),
    );
    const id = running?.id ?? (await this.ctx.queue.enqueue(whisperModelDownloadJob, { model: name })).id;
    return { job_id: id, status_url: `/api/v1/admin/jobs/${id}` };
  }

  /**
   * Every model of every kind (speech, language) with its state and latest download, as stored
   * with its job (the same in every process). `in_use` is what the routers would pick now: the
   * built-in language model only when no remote model or Ollama writes first, whisper only when
   * no other speech engine comes before it.
   */
  async models(): Promise<AdminModels> {
    const stored = await this.downloads.latest();
    const local = this.ctx.config.llm.local;
    const [whisper, inUse] = await Promise.all([this.whisperModels(stored), modelsInUse(this.ctx)]);
    const modelsDir = local?.modelsDir ?? whisper.models_dir;
    const embedding = this.ctx.config.embedding.builtin;
    const [languageModels, embeddingModels, speakerModels] = await Promise.all([
      listLocalModels(modelsDir),
      listLocalModels(embedding?.modelsDir ?? modelsDir, EMBEDDING_MODELS),
      listSpeakerModels(whisper.models_dir),
    ]);
    const whisperDefault = defaultWhisperModel(currentWhisperHardware()).name;
    const speech: AdminModel[] = whisper.models.map((m) => ({
      name: m.name,
      kind: 'speech',
      bytes: m.bytes,
      description: m.description,
      languages: null,
      ram_bytes: WHISPER_RAM_BYTES[m.name] ?? null,
      licence: m.custom ? null : 'MIT',
      state: modelState(m.downloaded, m.download),
      configured: m.configured,
      in_use: m.configured && m.downloaded && inUse.whisper,
      context_tokens: null,
      recommended: m.name === whisperDefault,
      download: m.download,
    }));
    const hardware = currentHardware();
    const recommended = defaultLocalModel(hardware).name;
    /** A GGUF catalogue model (a writer's or an embedding one) as the models list shows it. */
    const gguf = (
      m: ListedLocalModel,
      kind: 'language' | 'embedding',
      chosen: string | undefined,
      serving: boolean,
      best: string | undefined,
    ): AdminModel => {
      const download = stored.get(modelKey(kind, m.name)) ?? null;
      return {
        name: m.name,
        kind,
        bytes: m.bytes,
        description: m.description,
        languages: [...m.languages],
        ram_bytes: Math.round(m.ramBytes),
        licence: m.licence,
        state: modelState(m.downloaded, download),
        configured: chosen === m.name,
        in_use: chosen === m.name && m.downloaded && serving,
        context_tokens: m.contextTokens,
        recommended: m.name === best,
        download,
      };
    };
    const language = languageModels.map((m) => gguf(m, 'language', local?.model, inUse.local, recommended));
    const embeddings = embeddingModels.map((m) =>
      gguf(m, 'embedding', embedding?.model, inUse.embedding, EMBEDDING_MODELS[0]?.name),
    );
    // The speaker models work as a pair: both in use once both are on disk.
    const speakersReady = speakerModels.every((m) => m.downloaded);
    const speakers: AdminModel[] = speakerModels.map((m) => {
      const download = stored.get(modelKey('speakers', m.name)) ?? null;
      return {
        name: m.name,
        kind: 'speakers',
        bytes: m.sizeOnDisk ?? m.bytes ?? 0,
        description: m.description,
        languages: null,
        ram_bytes: null,
        licence: m.licence,
        state: modelState(m.downloaded, download),
        configured: true,
        in_use: speakersReady,
        context_tokens: null,
        recommended: false,
        download,
      };
    });
    return {
      models_dir: whisper.models_dir,
      models: [...speech, ...language, ...speakers, ...embeddings],
      language: local
        ? {
            setting: local.modelChosen ? null : local.model,
            model: local.model,
            recommended,
            free_memory_bytes: hardware.freeBytes,
            cores: hardware.cores,
          }
        : null,
    };
  }

  /** Queues a download of a model of any kind, or hands back the one under way. */
  async downloadAnyModel(name: string): Promise<Omit<WhisperDownloadStarted, 'stream_url'>> {
    if (findModel(name)) return this.downloadWhisperModel(name);
    const kind = findSpeakerModel(name)
      ? speakerModelDownloadJob
      : findDownloadableModel(name)
        ? localModelDownloadJob
        : null;
    if (!kind)
      throw new HttpError(404, 'model_unknown', `There is no model called “${name}”.`, {
        known: [...WHISPER_MODELS, ...LOCAL_MODELS, ...SPEAKER_MODELS, ...EMBEDDING_MODELS]
          .map((m) => m.name)
          .join(', '),
      });
    const recent = await this.jobs.recent(kind.name, new Date(Date.now() - RECENT_MS));
    const running = recent.find(
      (j) =>
        (j.payload as { model?: string }).model === name && (j.status === 'queued' || j.status === 'running'),
    );
    const id = running?.id ?? (await this.ctx.queue.enqueue(kind, { model: name })).id;
    return { job_id: id, status_url: `/api/v1/admin/jobs/${id}` };
  }

  async job(id: string): Promise<AdminJob> {
    const job = await this.ctx.queue.get(id);
    if (
      !job ||
      (job.name !== whisperModelDownloadJob.name &&
        job.name !== localModelDownloadJob.name &&
        job.name !== speakerModelDownloadJob.name)
    )
      throw notFound('Job not found', 'job_not_found');
    return {
      job_id: job.id,
      status: job.status,
      progress: job.progress,
      message: job.progressMessage,
      error: job.error,
    };
  }
}
