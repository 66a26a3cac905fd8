import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { LlmConfig, LlmEndpoint } from '../../../config/writing-config.ts';
import type { EngineStatus } from '../../engine.ts';
import { sharedLocalProvider } from '../local/local-provider.ts';
import { listOllamaModels, type OllamaModel } from './ollama-discovery.ts';

/** How long one look at Ollama's models is trusted. */
const DISCOVERY_TTL_MS = 5_000;

/** A model ready to call, named for messages. */
export interface ResolvedModel {
  model: LanguageModel;
  modelId: string;
  /** "Anthropic (claude-sonnet-4-5)" */
  service: string;
}

/** One place a language model is reached: an OpenAI-compatible server, Anthropic, or Ollama. */
export interface LlmProvider {
  /** `openai`, `anthropic`, `ollama`: recorded with every piece written. */
  readonly id: string;
  readonly name: string;
  status(): Promise<EngineStatus>;
  /** The model to call; throws a plain Error saying why when there is none. */
  resolve(): Promise<ResolvedModel>;
}

/** Any OpenAI-compatible chat server (OpenAI, OpenRouter, Groq, vLLM, llama.cpp, LM Studio). */
export class OpenAiCompatibleProvider implements LlmProvider {
  readonly id = 'openai';
  readonly name = 'OpenAI-compatible chat API';
  constructor(private readonly endpoint: LlmEndpoint | undefined) {}

  async status(): Promise<EngineStatus> {
    if (!this.endpoint)
      return {
        state: 'missing',
        reason: 'No language model server is set up',
        detail: 'Not configured',
        hint: 'Enter a base URL, key and model in Settings → Administration, or set LLM_BASE_URL (e.g. https://api.openai.com/v1 or a local llama.cpp/vLLM/LM Studio server), LLM_API_KEY and LLM_MODEL',
      };
    return {
      state: 'ready',
      reason: `Language model ${this.endpoint.model}`,
      detail: `Model ${this.endpoint.model} at ${this.endpoint.baseUrl}`,
    };
  }

  async resolve(): Promise<ResolvedModel> {
    if (!this.endpoint) throw new Error('LLM_BASE_URL is not set');
    return openAiCompatibleModel('openai', this.endpoint);
  }
}

export class AnthropicProvider implements LlmProvider {
  readonly id = 'anthropic';
  readonly name = 'Anthropic';
  constructor(private readonly endpoint: LlmEndpoint | undefined) {}

  async status(): Promise<EngineStatus> {
    if (!this.endpoint)
      return {
        state: 'missing',
        reason: 'Anthropic is not set up',
        detail: 'Not configured',
        hint: 'Enter a key in Settings → Administration, or set ANTHROPIC_API_KEY',
      };
    return {
      state: 'ready',
      reason: `Anthropic model ${this.endpoint.model}`,
      detail: `Model ${this.endpoint.model} at ${this.endpoint.baseUrl}`,
    };
  }

  async resolve(): Promise<ResolvedModel> {
    if (!this.endpoint) throw new Error('ANTHROPIC_API_KEY is not set');
    const provider = createAnthropic({ baseURL: this.endpoint.baseUrl, apiKey: this.endpoint.apiKey });
    return {
      model: provider(this.endpoint.model),
      modelId: this.endpoint.model,
      service: `Anthropic (${this.endpoint.model})`,
    };
  }
}

/**
 * Ollama on this machine (or at OLLAMA_URL), found by asking it for its models; it is spoken to
 * through its OpenAI-compatible `/v1`. With no OLLAMA_MODEL the first installed model writes.
 */
export class OllamaProvider implements LlmProvider {
  readonly id = 'ollama';
  readonly name = 'Ollama';
  private listed: { at: number; models: Promise<OllamaModel[] | null> } | undefined;
  constructor(
    private readonly config: LlmConfig['ollama'],
    private readonly now: () => number = Date.now,
  ) {}

  async status(): Promise<EngineStatus> {
    if (!this.config)
      return {
        state: 'missing',
        reason: 'Ollama is switched off',
        detail: 'OLLAMA_DISCOVERY is off',
        hint: 'Set OLLAMA_DISCOVERY=true',
      };
    const models = await this.models(this.config.url);
    const names = models?.map((m) => m.name).join(', ');
    if (!models)
      return {
        state: 'missing',
        reason: 'Ollama is not running on this server',
        detail: `No Ollama answers at ${this.config.url}`,
        hint: 'Install Ollama (https://ollama.com), then ollama pull llama3.2 (or set OLLAMA_URL)',
      };
    if (!models.length)
      return {
        state: 'missing',
        reason: 'Ollama has no language model installed',
        detail: `Ollama at ${this.config.url} has no models`,
        hint: 'Run ollama pull llama3.2',
      };
    const wanted = this.config.model;
    if (wanted && !models.some((m) => m.name === wanted || m.name === `${wanted}:latest`))
      return {
        state: 'misconfigured',
        reason: 'The chosen Ollama model is not installed',
        detail: `Ollama at ${this.config.url} does not have ${wanted} (it has ${names})`,
        hint: `Run ollama pull ${wanted}`,
      };
    const using = wanted ?? models[0]?.name;
    return {
      state: 'ready',
      reason: `Ollama model ${using} on this server`,
      detail: `Ollama at ${this.config.url}, model ${using}; installed: ${names}`,
    };
  }

  /**
   * Ollama's models, asked again at most every few seconds: routing asks each engine's status
   * more than once per request, and Ollama may be started or stopped at any time.
   */
  private models(url: string): Promise<OllamaModel[] | null> {
    const now = this.now();
    if (!this.listed || now - this.listed.at > DISCOVERY_TTL_MS)
      this.listed = { at: now, models: listOllamaModels(url) };
    return this.listed.models;
  }

  async resolve(): Promise<ResolvedModel> {
    if (!this.config) throw new Error('OLLAMA_DISCOVERY is off');
    const model = this.config.model ?? (await this.models(this.config.url))?.[0]?.name;
    if (!model) throw new Error(`no Ollama with an installed model answers at ${this.config.url}`);
    return openAiCompatibleModel('ollama', { baseUrl: `${this.config.url}/v1`, apiKey: undefined, model });
  }
}

function openAiCompatibleModel(name: string, endpoint: LlmEndpoint): ResolvedModel {
  const provider = createOpenAICompatible({
    name,
    baseURL: endpoint.baseUrl,
    ...(endpoint.apiKey ? { apiKey: endpoint.apiKey } : {}),
    // Sends response_format json_schema, which OpenAI, Ollama, vLLM, llama.cpp and LM Studio honour.
    supportsStructuredOutputs: true,
    includeUsage: true,
  });
  return {
    model: provider.chatModel(endpoint.model),
    modelId: endpoint.model,
    service: `${name === 'ollama' ? 'Ollama' : 'OpenAI-compatible server'} at ${endpoint.baseUrl} (${endpoint.model})`,
  };
}

/** Where the language-model settings in force are read (they may change while the server runs). */
export type LlmConfigSource = () => Promise<LlmConfig>;

/**
 * A provider that follows the settings in force: it reads them on every use (the source caches
 * them) and builds its provider again only when its own part changed, so a change the
 * administrator saves applies to the next piece written, without a restart.
 */
class LiveProvider implements LlmProvider {
  private built: { key: string; provider: LlmProvider } | undefined;
  constructor(
    readonly id: string,
    readonly name: string,
    private readonly source: LlmConfigSource,
    private readonly part: (config: LlmConfig) => unknown,
    private readonly make: (config: LlmConfig) => LlmProvider,
  ) {}

  private async current(): Promise<LlmProvider> {
    const config = await this.source();
    const key = JSON.stringify(this.part(config) ?? null);
    if (!this.built || this.built.key !== key) this.built = { key, provider: this.make(config) };
    return this.built.provider;
  }

  async status(): Promise<EngineStatus> {
    return (await this.current()).status();
  }

  async resolve(): Promise<ResolvedModel> {
    return (await this.current()).resolve();
  }
}

/**
 * Every provider, in the order they are preferred: configured cloud or server first, then Ollama.
 * With `source`, each follows the settings in force instead of `config`.
 */
export function llmProviders(config: LlmConfig, source?: LlmConfigSource): LlmProvider[] {
  // The built-in model comes last: it writes only when no remote model or Ollama can. One
  // instance per model is shared by every user (writer, translator, designer), so it loads once.
  const local = config.local ? [sharedLocalProvider(config.local)] : [];
  if (!source)
    return [
      new OpenAiCompatibleProvider(config.openai),
      new AnthropicProvider(config.anthropic),
      new OllamaProvider(config.ollama),
      ...local,
    ];
  return [
    new LiveProvider(
      'openai',
      'OpenAI-compatible chat API',
      source,
      (c) => c.openai,
      (c) => new OpenAiCompatibleProvider(c.openai),
    ),
    new LiveProvider(
      'anthropic',
      'Anthropic',
      source,
      (c) => c.anthropic,
      (c) => new AnthropicProvider(c.anthropic),
    ),
    new LiveProvider(
      'ollama',
      'Ollama',
      source,
      (c) => c.ollama,
      (c) => new OllamaProvider(c.ollama),
    ),
    ...local,
  ];
}

/** The configured LLM: the first provider that is available, or null. */
export async function firstAvailable(providers: readonly LlmProvider[]): Promise<LlmProvider | null> {
  for (const provider of providers) if ((await provider.status()).state === 'ready') return provider;
  return null;
}
