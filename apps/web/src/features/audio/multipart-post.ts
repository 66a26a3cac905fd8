import { i18n } from '../../i18n/i18n.ts';
import { ApiError, detailMessage, parseErrorBody } from '../../lib/api-error.ts';
import type { XhrOptions, XhrResponse } from './xhr-send.ts';

export interface MultipartPostDeps {
  send(options: XhrOptions): Promise<XhrResponse>;
  accessToken(): string | null;
  /** Renews the tokens once; false when the session cannot be renewed. */
  refresh(): Promise<boolean>;
  /** Drops the session and heads for /login, as every other call does after a failed refresh. */
  endSession(): void;
}

/**
 * Posts a multipart form with XMLHttpRequest for upload progress, the bearer token, and one refresh
 * and retry on a 401. Resolves with a 2xx answer; rejects with ApiError (the server's words, or
 * `fallback` when it gave none) or XhrFailure.
 */
export async function postMultipart(
  url: string,
  form: () => FormData,
  onProgress: (percent: number) => void,
  deps: MultipartPostDeps,
  fallback: () => string,
): Promise<XhrResponse> {
  const send = (token: string | null) =>
    deps.send({
      method: 'POST',
      url,
      body: form(),
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      onProgress,
    });

  let res = await send(deps.accessToken());
  if (res.status === 401) {
    if (!(await deps.refresh())) {
      deps.endSession();
      const body = parseErrorBody(res.body);
      throw new ApiError(401, body.detail, i18n.t('audio:errors.sessionExpired'), body);
    }
    onProgress(0);
    res = await send(deps.accessToken());
  }
  if (res.status < 200 || res.status >= 300) {
    const body = parseErrorBody(res.body);
    const message =
      body.detail === null && body.code === null ? fallback() : detailMessage(res.status, body.detail, body);
    throw new ApiError(res.status, body.detail, message, body);
  }
  return res;
}
