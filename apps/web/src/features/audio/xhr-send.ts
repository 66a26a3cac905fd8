import { LIMITS } from '@voxpress/contracts';

/** What came back from an XMLHttpRequest that got an answer (any status). */
export interface XhrResponse {
  status: number;
  body: string;
  contentType: string | null;
}

/** No answer at all: the connection failed (or was refused by CORS), timed out or was cancelled. */
export class XhrFailure extends Error {
  override readonly name = 'XhrFailure';
  constructor(
    readonly kind: 'network' | 'timeout' | 'abort',
    /** The target was on another origin (e.g. an S3 bucket), where CORS is the usual culprit. */
    readonly crossOrigin: boolean,
  ) {
    super(`Upload ${kind === 'network' ? 'network error' : kind}`);
  }
}

export interface XhrOptions {
  method: 'PUT' | 'POST';
  url: string;
  body: Blob | FormData;
  headers?: Record<string, string>;
  /** Default 180 000 ms (spec section 9). */
  timeoutMs?: number;
  /** Upload progress, 0–100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function isCrossOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin !== window.location.origin;
  } catch {
    return false;
  }
}

/**
 * Sends a body with XMLHttpRequest, which (unlike fetch) reports upload progress. Never sends
 * cookies. Resolves with any HTTP answer; rejects with XhrFailure when there is none.
 */
export function sendXhr(options: XhrOptions): Promise<XhrResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const crossOrigin = isCrossOrigin(options.url);
    xhr.open(options.method, options.url);
    xhr.withCredentials = false;
    xhr.timeout = options.timeoutMs ?? LIMITS.requestTimeoutMs;
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.((event.loaded / event.total) * 100);
    };
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        body: xhr.responseText,
        contentType: xhr.getResponseHeader('content-type'),
      });
    xhr.onerror = () => reject(new XhrFailure('network', crossOrigin));
    xhr.ontimeout = () => reject(new XhrFailure('timeout', crossOrigin));
    xhr.onabort = () => reject(new XhrFailure('abort', crossOrigin));
    if (options.signal?.aborted) {
      reject(new XhrFailure('abort', crossOrigin));
      return;
    }
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(options.body);
  });
}
