import { FakeHttpServer } from '@voxpress/test-kit/fake-http-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anthropicMessagesHandler, type ChatBody, type Model } from '../../../../test/fake-llm-servers.ts';
import { LlmWriter } from './llm.writer.ts';
import { AnthropicProvider } from './llm-providers.ts';
import { draftFor, TALK } from './llm-writer.fixtures.ts';
import { contentTypeTemplate } from './prompts/content-types.ts';
import { WriterError } from './writer-errors.ts';

const fake = new FakeHttpServer();
let model: Model;
const bodies = (): ChatBody[] => fake.requestsTo('/v1/messages').map((r) => r.body as ChatBody);

beforeAll(async () => {
  await fake.start();
  fake.handler = anthropicMessagesHandler((body, req) => model(body, req));
});
afterAll(async () => {
  await fake.stop();
});
beforeEach(() => {
  fake.received.length = 0;
});

const writer = (modelId = 'claude-sonnet-4-5') =>
  new LlmWriter(new AnthropicProvider({ baseUrl: `${fake.url}/v1`, apiKey: 'sk-ant-test', model: modelId }), {
    contextTokens: 8192,
    timeoutMs: 20_000,
    maxRetries: 2,
  });

const template = contentTypeTemplate('story');
if (!template) throw new Error('story is built in');
const request = () => ({ template, language: 'en', segments: TALK, signal: new AbortController().signal });

describe('LLM writer over the Anthropic Messages API', () => {
  it('streams a structured, grounded piece', async () => {
    model = (body) => ({
      chunk: 30,
      text: draftFor(body, { quotes: [{ text: 'The secret is a long, slow rise', segment_ids: [] }] }),
    });
    const progress: number[] = [];
    const written = await writer().write({ ...request(), onProgress: (f) => progress.push(f) });
    const [req] = fake.received;
    expect(req?.headers['x-api-key']).toBe('sk-ant-test');
    expect(req?.headers['anthropic-version']).toBeTruthy();
    const body = bodies()[0];
    expect(body?.stream).toBe(true);
    expect(JSON.stringify(body?.system)).toMatch(/Content type: Story/);
    expect(written.engine).toEqual({ provider: 'anthropic', model: 'claude-sonnet-4-5' });
    expect(written.quotes).toEqual([{ text: 'The secret is a long, slow rise', segment_ids: [1] }]);
    expect(written.blocks.length).toBe(7);
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.at(-1)).toBe(1);
  });

  it('reads the object from a JSON tool call on models without native structured output', async () => {
    model = (body) => ({ text: draftFor(body) });
    const written = await writer('claude-3-haiku-20240307').write(request());
    expect(bodies()[0]?.tools?.map((t) => t.name)).toEqual(['json']);
    expect(written.blocks.length).toBe(7);
  });

  it('turns a refusal stop reason into the spec’s failure', async () => {
    model = () => ({ refusal: 'I cannot help with this request.' });
    const error = (await writer()
      .write(request())
      .catch((e: unknown) => e)) as WriterError;
    expect(error).toBeInstanceOf(WriterError);
    expect(error.failure).toBe('refused');
    expect(error.userMessage).toBe('Content enhancement failed');
  });

  it('retries after a 429, then succeeds', async () => {
    let calls = 0;
    model = (body) =>
      ++calls === 1
        ? { status: 429, message: 'Number of requests exceeded', headers: { 'retry-after': '0' } }
        : { text: draftFor(body) };
    const written = await writer().write(request());
    expect(calls).toBe(2);
    expect(written.title).toBe('Slow bread at home');
  });

  it('asks again after malformed JSON and then gives up with the spec’s sentence', async () => {
    model = () => ({ text: '{"title": "Slow bread", "blocks": [}' });
    const error = (await writer()
      .write(request())
      .catch((e: unknown) => e)) as WriterError;
    expect(error.failure).toBe('invalid_output');
    expect(error.userMessage).toBe('Failed to enhance content. Please try again.');
    expect(bodies()).toHaveLength(2);
  });

  it('times out when the stream stops', async () => {
    model = () => ({ hang: true });
    const slow = new LlmWriter(
      new AnthropicProvider({ baseUrl: `${fake.url}/v1`, apiKey: 'k', model: 'claude-sonnet-4-5' }),
      {
        contextTokens: 8192,
        timeoutMs: 400,
        maxRetries: 0,
      },
    );
    const error = (await slow.write(request()).catch((e: unknown) => e)) as WriterError;
    expect(error.failure).toBe('timeout');
    expect(error.userMessage).toBe('Enhancement timed out. Please try again.');
  });
});
