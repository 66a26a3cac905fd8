import { LIMITS, type TokenPair } from '@voxpress/contracts';
import { i18n } from '../i18n/i18n.ts';
import { createRoutes, type Routes } from './api/routes.ts';
import { ApiError, detailMessage, parseErrorBody } from './api-error.ts';
import { readableRequestError } from './error-message.ts';
import type { TokenStore } from './token-store.ts';

export const API_BASE = '/api/v1';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent form-encoded (`application/x-www-form-urlencoded`). */
  form?: Record<string, string>;
  /** Attach the bearer token and refresh once on a 401 (default true). */
  auth?: boolean;
  /** When the session cannot be renewed, send the browser to /login (default true). */
  redirectOnExpiry?: boolean;
  signal?: AbortSignal;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  tokens: TokenStore;
  /** Called after both tokens were cleared; `immediate` when there was no refresh token at all. */
  onSessionExpired: (info: { immediate: boolean }) => void;
  baseUrl?: string;
  timeoutMs?: number;
}

/**
 * `get`, `post`, `put`, `patch` and `delete` take a route of the API document and are typed from it;
 * `request` takes any address below the base URL and is not.
 */
export interface ApiClient extends Routes {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /**
   * Renews the tokens; concurrent callers share one refresh call. Rejects when the server cannot be
   * reached (the tokens are then kept).
   */
  refresh(): Promise<boolean>;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const baseUrl = deps.baseUrl ?? API_BASE;
  const timeoutMs = deps.timeoutMs ?? LIMITS.requestTimeoutMs;
  let inFlightRefresh: Promise<boolean> | null = null;

  function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    let body: string | undefined;
    if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    if (token) headers.Authorization = `Bearer ${token}`;
    // No answer at all (offline, server down) or none in time becomes a sentence in the user's
    // language here, so no screen shows the browser's bare "Failed to fetch".
    return deps
      .fetch(`${baseUrl}${path}`, {
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        body,
        signal: timeoutSignal(timeoutMs, options.signal),
      })
      .catch((err: unknown) => {
        throw readableRequestError(err);
      });
  }

  /**
   * False when the server refuses to renew the session. When it cannot be reached at all (offline,
   * restarting) the error is passed on instead: the session is not over, and signing the user out
   * would lose it for nothing.
   */
  async function doRefresh(): Promise<boolean> {
    const refreshToken = deps.tokens.getRefreshToken();
    if (!refreshToken) return false;
    const res = await send('/auth/refresh', { json: { refresh_token: refreshToken } }, null);
    if (!res.ok) return false;
    try {
      const pair = (await res.json()) as TokenPair;
      deps.tokens.setTokens(pair);
      return true;
    } catch {
      return false;
    }
  }

  function refresh(): Promise<boolean> {
    inFlightRefresh ??= doRefresh().finally(() => {
      inFlightRefresh = null;
    });
    return inFlightRefresh;
  }

  function expire(options: RequestOptions, body: ReturnType<typeof parseErrorBody>): ApiError {
    const immediate = !deps.tokens.getRefreshToken();
    deps.tokens.clear();
    if (options.redirectOnExpiry !== false) deps.onSessionExpired({ immediate });
    if (immediate) {
      const message = i18n.t('errors.noRefreshToken');
      return new ApiError(401, message, message, body);
    }
    return new ApiError(401, body.detail, detailMessage(401, body.detail, body), body);
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const useAuth = options.auth !== false;
    const token = useAuth ? deps.tokens.getAccessToken() : null;
    let res = await send(path, options, token);

    if (res.status === 401 && useAuth) {
      const firstDetail = await readDetail(res);
      if (!deps.tokens.getRefreshToken()) throw expire(options, firstDetail);
      // Another request may have renewed the tokens while this one was on its way.
      const current = deps.tokens.getAccessToken();
      const renewed = current !== null && current !== token ? true : await refresh();
      if (!renewed) throw expire(options, firstDetail);
      res = await send(path, options, deps.tokens.getAccessToken());
      if (res.status === 401) throw expire(options, await readDetail(res));
    }

    if (!res.ok) {
      const body = await readDetail(res);
      throw new ApiError(res.status, body.detail, detailMessage(res.status, body.detail, body), body);
    }
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return { request, refresh, ...createRoutes(request) };
}

async function readDetail(res: Response): Promise<ReturnType<typeof parseErrorBody>> {
  try {
    return parseErrorBody(await res.text());
  } catch {
    return parseErrorBody('');
  }
}

/**
 * A signal that aborts after `ms` (reading the answer included) or when `outer` does. Made by
 * hand: AbortSignal.timeout and AbortSignal.any are missing from browsers the app still supports
 * (Safari 15, Chrome before 116).
 */
function timeoutSignal(ms: number, outer?: AbortSignal): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException('The request timed out', 'TimeoutError')), ms);
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener('abort', () => controller.abort(outer.reason), { once: true });
  return controller.signal;
}
