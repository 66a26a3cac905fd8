import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { embedMany } from 'ai';
import type { EngineStatus } from '../engine.ts';
import type { EmbedderEngine } from './embedder.ts';

/** An OpenAI-compatible embeddings server (EMBEDDING_BASE_URL, EMBEDDING_API_KEY, EMBEDDING_REMOTE_MODEL). */
export interface RemoteEmbedderConfig {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs: number;
  maxRetries: number;
}

/** Texts sent in one request, at most. */
const BATCH = 64;

/**
 * Embeddings from a server that speaks OpenAI's `POST /embeddings` (OpenAI, Ollama's `/v1`, a
 * llama.cpp or vLLM server, LM Studio). Texts leave this server for it, as a remote writer's do.
 */
export class RemoteEmbedder implements EmbedderEngine {
  readonly id = 'remote';
  readonly kind = 'embedder' as const;
  readonly name = 'OpenAI-compatible embeddings API';

  constructor(private readonly config: RemoteEmbedderConfig | undefined) {}

  modelName(): string {
    return this.config?.model ?? '';
  }

  async status(): Promise<EngineStatus> {
    if (!this.config)
      return {
        state: 'missing',
        reason: 'No embeddings server is set up',
        detail: 'Not configured',
        hint: 'Set EMBEDDING_BASE_URL (e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 for Ollama), EMBEDDING_API_KEY and EMBEDDING_REMOTE_MODEL',
      };
    return {
      state: 'ready',
      reason: `Embedding model ${this.config.model}`,
      detail: `Model ${this.config.model} at ${this.config.baseUrl}`,
    };
  }

  async embed(texts: readonly string[], _purpose: unknown, signal?: AbortSignal): Promise<number[][]> {
    const config = this.config;
    if (!config) throw new Error('EMBEDDING_BASE_URL is not set');
    const provider = createOpenAICompatible({
      name: 'embeddings',
      baseURL: config.baseUrl,
      ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    });
    const timeout = AbortSignal.timeout(config.timeoutMs);
    const abortSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const vectors: number[][] = [];
    for (let i = 0; i < texts.length; i += BATCH) {
      const { embeddings } = await embedMany({
        model: provider.embeddingModel(config.model),
        values: texts.slice(i, i + BATCH),
        maxRetries: config.maxRetries,
        abortSignal,
      });
      vectors.push(...embeddings);
    }
    return vectors;
  }
}
