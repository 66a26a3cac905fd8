import type { ServerResponse } from 'node:http';
import type { FakeHandler, ReceivedRequest } from '@voxpress/test-kit/fake-http-server';
import { sendJson } from '@voxpress/test-kit/fake-http-server';

/** What the fake model does with one request. */
export type ModelReply =
  /** Streams `text` as the answer, `chunk` characters per event. */
  | { text: string; chunk?: number }
  /** Declines: OpenAI's `refusal` delta, Anthropic's `refusal` stop reason. */
  | { refusal: string }
  /** An HTTP error in the provider's error format. */
  | { status: number; message: string; headers?: Record<string, string> }
  /** Starts answering, then never finishes. */
  | { hang: true };

export type Model = (body: ChatBody, request: ReceivedRequest) => ModelReply;

/** The parts of a chat request the fakes read. */
export interface ChatBody {
  model: string;
  stream?: boolean;
  messages: Array<{ role: string; content: string | Array<{ type: string; text?: string }> }>;
  system?: string | Array<{ type: string; text: string }>;
  tools?: Array<{ name: string }>;
  response_format?: { type: string; json_schema?: { name: string; schema: unknown } };
  output_config?: unknown;
}

/** The last user message as text. */
export function userText(body: ChatBody): string {
  const last = [...body.messages].reverse().find((m) => m.role === 'user');
  if (!last) return '';
  return typeof last.content === 'string' ? last.content : last.content.map((c) => c.text ?? '').join('');
}

function sse(res: ServerResponse, events: Array<{ event?: string; data: unknown }>, hang = false): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const { event, data } of events) {
    res.write(
      `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`,
    );
  }
  if (!hang) res.end();
}

function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** `POST /v1/chat/completions` as OpenAI streams it (chat.completion.chunk events, then [DONE]). */
export function openAiChatHandler(model: Model): FakeHandler {
  return (req, res) => {
    if (req.method !== 'POST' || !req.url.endsWith('/chat/completions'))
      return sendJson(res, 404, { error: { message: 'Not found', type: 'invalid_request_error' } });
    const body = req.body as ChatBody;
    const reply = model(body, req);
    if ('status' in reply)
      return sendJson(
        res,
        reply.status,
        { error: { message: reply.message, type: 'error', code: null } },
        reply.headers,
      );
    const base = {
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      created: 1_700_000_000,
      model: body.model,
    };
    const chunk = (delta: object, finish: string | null, extra: object = {}) => ({
      data: { ...base, choices: [{ index: 0, delta, finish_reason: finish }], ...extra },
    });
    if ('hang' in reply) return sse(res, [chunk({ role: 'assistant', content: '{"title": "' }, null)], true);
    const deltas =
      'refusal' in reply
        ? [chunk({ role: 'assistant', content: null, refusal: reply.refusal }, null)]
        : [
            chunk({ role: 'assistant', content: '' }, null),
            ...chunks(reply.text, reply.chunk ?? 40).map((c) => chunk({ content: c }, null)),
          ];
    sse(res, [
      ...deltas,
      chunk({}, 'stop', { usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 } }),
      { data: '[DONE]' },
    ]);
  };
}

/** `POST /v1/messages` as Anthropic streams it (message_start … message_stop). */
export function anthropicMessagesHandler(model: Model): FakeHandler {
  return (req, res) => {
    if (req.method !== 'POST' || !req.url.endsWith('/messages'))
      return sendJson(res, 404, { type: 'error', error: { type: 'not_found_error', message: 'Not found' } });
    const body = req.body as ChatBody;
    const reply = model(body, req);
    if ('status' in reply) {
      const type =
        reply.status === 429
          ? 'rate_limit_error'
          : reply.status === 401
            ? 'authentication_error'
            : 'api_error';
      return sendJson(
        res,
        reply.status,
        { type: 'error', error: { type, message: reply.message } },
        reply.headers,
      );
    }
    // With the JSON-tool mode the object comes back as the input of a tool call.
    const asTool = body.tools?.some((t) => t.name === 'json') ?? false;
    const start = {
      event: 'message_start',
      data: {
        type: 'message_start',
        message: {
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          model: body.model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 100, output_tokens: 1 },
        },
      },
    };
    const blockStart = {
      event: 'content_block_start',
      data: {
        type: 'content_block_start',
        index: 0,
        content_block: asTool
          ? { type: 'tool_use', id: 'toolu_1', name: 'json', input: {} }
          : { type: 'text', text: '' },
      },
    };
    const delta = (text: string) => ({
      event: 'content_block_delta',
      data: {
        type: 'content_block_delta',
        index: 0,
        delta: asTool ? { type: 'input_json_delta', partial_json: text } : { type: 'text_delta', text },
      },
    });
    if ('hang' in reply) return sse(res, [start, blockStart, delta('{"title": "')], true);
    const text = 'refusal' in reply ? reply.refusal : reply.text;
    const stop = 'refusal' in reply ? 'refusal' : asTool ? 'tool_use' : 'end_turn';
    sse(res, [
      start,
      blockStart,
      ...chunks(text, 'chunk' in reply ? (reply.chunk ?? 40) : 40).map(delta),
      { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
      {
        event: 'message_delta',
        data: {
          type: 'message_delta',
          delta: { stop_reason: stop, stop_sequence: null },
          usage: { output_tokens: 50 },
        },
      },
      { event: 'message_stop', data: { type: 'message_stop' } },
    ]);
  };
}

/** The transcript lines (`#id [hh:mm:ss] text`) in a writing prompt. */
export function promptSegments(prompt: string): Array<{ id: number; text: string }> {
  return [...prompt.matchAll(/^#(\d+)(?: \[[\d:]+\])? (.*)$/gm)].map((m) => ({
    id: Number(m[1]),
    text: m[2] ?? '',
  }));
}

/**
 * The model lists a connection test reads, each in its service's wire format: OpenAI's
 * `GET /v1/models`, Anthropic's `GET /v1/models` (x-api-key, anthropic-version), Ollama's
 * `GET /api/tags`. `key` unset: any key (or none) is accepted; set: others get the service's 401.
 */
export function modelListHandler(
  kind: 'openai' | 'anthropic' | 'ollama',
  models: string[],
  key?: string,
): FakeHandler {
  return (req, res) => {
    if (kind === 'ollama') {
      if (req.method !== 'GET' || req.url !== '/api/tags') return sendJson(res, 404, { error: 'not found' });
      return sendJson(res, 200, {
        models: models.map((name) => ({
          name,
          model: name,
          modified_at: '2026-01-01T00:00:00Z',
          size: 2_019_393_189,
          digest: 'a80c4f17acd55265feec403c7aef86be0c25983ab279d83f3bcd3abbcb5b8b72',
          details: { format: 'gguf', family: 'llama', parameter_size: '3.2B', quantization_level: 'Q4_K_M' },
        })),
      });
    }
    if (req.method !== 'GET' || req.url !== '/v1/models')
      return sendJson(res, 404, { error: { message: 'Not found', type: 'invalid_request_error' } });
    if (kind === 'anthropic') {
      if (req.headers['anthropic-version'] !== '2023-06-01')
        return sendJson(res, 400, {
          type: 'error',
          error: { type: 'invalid_request_error', message: 'anthropic-version required' },
        });
      if (key && req.headers['x-api-key'] !== key)
        return sendJson(res, 401, {
          type: 'error',
          error: { type: 'authentication_error', message: 'invalid x-api-key' },
        });
      return sendJson(res, 200, {
        data: models.map((id) => ({
          type: 'model',
          id,
          display_name: id,
          created_at: '2025-09-29T00:00:00Z',
        })),
        has_more: false,
        first_id: models[0] ?? null,
        last_id: models.at(-1) ?? null,
      });
    }
    if (key && req.headers.authorization !== `Bearer ${key}`)
      return sendJson(res, 401, {
        error: {
          message: 'Incorrect API key provided.',
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      });
    return sendJson(res, 200, {
      object: 'list',
      data: models.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'system' })),
    });
  };
}

/** An OpenAI-compatible `POST /embeddings` answering each input with `vectorOf(text)`. */
export function openAiEmbeddingsHandler(vectorOf: (text: string) => number[]): FakeHandler {
  return (req, res) => {
    const body = req.body as { model: string; input: string[] };
    sendJson(res, 200, {
      object: 'list',
      model: body.model,
      data: body.input.map((text, index) => ({ object: 'embedding', index, embedding: vectorOf(text) })),
      usage: { prompt_tokens: 1, total_tokens: 1 },
    });
  };
}
