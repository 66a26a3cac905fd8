import type { AskAnswer, AskRequest, AskStreamEvent } from '@voxpress/contracts';
import { api, tokens } from '../../lib/api.ts';
import { API_BASE } from '../../lib/api-client.ts';
import { ApiError, detailMessage, parseErrorBody } from '../../lib/api-error.ts';
import { readableRequestError } from '../../lib/error-message.ts';
import { itemPath } from '../items/items-api.ts';

/** Where a citation leads: its item's page, playing from the second it was said. */
export const citationPath = (c: { item_id: string; start: number | null }) =>
  c.start === null ? itemPath(c.item_id) : `${itemPath(c.item_id)}?t=${Math.floor(c.start)}`;

/** The events of a server-sent events text read so far, and what is left unfinished. */
export function readSseEvents(buffer: string): { events: AskStreamEvent[]; rest: string } {
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: AskStreamEvent[] = [];
  for (const block of blocks) {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => line.slice(6))
      .join('\n');
    if (!data) continue;
    try {
      events.push(JSON.parse(data) as AskStreamEvent);
    } catch {
      // A line that is not an event of ours (a proxy's comment) is skipped.
    }
  }
  return { events, rest };
}

function post(body: AskRequest, token: string | null, signal: AbortSignal): Promise<Response> {
  const headers = {
    Accept: 'text/event-stream',
    'Content-Type': 'application/json',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
  return window
    .fetch(`${API_BASE}/ask`, { method: 'POST', headers, body: JSON.stringify(body), signal })
    .catch((err: unknown) => {
      if (signal.aborted) throw err;
      throw readableRequestError(err);
    });
}

/**
 * `POST /ask`, streamed: `onEvent` hears the passages, then each checked sentence as it is
 * written; resolves with the final answer. A browser that cannot read a response as it arrives
 * (or a server that answers with JSON) gets the whole answer at once.
 */
export async function askLibrary(
  body: AskRequest,
  onEvent: (event: AskStreamEvent) => void,
  signal: AbortSignal,
): Promise<AskAnswer> {
  if (typeof ReadableStream === 'undefined' || typeof TextDecoder === 'undefined') {
    return api.post('/api/v1/ask', { json: body, signal });
  }
  let res = await post(body, tokens.getAccessToken(), signal);
  // An expired session is renewed once, as every other request is.
  if (res.status === 401 && tokens.getRefreshToken() && (await api.refresh().catch(() => false)))
    res = await post(body, tokens.getAccessToken(), signal);
  if (res.status === 401) return api.post('/api/v1/ask', { json: body, signal });
  if (!res.ok) {
    const info = parseErrorBody(await res.text());
    throw new ApiError(res.status, info.detail, detailMessage(res.status, info.detail, info), info);
  }
  if (!res.headers.get('content-type')?.includes('text/event-stream') || !res.body)
    return (await res.json()) as AskAnswer;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    const { events, rest } = readSseEvents(done ? `${buffer}\n\n` : buffer);
    buffer = rest;
    for (const event of events) {
      if (event.event === 'answer') return event.answer;
      if (event.event === 'error') {
        const info = { code: 'internal_error' as const, params: {} };
        throw new ApiError(500, event.detail, detailMessage(500, event.detail, info), info);
      }
      onEvent(event);
    }
    // The stream ended without its answer: the caller says so in the user's language.
    if (done) throw new Error('');
  }
}
