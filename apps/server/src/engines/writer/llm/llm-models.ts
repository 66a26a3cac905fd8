import { z } from 'zod';
import { HttpError } from '../../../lib/http-error.ts';
import { describeNetworkError } from '../../speech/network-errors.ts';

/** Which kind of server is asked. */
export type ModelListKind = 'openai' | 'anthropic' | 'ollama';

const zOpenAiModels = z.object({ data: z.array(z.object({ id: z.string() })) });
const zOllamaTags = z.object({ models: z.array(z.object({ name: z.string() })) });

/** The answer of a connection test: the models the server lists, or why it could not be asked. */
export interface ModelList {
  ok: boolean;
  models: string[];
  error: string | null;
}

/** How the models are asked for: `fetch`, or one that refuses some addresses (`llm-destination.ts`). */
export type ModelListFetch = (
  url: string,
  init: { headers: Record<string, string>; signal: AbortSignal },
) => Promise<Response>;

const followRedirects: ModelListFetch = (url, init) => fetch(url, { ...init, redirect: 'follow' });

/**
 * Asks a language-model server for its models, as its own API lists them: OpenAI-compatible
 * `GET {base}/models`, Anthropic `GET {base}/models` (x-api-key), Ollama `GET {url}/api/tags`.
 * This is the administrator's connection test: every failure comes back as a sentence, except a
 * refusal of the address by `ask` (an `HttpError`), which is the answer itself.
 */
export async function listModels(
  kind: ModelListKind,
  baseUrl: string,
  apiKey: string | undefined,
  timeoutMs = 10_000,
  ask: ModelListFetch = followRedirects,
): Promise<ModelList> {
  const base = baseUrl.replace(/\/+$/, '');
  const url = kind === 'ollama' ? `${base}/api/tags` : `${base}/models`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (kind === 'anthropic') {
    headers['anthropic-version'] = '2023-06-01';
    if (apiKey) headers['x-api-key'] = apiKey;
  } else if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  let res: Response;
  try {
    res = await ask(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const reason =
      err instanceof DOMException && err.name === 'TimeoutError'
        ? `no answer within ${timeoutMs / 1000} s`
        : describeNetworkError(err);
    return fail(`Could not reach ${url}: ${reason}.`);
  }
  if (res.status === 401 || res.status === 403) {
    await res.body?.cancel();
    return fail(`${url} refused the key (${res.status}). Check the API key.`);
  }
  if (!res.ok) {
    await res.body?.cancel();
    const status = `${res.status} ${res.statusText}`.trim();
    return fail(`${url} answered ${status}. Is this the right address?`);
  }
  const body = await res.json().catch(() => undefined);
  if (kind === 'ollama') {
    const parsed = zOllamaTags.safeParse(body);
    if (!parsed.success) return fail(`${url} does not answer like Ollama. Is this the right address?`);
    return { ok: true, models: parsed.data.models.map((m) => m.name).sort(), error: null };
  }
  const parsed = zOpenAiModels.safeParse(body);
  if (!parsed.success)
    return fail(`${url} does not list models as the API should. Is this the right address?`);
  return { ok: true, models: parsed.data.data.map((m) => m.id).sort(), error: null };
}

function fail(error: string): ModelList {
  return { ok: false, models: [], error };
}
