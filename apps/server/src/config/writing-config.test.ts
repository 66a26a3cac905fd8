import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const base = { VOXPRESS_SECRET: 'x'.repeat(40), VOXPRESS_DATA_DIR: '/tmp/voxpress-config-test' };

describe('writing and translation configuration', () => {
  it('defaults: no cloud model, Ollama looked for locally, every translator in order', () => {
    const config = loadConfig(base);
    expect(config.llm).toMatchObject({
      openai: undefined,
      anthropic: undefined,
      ollama: { url: 'http://127.0.0.1:11434', model: undefined },
      contextTokens: 8192,
      timeoutMs: 180_000,
      maxRetries: 2,
    });
    expect(config.translation).toMatchObject({
      engines: ['deepl', 'libretranslate', 'llm', 'apertium'],
      deepl: undefined,
      libretranslate: undefined,
    });
  });

  it('reads each provider’s base URL, key and model', () => {
    const config = loadConfig({
      ...base,
      LLM_BASE_URL: 'http://127.0.0.1:8000/v1/',
      LLM_API_KEY: 'sk-local',
      LLM_MODEL: 'qwen2.5',
      ANTHROPIC_API_KEY: 'sk-ant',
      OLLAMA_DISCOVERY: 'false',
      DEEPL_API_KEY: 'abc:fx',
      LIBRETRANSLATE_URL: 'http://127.0.0.1:5000',
      TRANSLATION_ENGINES: 'apertium, deepl',
    });
    expect(config.llm.openai).toEqual({
      baseUrl: 'http://127.0.0.1:8000/v1',
      apiKey: 'sk-local',
      model: 'qwen2.5',
    });
    expect(config.llm.anthropic).toEqual({
      baseUrl: 'https://api.anthropic.com/v1',
      apiKey: 'sk-ant',
      model: 'claude-sonnet-4-5',
    });
    expect(config.llm.ollama).toBeUndefined();
    // DeepL Free keys end in ":fx" and need the free endpoint.
    expect(config.translation.deepl).toEqual({ baseUrl: 'https://api-free.deepl.com', apiKey: 'abc:fx' });
    expect(loadConfig({ ...base, DEEPL_API_KEY: 'pro' }).translation.deepl?.baseUrl).toBe(
      'https://api.deepl.com',
    );
    expect(config.translation.engines).toEqual(['apertium', 'deepl']);
  });

  it('lists half-set groups and unknown translators', () => {
    let error: unknown;
    try {
      loadConfig({
        ...base,
        LLM_API_KEY: 'k',
        LIBRETRANSLATE_API_KEY: 'k',
        TRANSLATION_ENGINES: 'deepl,google',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/TRANSLATION_ENGINES/);
    expect(problems).toMatch(/LLM_API_KEY: has no effect without LLM_BASE_URL/);
    expect(problems).toMatch(/LIBRETRANSLATE_API_KEY: has no effect without LIBRETRANSLATE_URL/);
  });

  it('caps the built-in model process’s heap at LLM_LOCAL_HEAP_MB, 256 MB unless set, within 64–4096', () => {
    expect(loadConfig(base).llm.local?.heapLimitMb).toBe(256);
    expect(loadConfig({ ...base, LLM_LOCAL_HEAP_MB: '1024' }).llm.local?.heapLimitMb).toBe(1024);
    expect(loadConfig({ ...base, LLM_LOCAL_HEAP_MB: '64' }).llm.local?.heapLimitMb).toBe(64);
    for (const wrong of ['63', '4097', '512.5', 'lots']) {
      let error: unknown;
      try {
        loadConfig({ ...base, LLM_LOCAL_HEAP_MB: wrong });
      } catch (err) {
        error = err;
      }
      expect(error, wrong).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.join('\n')).toMatch(/LLM_LOCAL_HEAP_MB/);
    }
  });
});
