import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { EngineStatus } from '../../engine.ts';
import type { LlmProvider, ResolvedModel } from '../llm/llm-providers.ts';
import { type DownloadState, downloadInBackground, downloadKey, localDownloads } from './local-download.ts';
import { LocalLanguageModel } from './local-language-model.ts';
import {
  findLocalModel,
  isModelPath,
  LOCAL_MODELS,
  type LocalModelInfo,
  localModelPath,
} from './local-models.ts';
import { LocalLlmRuntime, LocalModelError } from './local-runtime.ts';

/** The built-in local model's settings (LLM_LOCAL_*). */
export interface LocalLlmConfig {
  /** A catalogue name (`qwen3-1.7b`) or the path of a `.gguf` file. */
  model: string;
  /** True when the model was picked for this machine rather than set. */
  modelChosen: boolean;
  modelsDir: string;
  modelsUrl: string;
  autoDownload: boolean;
  threads: number;
  contextTokens: number;
  /** The model is unloaded after this long without work. */
  idleMs: number;
  gpu: 'auto' | false;
  temperature: number;
  /** Most tokens in one answer when the caller names no limit. */
  maxTokens: number;
  seed?: number;
  /** Cap on the model process's JavaScript heap, in MB. */
  heapLimitMb: number;
  /** Generations the model runs at once in this process (LLM_LOCAL_PARALLEL); each more needs memory. */
  parallel: number;
}

/** How long a refusal for want of memory is shown before the model is tried again. */
const MEMORY_REFUSAL_MS = 60_000;

const gigabytes = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GB`;

/**
 * The built-in local model behind the language-model port: a GGUF file run by node-llama-cpp in
 * a child process of its own on this machine, with no server or key. Ready once its file is on disk; until
 * then its status says what is missing ("not downloaded: 1.7 GB", "downloading 41 %").
 */
export class LocalLlmProvider implements LlmProvider {
  readonly id = 'local';
  readonly name = 'Built-in local model';
  private loadFailure: { file: string; mtimeMs: number; message: string; until?: number } | undefined;

  constructor(
    readonly config: LocalLlmConfig,
    readonly runtime: LocalLlmRuntime = new LocalLlmRuntime({
      idleMs: config.idleMs,
      heapLimitMb: config.heapLimitMb,
    }),
    private readonly downloads: (model: string) => DownloadState | undefined = () => undefined,
  ) {}

  /** The model file and the name it is known by. */
  target(): { file: string; label: string; bytes: number | null } | { error: string } {
    const { model, modelsDir } = this.config;
    if (isModelPath(model)) return { file: path.resolve(model), label: path.basename(model), bytes: null };
    const info = findLocalModel(model);
    if (!info)
      return {
        error: `LLM_LOCAL_MODEL=${model} is neither a known model (${LOCAL_MODELS.map((m) => m.name).join(', ')}) nor a .gguf file`,
      };
    return { file: localModelPath(modelsDir, info), label: info.name, bytes: info.bytes };
  }

  async status(): Promise<EngineStatus> {
    const target = this.target();
    if ('error' in target)
      return {
        state: 'misconfigured',
        reason: 'The chosen built-in model is unknown',
        detail: target.error,
        hint: 'Run npm run models -- list and set LLM_LOCAL_MODEL to one of the names, or to the path of a .gguf file',
      };
    const present = await stat(target.file).catch(() => null);
    const complete = present?.isFile() === true && (target.bytes === null || present.size === target.bytes);
    if (!complete) {
      if (this.config.autoDownload && target.bytes !== null) this.startDownload();
      const download = this.downloads(this.config.model);
      const name = target.label;
      const size = target.bytes === null ? {} : { bytes: target.bytes };
      if (download?.state === 'downloading')
        return {
          state: 'missing',
          reason: `Built-in model ${name}: downloading ${download.percent} %`,
          detail: `downloading ${download.percent} % of ${gigabytes(target.bytes ?? 0)} to ${target.file}`,
          model: { name, state: 'downloading', percent: download.percent, ...size },
        };
      if (download?.state === 'failed') {
        const why = download.why ?? 'the download failed';
        return {
          state: 'misconfigured',
          reason: `Built-in model ${name}: the download failed: ${why}`,
          detail: `failed: ${download.error ?? why}`,
          hint: `Run npm run models -- pull ${this.config.model}, or download it again in Settings → Server → Built-in language models`,
          model: { name, state: 'download_failed', reason: why, ...size },
        };
      }
      if (target.bytes === null)
        return {
          state: 'misconfigured',
          reason: 'The built-in model’s file is missing',
          detail: `No file at ${target.file} (LLM_LOCAL_MODEL)`,
          hint: 'Set LLM_LOCAL_MODEL to the path of an existing .gguf file, or to a catalogue name',
        };
      return {
        state: 'missing',
        reason: `Built-in model ${target.label}: not downloaded: ${gigabytes(target.bytes)}`,
        detail: `not downloaded: ${gigabytes(target.bytes)}; expected at ${target.file}`,
        hint: `Download it in Settings → Server → Built-in language models, run npm run models -- pull ${this.config.model}, or POST /api/v1/admin/models/${this.config.model}/download`,
        model: { name: target.label, state: 'not_downloaded', bytes: target.bytes },
      };
    }
    const failure = this.loadFailure;
    const downloaded = { name: target.label, state: 'downloaded' as const };
    if (
      failure &&
      failure.file === target.file &&
      failure.mtimeMs === present.mtimeMs &&
      (failure.until === undefined || failure.until > Date.now())
    )
      return {
        state: 'misconfigured',
        reason: `Built-in model ${target.label}: failed: it could not be loaded`,
        detail: `failed: ${failure.message} (${target.file})`,
        hint: 'Download the model again, or free memory for it',
        model: downloaded,
      };
    return {
      state: 'ready',
      model: downloaded,
      reason: `Built-in model ${target.label} on this server`,
      detail: `${target.file}; ${this.config.threads} CPU thread${this.config.threads === 1 ? '' : 's'}${this.config.gpu === false ? ', GPU off' : ', GPU when found'}; ${await this.loadState()}`,
    };
  }

  /** Whether the model is in memory, for the administrator: loading, loaded (and how much), or not. */
  private async loadState(): Promise<string> {
    const { runtime } = this;
    const crash = runtime.lastCrash
      ? `; last crash ${runtime.lastCrash.at.toISOString()}: ${runtime.lastCrash.message}`
      : '';
    if (runtime.state === 'unloaded') return `loaded on first use${crash}`;
    if (runtime.state === 'loading') return `loading in process ${runtime.pid}${crash}`;
    const memory = await runtime.memory();
    const resident = memory ? `, ${(memory.residentBytes / 1024 ** 2).toFixed(0)} MB resident` : '';
    return `loaded in process ${runtime.pid}${resident}${crash}`;
  }

  async resolve(): Promise<ResolvedModel> {
    const target = this.target();
    if ('error' in target) throw new Error(target.error);
    const present = await stat(target.file).catch(() => null);
    if (!present?.isFile()) throw new Error(`the model file ${target.file} is not there`);
    const model = new LocalLanguageModel(
      target.label,
      this.runtime,
      {
        path: target.file,
        contextTokens: this.config.contextTokens,
        threads: this.config.threads,
        gpu: this.config.gpu,
        parallel: this.config.parallel,
        ramBytes: memoryNeed(findLocalModel(this.config.model), present.size, this.config.parallel),
      },
      {
        temperature: this.config.temperature,
        maxTokens: this.config.maxTokens,
        ...(this.config.seed !== undefined ? { seed: this.config.seed } : {}),
      },
    );
    const modelFailed = (err: unknown) => {
      if (err instanceof LocalModelError && err.kind === 'model')
        this.loadFailure = {
          file: target.file,
          mtimeMs: present.mtimeMs,
          message: err.message,
          // Memory frees up: a refusal for want of it, or a process that ended while loading, is
          // not held against the model for good.
          ...(err.details.memory || err.details.transient ? { until: Date.now() + MEMORY_REFUSAL_MS } : {}),
        };
    };
    return {
      model: withFailureHook(model, modelFailed),
      modelId: target.label,
      service: `the built-in local model (${target.label})`,
    };
  }

  close(): Promise<void> {
    return this.runtime.close();
  }

  /**
   * Downloads the configured catalogue model in the background (LLM_LOCAL_AUTO_DOWNLOAD), once:
   * its progress and a failure show in the status.
   */
  startDownload(): void {
    downloadInBackground(this.config.model, this.config.modelsDir, this.config.modelsUrl);
  }
}

/**
 * Memory the model needs loaded with `parallel` contexts: the catalogue's figure (file, one
 * context's cache and work space) plus the cache and work space again for each further
 * generation at once. For a file of another model: its size, plus 20 % and 0.5 GB per context.
 */
export function memoryNeed(info: LocalModelInfo | undefined, fileBytes: number, parallel: number): number {
  const extra = Math.max(0, parallel - 1);
  if (info) return Math.round(info.ramBytes + extra * (info.ramBytes - info.bytes));
  return Math.round(fileBytes * 1.2 + (1 + extra) * 0.5 * 1024 ** 3);
}

/** Remembers a model that failed to load, so its status says so and the router moves on. */
function withFailureHook(model: LocalLanguageModel, onError: (err: unknown) => void): LocalLanguageModel {
  const generate = model.doGenerate.bind(model);
  const streamed = model.doStream.bind(model);
  model.doGenerate = (options) =>
    Promise.resolve(generate(options)).catch((err: unknown) => {
      onError(err);
      throw err;
    });
  model.doStream = async (options) => {
    const result = await streamed(options);
    const [mine, theirs] = result.stream.tee();
    void (async () => {
      for await (const part of mine) if (part.type === 'error') onError(part.error);
    })();
    return { ...result, stream: theirs };
  };
  return model;
}

const shared = new Map<string, LocalLlmProvider>();

/** The one provider (and so the one loaded model) for these settings in this process. */
export function sharedLocalProvider(config: LocalLlmConfig): LocalLlmProvider {
  const key = JSON.stringify(config);
  let provider = shared.get(key);
  if (!provider) {
    provider = new LocalLlmProvider(config, undefined, (model) =>
      localDownloads.get(downloadKey(config.modelsDir, model)),
    );
    shared.set(key, provider);
  }
  return provider;
}
