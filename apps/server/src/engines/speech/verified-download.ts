import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { describeNetworkError } from './network-errors.ts';

/** Why a download failed; the message is written for the person running the server. */
export class DownloadError extends Error {
  override name = 'DownloadError';
  constructor(
    readonly code: 'unreachable' | 'http' | 'size' | 'checksum' | 'io',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** What `downloadVerified` checks and reports. */
export interface VerifiedDownloadOptions {
  /** Expected SHA-256 (hex); null skips the check (the caller logs why). */
  sha256: string | null;
  /** Expected size in bytes; null when unknown. */
  bytes: number | null;
  signal?: AbortSignal;
  onProgress?(receivedBytes: number, totalBytes: number | null): void;
  /** Time allowed until the server answers (connect, TLS, headers). Default 10 s. */
  connectTimeoutMs?: number;
  /** Time allowed without a single byte arriving once the body flows. Default 60 s. */
  stallTimeoutMs?: number;
}

/**
 * Streams `url` to a uniquely named `.part` file beside `target`, hashing while it writes, and
 * renames it to `target` only when the size and SHA-256 match; otherwise the partial file is
 * deleted. Fails fast when the server cannot be reached.
 */
export async function downloadVerified(
  url: string,
  target: string,
  options: VerifiedDownloadOptions,
): Promise<{ bytes: number; sha256: string }> {
  const { signal, onProgress } = options;
  signal?.throwIfAborted();
  await mkdir(path.dirname(target), { recursive: true });
  const part = `${target}.${randomBytes(4).toString('hex')}.part`;
  const controller = new AbortController();
  const forward = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forward, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const deadline = (ms: number, what: string) => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(new DOMException(what, 'TimeoutError')), ms);
  };
  const out = createWriteStream(part);
  let writeError: Error | undefined;
  out.on('error', (err) => {
    writeError = err;
    controller.abort(err);
  });
  const ioError = (e: Error) =>
    new DownloadError('io', `it could not be written to ${part}: ${e.message}`, { cause: e });
  try {
    const connectMs = options.connectTimeoutMs ?? 10_000;
    deadline(connectMs, `no answer within ${seconds(connectMs)}`);
    const res = await fetch(url, { signal: controller.signal, redirect: 'follow' }).catch((err: unknown) => {
      if (signal?.aborted) throw signal.reason;
      throw new DownloadError('unreachable', describeNetworkError(controller.signal.reason ?? err), {
        cause: err,
      });
    });
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      throw new DownloadError('http', `the server answered ${res.status} ${res.statusText}`.trim());
    }
    const announced = Number(res.headers.get('content-length')) || null;
    if (options.bytes && announced && announced !== options.bytes) {
      await res.body.cancel();
      throw new DownloadError(
        'size',
        `the server offers ${announced} bytes where ${options.bytes} were expected (wrong file or address?)`,
      );
    }
    const total = announced ?? options.bytes;
    const hash = createHash('sha256');
    let received = 0;
    const stallMs = options.stallTimeoutMs ?? 60_000;
    deadline(stallMs, `the download stalled for ${seconds(stallMs)}`);
    try {
      for await (const chunk of res.body) {
        deadline(stallMs, `the download stalled for ${seconds(stallMs)}`);
        hash.update(chunk);
        received += chunk.length;
        if (!out.write(chunk)) await once(out, 'drain');
        onProgress?.(received, total);
      }
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      if (writeError) throw ioError(writeError);
      if (err instanceof DownloadError) throw err;
      throw new DownloadError('unreachable', describeNetworkError(controller.signal.reason ?? err), {
        cause: err,
      });
    }
    clearTimeout(timer);
    out.end();
    await once(out, 'close').catch(() => undefined);
    if (writeError) throw ioError(writeError);
    const sha256 = hash.digest('hex');
    if (options.bytes !== null && received !== options.bytes) {
      throw new DownloadError('size', `received ${received} bytes where ${options.bytes} were expected`);
    }
    if (options.sha256 !== null && sha256 !== options.sha256.toLowerCase()) {
      throw new DownloadError('checksum', `its SHA-256 is ${sha256}, expected ${options.sha256}`);
    }
    await rename(part, target);
    return { bytes: received, sha256 };
  } catch (err) {
    out.destroy();
    await rm(part, { force: true });
    throw err;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}
