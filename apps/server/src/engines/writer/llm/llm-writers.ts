import type { LlmConfig } from '../../../config/writing-config.ts';
import { LlmWriter } from './llm.writer.ts';
import { type LlmConfigSource, llmProviders } from './llm-providers.ts';

/**
 * The language-model writers, one per provider (ids `openai`, `anthropic`, `ollama`), for the
 * writer router; each reports itself `missing` until configured (or, for Ollama, running).
 */
export function createLlmWriters(config: LlmConfig, source?: LlmConfigSource): LlmWriter[] {
  return llmProviders(config, source).map((provider) => new LlmWriter(provider, config));
}
