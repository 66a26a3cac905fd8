import os from 'node:os';
import path from 'node:path';
import type { BuiltinEmbedderConfig } from '../engines/embedder/builtin.embedder.ts';
import type { RemoteEmbedderConfig } from '../engines/embedder/remote.embedder.ts';
import { currentHardware, defaultLocalModel } from '../engines/writer/local/local-models.ts';
import type { LocalLlmConfig } from '../engines/writer/local/local-provider.ts';
import type { TranslationEngineId, WritingEnv } from './writing-env.schema.ts';

/** Where one language model is reached. */
export interface LlmEndpoint {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
}

/** The language models that write content, and how patient to be with them. */
export interface LlmConfig {
  /** Any OpenAI-compatible chat server; unset when LLM_BASE_URL is not set. */
  openai: LlmEndpoint | undefined;
  /** Unset when ANTHROPIC_API_KEY is not set. */
  anthropic: LlmEndpoint | undefined;
  /** Unset when discovery is off. `model` unset: the first model Ollama lists. */
  ollama: { url: string; model: string | undefined } | undefined;
  /** The built-in local model (node-llama-cpp); unset when LLM_LOCAL_MODEL=off. */
  local?: LocalLlmConfig | undefined;
  contextTokens: number;
  timeoutMs: number;
  maxRetries: number;
}

/**
 * The language-model settings of the environment, before they decide which providers are on: the
 * administrator's saved settings override them field by field (see `ServerSettings`).
 */
export interface LlmDefaults {
  openai: { baseUrl: string | undefined; apiKey: string | undefined; model: string };
  anthropic: { baseUrl: string; apiKey: string | undefined; model: string };
  ollama: { url: string; model: string | undefined; discovery: boolean };
}

/** The embedding models that let ask find passages by meaning; either may be unset. */
export interface EmbeddingConfig {
  /** Unset when EMBEDDING_BASE_URL is not set. */
  remote: RemoteEmbedderConfig | undefined;
  /** Unset when EMBEDDING_MODEL=off. */
  builtin: BuiltinEmbedderConfig | undefined;
}

export interface TranslationConfig {
  /** Translator ids in order of preference. */
  engines: TranslationEngineId[];
  deepl: { baseUrl: string; apiKey: string } | undefined;
  libretranslate: { url: string; apiKey: string | undefined } | undefined;
  timeoutMs: number;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** The writing and translation settings from the parsed environment. */
export function writingConfig(
  e: WritingEnv,
  /** Where the built-in model's files are kept (`<data>/models`). */
  modelsDir = 'models',
): {
  llm: LlmConfig;
  llmDefaults: LlmDefaults;
  embedding: EmbeddingConfig;
  translation: TranslationConfig;
} {
  const local = localLlmConfig(e, modelsDir);
  return {
    llmDefaults: {
      openai: {
        baseUrl: e.LLM_BASE_URL ? trimSlash(e.LLM_BASE_URL) : undefined,
        apiKey: e.LLM_API_KEY,
        model: e.LLM_MODEL,
      },
      anthropic: {
        baseUrl: trimSlash(e.ANTHROPIC_BASE_URL),
        apiKey: e.ANTHROPIC_API_KEY,
        model: e.ANTHROPIC_MODEL,
      },
      ollama: { url: trimSlash(e.OLLAMA_URL), model: e.OLLAMA_MODEL, discovery: e.OLLAMA_DISCOVERY },
    },
    llm: {
      openai: e.LLM_BASE_URL
        ? { baseUrl: trimSlash(e.LLM_BASE_URL), apiKey: e.LLM_API_KEY, model: e.LLM_MODEL }
        : undefined,
      anthropic: e.ANTHROPIC_API_KEY
        ? { baseUrl: trimSlash(e.ANTHROPIC_BASE_URL), apiKey: e.ANTHROPIC_API_KEY, model: e.ANTHROPIC_MODEL }
        : undefined,
      ollama: e.OLLAMA_DISCOVERY ? { url: trimSlash(e.OLLAMA_URL), model: e.OLLAMA_MODEL } : undefined,
      local,
      contextTokens: e.LLM_CONTEXT_TOKENS,
      timeoutMs: e.LLM_TIMEOUT_MS,
      maxRetries: e.LLM_MAX_RETRIES,
    },
    embedding: {
      remote: e.EMBEDDING_BASE_URL
        ? {
            baseUrl: trimSlash(e.EMBEDDING_BASE_URL),
            apiKey: e.EMBEDDING_API_KEY,
            model: e.EMBEDDING_REMOTE_MODEL,
            timeoutMs: e.LLM_TIMEOUT_MS,
            maxRetries: e.LLM_MAX_RETRIES,
          }
        : undefined,
      builtin:
        e.EMBEDDING_MODEL === 'off'
          ? undefined
          : {
              model: e.EMBEDDING_MODEL,
              modelsDir: path.resolve(modelsDir),
              modelsUrl: trimSlash(e.LLM_LOCAL_MODELS_URL),
              autoDownload: e.EMBEDDING_AUTO_DOWNLOAD,
              threads: e.LLM_LOCAL_THREADS ?? Math.max(1, os.availableParallelism() - 1),
              idleMs: Math.round(e.LLM_LOCAL_IDLE_MINUTES * 60_000),
              heapLimitMb: e.LLM_LOCAL_HEAP_MB,
            },
    },
    translation: {
      engines: e.TRANSLATION_ENGINES,
      deepl: e.DEEPL_API_KEY
        ? {
            // DeepL Free keys end in ":fx" and only work on the free endpoint.
            baseUrl: trimSlash(
              e.DEEPL_BASE_URL ??
                (e.DEEPL_API_KEY.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com'),
            ),
            apiKey: e.DEEPL_API_KEY,
          }
        : undefined,
      libretranslate: e.LIBRETRANSLATE_URL
        ? { url: trimSlash(e.LIBRETRANSLATE_URL), apiKey: e.LIBRETRANSLATE_API_KEY }
        : undefined,
      timeoutMs: e.TRANSLATION_TIMEOUT_MS,
    },
  };
}

/** Settings that only make sense with another one. */
export function incompleteWriting(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (env.LLM_API_KEY && !env.LLM_BASE_URL) problems.push('LLM_API_KEY: has no effect without LLM_BASE_URL');
  if (env.EMBEDDING_API_KEY && !env.EMBEDDING_BASE_URL)
    problems.push('EMBEDDING_API_KEY: has no effect without EMBEDDING_BASE_URL');
  if (env.DEEPL_BASE_URL && !env.DEEPL_API_KEY)
    problems.push('DEEPL_BASE_URL: has no effect without DEEPL_API_KEY');
  if (env.LIBRETRANSLATE_API_KEY && !env.LIBRETRANSLATE_URL)
    problems.push('LIBRETRANSLATE_API_KEY: has no effect without LIBRETRANSLATE_URL');
  return problems;
}

/** The built-in local model's settings; the model is picked for this machine when none is set. */
export function localLlmConfig(e: WritingEnv, modelsDir: string): LocalLlmConfig | undefined {
  if (e.LLM_LOCAL_MODEL === 'off') return undefined;
  const threads = e.LLM_LOCAL_THREADS ?? Math.max(1, os.availableParallelism() - 1);
  return {
    model: e.LLM_LOCAL_MODEL ?? defaultLocalModel(currentHardware()).name,
    modelChosen: e.LLM_LOCAL_MODEL === undefined,
    modelsDir: path.resolve(modelsDir),
    modelsUrl: trimSlash(e.LLM_LOCAL_MODELS_URL),
    autoDownload: e.LLM_LOCAL_AUTO_DOWNLOAD,
    threads,
    contextTokens: e.LLM_CONTEXT_TOKENS,
    idleMs: Math.round(e.LLM_LOCAL_IDLE_MINUTES * 60_000),
    gpu: 'auto',
    temperature: 0.3,
    maxTokens: 4096,
    heapLimitMb: e.LLM_LOCAL_HEAP_MB,
    parallel: e.LLM_LOCAL_PARALLEL,
  };
}
