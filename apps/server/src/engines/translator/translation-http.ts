import { setTimeout as sleep } from 'node:timers/promises';
import { abortReason } from '../speech/abort-signals.ts';
import { describeNetworkError } from '../speech/network-errors.ts';
import { TranslatorError, TranslatorUnavailableError } from './translator.ts';

export interface HttpOptions {
  /** Service name for messages, e.g. "DeepL". */
  service: string;
  headers?: Record<string, string>;
  signal: AbortSignal;
  timeoutMs: number;
  /** Waits between attempts after a 429, a 5xx or a failed connection; their count is the retries. */
  retryDelaysMs: readonly number[];
}

/** Longest Retry-After honoured; beyond it the job retries later instead of holding a worker. */
const MAX_RETRY_AFTER_MS = 30_000;

/**
 * One JSON request with the retries a translation API needs: 429 and 5xx answers and failed
 * connections are tried again (after Retry-After when the server gives one); a refused key or a
 * spent quota fails at once as the translator being unavailable.
 */
export async function requestJson(
  url: string,
  init: { method: 'GET' | 'POST'; body?: unknown },
  options: HttpOptions,
): Promise<unknown> {
  const { service } = options;
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(url, {
        method: init.method,
        headers: {
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]),
      });
    } catch (err) {
      if (options.signal.aborted) throw abortReason(options.signal);
      const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
      const why = timedOut ? `no answer within ${options.timeoutMs} ms` : describeNetworkError(err);
      if (attempt < options.retryDelaysMs.length) {
        await sleep(options.retryDelaysMs[attempt], undefined, { signal: options.signal });
        continue;
      }
      throw new TranslatorError(`${service} could not be reached: ${why}.`, true, { cause: err });
    }
    if (res.ok) {
      try {
        return await res.json();
      } catch (err) {
        throw new TranslatorError(`${service} answered with something other than JSON.`, true, {
          cause: err,
        });
      }
    }
    const detail = await errorText(res);
    if ((res.status === 429 || res.status >= 500) && attempt < options.retryDelaysMs.length) {
      await sleep(retryAfterMs(res) ?? options.retryDelaysMs[attempt], undefined, { signal: options.signal });
      continue;
    }
    const what = `${service} answered ${res.status}${detail ? `: ${detail}` : ''}`;
    if (res.status === 401 || res.status === 403)
      throw new TranslatorUnavailableError(`${what} (is the API key right?)`, {
        userMessage: `${service} refused this server's access`,
      });
    // DeepL's "quota exceeded" status.
    if (res.status === 456)
      throw new TranslatorUnavailableError(`${what} (the account's quota is spent)`, {
        userMessage: `${service} has used up its translation quota`,
      });
    throw new TranslatorError(what, res.status === 429 || res.status >= 500);
  }
}

function retryAfterMs(res: Response): number | undefined {
  const header = res.headers.get('retry-after');
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) && ms >= 0 && ms <= MAX_RETRY_AFTER_MS ? ms : undefined;
}

/** The error message in a JSON error body (`message`, `error`, `detail`), else the first of the text. */
async function errorText(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    for (const key of ['message', 'error', 'detail']) {
      const value = body[key];
      if (typeof value === 'string') return value;
    }
  } catch {
    // not JSON
  }
  return text.slice(0, 200).trim();
}
