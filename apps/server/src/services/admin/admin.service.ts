import type {
  AdminJob,
  LlmTestRequest,
  LlmTestResponse,
  WhisperDownloadStarted,
  WhisperModels,
} from '@voxpress/contracts';
import type { AppContext } from '../../app-context.ts';
import {
  findModel,
  listModels as listWhisperModels,
  WHISPER_MODELS,
} from '../../engines/speech/whisper-models.ts';
import { listModels } from '../../engines/writer/llm/llm-models.ts';
import { WHISPER_DOWNLOAD_JOB } from '../../jobs/whisper-model-download.job.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { AdminJobsRepository } from '../../repositories/admin-jobs.repository.ts';

/** Downloads older than this are no longer shown beside their model. */
const RECENT_MS = 24 * 60 * 60 * 1000;

/** The administrator's tools: language-model connection test, whisper models and their downloads. */
export class AdminService {
  private readonly jobs: AdminJobsRepository;
  constructor(private readonly ctx: AppContext) {
    this.jobs = new AdminJobsRepository(ctx.database.db);
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
    const result = await listModels(request.provider, baseUrl, request.api_key ?? savedKey);
    return { ...result, duration_ms: Math.round(performance.now() - started) };
  }

  async whisperModels(): Promise<WhisperModels> {
    const { modelsDir, model: configured } = this.ctx.config.speech.whisper;
    const [models, recent] = await Promise.all([
      listWhisperModels(modelsDir),
      this.jobs.recent(WHISPER_DOWNLOAD_JOB, new Date(Date.now() - RECENT_MS)),
    ]);
    return {
      models_dir: modelsDir,
      models: models.map((m) => {
        const job = recent.find((j) => (j.payload as { model?: string }).model === m.name);
        return {
          name: m.name,
          bytes: m.bytes,
          multilingual: m.multilingual,
          description: m.description,
          downloaded: m.downloaded,
          configured: m.name === configured,
          custom: m.custom,
          download: job
            ? { job_id: job.id, status: job.status, progress: job.progress, error: job.error }
            : null,
        };
      }),
    };
  }

  /** Queues a download, or hands back the one already under way for this model. */
  async downloadWhisperModel(name: string): Promise<Omit<WhisperDownloadStarted, 'stream_url'>> {
    if (!findModel(name))
      throw new HttpError(404, 'model_unknown', `There is no whisper model called “${name}”.`, {
        known: WHISPER_MODELS.map((m) => m.name).join(', '),
      });
    const recent = await this.jobs.recent(WHISPER_DOWNLOAD_JOB, new Date(Date.now() - RECENT_MS));
    const running = recent.find(
      (j) =>
        (j.payload as { model?: string }).model === name && (j.status === 'queued' || j.status === 'running'),
    );
    const id = running?.id ?? (await this.ctx.queue.enqueue(WHISPER_DOWNLOAD_JOB, { model: name })).id;
    return { job_id: id, status_url: `/api/v1/admin/jobs/${id}` };
  }

  async job(id: string): Promise<AdminJob> {
    const job = await this.ctx.queue.get(id);
    if (!job || job.name !== WHISPER_DOWNLOAD_JOB) throw notFound('Job not found', 'job_not_found');
    return {
      job_id: job.id,
      status: job.status,
      progress: job.progress,
      message: job.progressMessage,
      error: job.error,
    };
  }
}
