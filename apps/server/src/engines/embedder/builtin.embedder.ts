import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { EngineStatus } from '../engine.ts';
import { downloadInBackground, downloadKey, localDownloads } from '../writer/local/local-download.ts';
import {
  EMBEDDING_MODELS,
  type EmbeddingModelInfo,
  findEmbeddingModel,
  isModelPath,
  localModelPath,
} from '../writer/local/local-models.ts';
import { LocalLlmRuntime } from '../writer/local/local-runtime.ts';
import type { EmbedderEngine, EmbedPurpose } from './embedder.ts';

/** The built-in embedding model's settings (EMBEDDING_MODEL, and the local model's folder and threads). */
export interface BuiltinEmbedderConfig {
  /** A catalogue name (`embeddinggemma-300m`) or the path of a `.gguf` file. */
  model: string;
  modelsDir: string;
  modelsUrl: string;
  autoDownload: boolean;
  threads: number;
  idleMs: number;
  heapLimitMb: number;
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 ** 2)} MB`;

/**
 * A GGUF embedding model run by node-llama-cpp in a child process of its own (the same runtime as
 * the built-in writer's, a second process, so neither model unloads the other), at a lower CPU
 * priority than the server and unloaded after a while without work. Ready once its file is on disk.
 */
export class BuiltinEmbedder implements EmbedderEngine {
  readonly id = 'builtin';
  readonly kind = 'embedder' as const;
  readonly name = 'Built-in embedding model';

  constructor(
    readonly config: BuiltinEmbedderConfig,
    readonly runtime: LocalLlmRuntime = new LocalLlmRuntime({
      idleMs: config.idleMs,
      heapLimitMb: config.heapLimitMb,
    }),
  ) {}

  /** The model file, the name vectors are stored under, and the catalogue entry when there is one. */
  target(): { file: string; label: string; info?: EmbeddingModelInfo } | { error: string } {
    const { model, modelsDir } = this.config;
    if (isModelPath(model)) return { file: path.resolve(model), label: path.basename(model, '.gguf') };
    const info = findEmbeddingModel(model);
    if (!info)
      return {
        error: `EMBEDDING_MODEL=${model} is neither a known embedding model (${EMBEDDING_MODELS.map((m) => m.name).join(', ')}) nor a .gguf file`,
      };
    return { file: localModelPath(modelsDir, info), label: info.name, info };
  }

  modelName(): string {
    const target = this.target();
    return 'error' in target ? this.config.model : target.label;
  }

  async status(): Promise<EngineStatus> {
    const target = this.target();
    if ('error' in target)
      return {
        state: 'misconfigured',
        reason: 'The chosen embedding model is unknown',
        detail: target.error,
        hint: 'Run npm run models -- list and set EMBEDDING_MODEL to one of the embedding models, or to the path of a .gguf file',
      };
    const present = await stat(target.file).catch(() => null);
    const bytes = target.info?.bytes;
    const complete = present?.isFile() === true && (bytes === undefined || present.size === bytes);
    if (complete)
      return {
        state: 'ready',
        reason: `Embedding model ${target.label} on this server`,
        detail: `${target.file}; ${this.config.threads} CPU thread${this.config.threads === 1 ? '' : 's'}; ${this.runtime.state === 'loaded' ? `loaded in process ${this.runtime.pid}` : 'loaded on first use'}`,
        model: { name: target.label, state: 'downloaded' },
      };
    if (bytes === undefined)
      return {
        state: 'misconfigured',
        reason: 'The embedding model’s file is missing',
        detail: `No file at ${target.file} (EMBEDDING_MODEL)`,
        hint: 'Set EMBEDDING_MODEL to the path of an existing .gguf file, or to a catalogue name',
      };
    if (this.config.autoDownload)
      downloadInBackground(target.label, this.config.modelsDir, this.config.modelsUrl);
    const download = localDownloads.get(downloadKey(this.config.modelsDir, target.label));
    const size = { bytes };
    if (download?.state === 'downloading')
      return {
        state: 'missing',
        reason: `Embedding model ${target.label}: downloading ${download.percent} %`,
        detail: `downloading ${download.percent} % of ${megabytes(bytes)} to ${target.file}`,
        model: { name: target.label, state: 'downloading', percent: download.percent, ...size },
      };
    if (download?.state === 'failed') {
      const why = download.why ?? 'the download failed';
      return {
        state: 'misconfigured',
        reason: `Embedding model ${target.label}: the download failed: ${why}`,
        detail: `failed: ${download.error ?? why}`,
        hint: `Run npm run models -- pull ${target.label}, or download it again in Settings → Server`,
        model: { name: target.label, state: 'download_failed', reason: why, ...size },
      };
    }
    return {
      state: 'missing',
      reason: `Embedding model ${target.label}: not downloaded: ${megabytes(bytes)}`,
      detail: `not downloaded: ${megabytes(bytes)}; expected at ${target.file}`,
      hint: `Download it in Settings → Server, run npm run models -- pull ${target.label}, or POST /api/v1/admin/models/${target.label}/download`,
      model: { name: target.label, state: 'not_downloaded', ...size },
    };
  }

  async embed(texts: readonly string[], purpose: EmbedPurpose, signal?: AbortSignal): Promise<number[][]> {
    const target = this.target();
    if ('error' in target) throw new Error(target.error);
    const present = await stat(target.file).catch(() => null);
    if (!present?.isFile()) throw new Error(`the embedding model file ${target.file} is not there`);
    const prefix = target.info
      ? purpose === 'query'
        ? target.info.queryPrefix
        : target.info.documentPrefix
      : '';
    const spec = {
      path: target.file,
      contextTokens: target.info?.contextTokens ?? 2048,
      threads: this.config.threads,
      gpu: false as const,
      parallel: 1,
      // The catalogue's figure; for another file its size plus a fifth and 256 MB of work space.
      ramBytes: target.info?.ramBytes ?? Math.round(present.size * 1.2 + 256 * 1024 ** 2),
      embedding: true,
    };
    return this.runtime.embed(
      spec,
      texts.map((t) => prefix + t),
      signal,
    );
  }

  close(): Promise<void> {
    return this.runtime.close();
  }
}
