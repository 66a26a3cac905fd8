import { FakeHttpServer, sendJson } from '@voxpress/test-kit/fake-http-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ChatBody, openAiChatHandler } from '../../../../test/fake-llm-servers.ts';
import { LlmWriter } from './llm.writer.ts';
import { firstAvailable, llmProviders, OllamaProvider } from './llm-providers.ts';
import { draftFor, TALK } from './llm-writer.fixtures.ts';
import { listOllamaModels } from './ollama-discovery.ts';
import { contentTypeTemplate } from './prompts/content-types.ts';

/** Ollama's own API (`/api/tags`) beside its OpenAI-compatible `/v1`. */
const ollama = new FakeHttpServer();
const chat = openAiChatHandler((body) => ({ text: draftFor(body) }));
let closedUrl: string;

beforeAll(async () => {
  await ollama.start();
  // An address where nothing listens: a server started, then stopped.
  const gone = await new FakeHttpServer().start();
  closedUrl = gone.url;
  await gone.stop();
});
afterAll(async () => {
  await ollama.stop();
});
beforeEach(() => {
  ollama.received.length = 0;
  ollama.handler = (req, res) => {
    if (req.url === '/api/tags')
      return sendJson(res, 200, {
        models: [
          {
            name: 'llama3.2:latest',
            model: 'llama3.2:latest',
            size: 2019393189,
            details: { parameter_size: '3.2B', family: 'llama' },
          },
          { name: 'qwen2.5:7b', model: 'qwen2.5:7b', size: 4683087332, details: { parameter_size: '7.6B' } },
        ],
      });
    return chat(req, res);
  };
});

describe('Ollama discovery', () => {
  it('lists the installed models when Ollama answers', async () => {
    expect(await listOllamaModels(ollama.url)).toEqual([
      { name: 'llama3.2:latest', size: 2019393189, parameterSize: '3.2B' },
      { name: 'qwen2.5:7b', size: 4683087332, parameterSize: '7.6B' },
    ]);
    const status = await new OllamaProvider({ url: ollama.url, model: undefined }).status();
    expect(status.state).toBe('ready');
    expect(status.detail).toMatch(/model llama3\.2:latest; installed: llama3\.2:latest, qwen2\.5:7b/);
  });

  it('is missing, saying how to get it, when nothing answers', async () => {
    expect(await listOllamaModels(closedUrl)).toBeNull();
    const status = await new OllamaProvider({ url: closedUrl, model: undefined }).status();
    expect(status).toMatchObject({ state: 'missing', detail: `No Ollama answers at ${closedUrl}` });
    expect(status.hint).toMatch(/ollama pull/);
    expect(status.reason).toBe('Ollama is not running on this server');
  });

  it('is misconfigured when the configured model is not installed', async () => {
    const status = await new OllamaProvider({ url: ollama.url, model: 'mistral' }).status();
    expect(status).toMatchObject({ state: 'misconfigured', hint: 'Run ollama pull mistral' });
    expect((await new OllamaProvider({ url: ollama.url, model: 'qwen2.5:7b' }).status()).state).toBe('ready');
  });

  it('looks again after a few seconds, so an Ollama started later is found', async () => {
    const answer = ollama.handler;
    ollama.handler = (_req, res) => sendJson(res, 503, { error: 'starting' });
    let now = 1_000_000;
    const provider = new OllamaProvider({ url: ollama.url, model: undefined }, () => now);
    expect((await provider.status()).state).toBe('missing');
    ollama.handler = answer;
    expect((await provider.status()).state).toBe('missing');
    expect(ollama.requestsTo('/api/tags')).toHaveLength(1);
    now += 6_000;
    expect((await provider.status()).state).toBe('ready');
    expect(ollama.requestsTo('/api/tags')).toHaveLength(2);
  });

  it('is the configured LLM when no other is set, and writes through its /v1 with the first model', async () => {
    const providers = llmProviders({
      openai: undefined,
      anthropic: undefined,
      ollama: { url: ollama.url, model: undefined },
      contextTokens: 8192,
      timeoutMs: 20_000,
      maxRetries: 0,
    });
    const chosen = await firstAvailable(providers);
    expect(chosen?.id).toBe('ollama');
    if (!chosen) return;
    const template = contentTypeTemplate('enhanced');
    if (!template) throw new Error('enhanced is built in');
    const written = await new LlmWriter(chosen, {
      contextTokens: 8192,
      timeoutMs: 20_000,
      maxRetries: 0,
    }).write({
      template,
      language: 'en',
      segments: TALK,
      signal: new AbortController().signal,
    });
    expect(written.engine).toEqual({ provider: 'ollama', model: 'llama3.2:latest' });
    const [request] = ollama.requestsTo('/v1/chat/completions');
    expect((request?.body as ChatBody | undefined)?.model).toBe('llama3.2:latest');
  });

  it('leaves no LLM configured when Ollama is absent and nothing else is set', async () => {
    const providers = llmProviders({
      openai: undefined,
      anthropic: undefined,
      ollama: { url: closedUrl, model: undefined },
      contextTokens: 8192,
      timeoutMs: 1000,
      maxRetries: 0,
    });
    expect(await firstAvailable(providers)).toBeNull();
  });
});
