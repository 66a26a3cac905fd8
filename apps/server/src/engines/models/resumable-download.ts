import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, statfs, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describeNetworkError } from '../speech/network-errors.ts';

/** Why a model file could not be downloaded; the message is written for the administrator. */
export class ModelFileError extends Error {
  override name = 'ModelFileError';
  constructor(
    readonly code: 'no-space' | 'unreachable' | 'http' | 'size' | 'checksum' | 'io',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface ResumableDownloadOptions {
  /**
   * Expected SHA-256 (hex) and size in bytes of the whole file. A null SHA-256 is for a file whose
   * publisher gives none: only its size is checked.
   */
  sha256: string | null;
  bytes: number;
  signal?: AbortSignal;
  onProgress?(receivedBytes: number, totalBytes: number): void;
  /** Time allowed until the server answers. Default 10 s: fail fast when offline. */
  connectTimeoutMs?: number;
  /** Time allowed without a byte once the body flows. Default 60 s. */
  stallTimeoutMs?: number;
  /** Bytes free in a folder (tests pass their own). Default: the file system's own count. */
  freeBytes?(dir: string): Promise<number>;
  /**
   * How often the process downloading a file says it is still at it (default 5 s); a lock not
   * renewed for six times this long is taken over. Also how often a waiting process looks.
   */
  lockHeartbeatMs?: number;
}

/** Room kept free on the disk besides the file itself. */
const SPARE_BYTES = 256 * 1024 * 1024;

/**
 * Downloads `url` to `target` through `<target>.part`, which survives an interruption: the next
 * call asks the server for the rest only (an HTTP range) and goes on from there. Before anything
 * is fetched the disk must have room for what is missing. The whole file's SHA-256 and size are
 * checked at the end; a file that does not match is deleted, and the error says so.
 *
 * One process at a time downloads a given file (`<target>.part.lock`): another that asks for it
 * meanwhile (`npm run models -- pull` while the server fetches the same model) waits, told of the
 * progress by the size of the partial file, and ends with the file, or takes over from where the
 * first one stopped if it fails or dies.
 */
export async function downloadResumable(
  url: string,
  target: string,
  options: ResumableDownloadOptions,
): Promise<{ bytes: number; resumedFrom: number }> {
  options.signal?.throwIfAborted();
  await mkdir(path.dirname(target), { recursive: true });
  for (;;) {
    const lock = await takeLock(target, options);
    if (lock) {
      try {
        return await downloadOnce(url, target, options);
      } finally {
        await lock.release();
      }
    }
    if (await waitForOther(target, options)) {
      const bytes = (await stat(target)).size;
      return { bytes, resumedFrom: 0 };
    }
    // The other process stopped without the file: take over from what it kept.
  }
}

interface LockOwner {
  pid: number;
  host: string;
}

/** Takes `<target>.part.lock`, or returns null when another live process holds it. */
async function takeLock(
  target: string,
  options: ResumableDownloadOptions,
): Promise<{ release(): Promise<void> } | null> {
  const file = `${target}.part.lock`;
  const heartbeatMs = options.lockHeartbeatMs ?? 5_000;
  for (let tries = 0; tries < 2; tries++) {
    const handle = await open(file, 'wx').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'EEXIST') return null;
      throw new ModelFileError('io', `the lock ${file} could not be written: ${err.message}`, { cause: err });
    });
    if (handle) {
      const owner: LockOwner = { pid: process.pid, host: os.hostname() };
      await handle.writeFile(JSON.stringify(owner));
      await handle.close();
      // Renewed while the download runs, so that a lock left by a crash is known as such.
      const beat = setInterval(() => {
        const now = new Date();
        void utimes(file, now, now).catch(() => undefined);
      }, heartbeatMs);
      beat.unref();
      return {
        async release() {
          clearInterval(beat);
          await rm(file, { force: true });
        },
      };
    }
    if (!(await lockIsStale(file, heartbeatMs))) return null;
    await rm(file, { force: true });
  }
  return null;
}

/** A lock whose process is gone (on this machine) or that nobody renewed for six heartbeats. */
async function lockIsStale(file: string, heartbeatMs: number): Promise<boolean> {
  const info = await stat(file).catch(() => null);
  if (!info) return true;
  if (Date.now() - info.mtimeMs > 6 * heartbeatMs) return true;
  const owner = await readFile(file, 'utf8')
    .then((text) => JSON.parse(text) as Partial<LockOwner>)
    .catch(() => null);
  if (!owner || typeof owner.pid !== 'number' || owner.host !== os.hostname()) return false;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Waits while another process downloads `target`, reporting the growth of its partial file.
 * True when the file is there at the end, false when that process stopped without it.
 */
async function waitForOther(target: string, options: ResumableDownloadOptions): Promise<boolean> {
  const file = `${target}.part.lock`;
  const heartbeatMs = options.lockHeartbeatMs ?? 5_000;
  const pollMs = Math.min(500, heartbeatMs);
  let reported = -1;
  for (;;) {
    options.signal?.throwIfAborted();
    const held = await stat(file).catch(() => null);
    if (!held || (await lockIsStale(file, heartbeatMs))) {
      const done = await stat(target).catch(() => null);
      if (done?.isFile() && done.size === options.bytes) return true;
      return false;
    }
    // Told only as it grows: the partial file vanishes when it is renamed into place.
    const have = (await stat(`${target}.part`).catch(() => null))?.size ?? 0;
    if (have > reported) {
      reported = have;
      options.onProgress?.(have, options.bytes);
    }
    await sleep(pollMs, undefined, options.signal ? { signal: options.signal } : {}).catch(() => {
      options.signal?.throwIfAborted();
    });
  }
}

async function downloadOnce(
  url: string,
  target: string,
  options: ResumableDownloadOptions,
): Promise<{ bytes: number; resumedFrom: number }> {
  const { signal, bytes: total } = options;
  const dir = path.dirname(target);
  const part = `${target}.part`;
  let have = (await stat(part).catch(() => null))?.size ?? 0;
  if (have > total) {
    await rm(part, { force: true });
    have = 0;
  }
  const free = await (options.freeBytes ?? diskFree)(dir);
  if (free < total - have + SPARE_BYTES)
    throw new ModelFileError(
      'no-space',
      `there is not enough free disk space in ${dir}: ${mb(total - have)} MB are needed (and ${mb(SPARE_BYTES)} MB to spare), ${mb(free)} MB are free`,
    );

  const hash = createHash('sha256');
  if (have > 0) for await (const chunk of createReadStream(part, { end: have - 1 })) hash.update(chunk);

  const controller = new AbortController();
  const forward = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forward, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const deadline = (ms: number, what: string) => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(new DOMException(what, 'TimeoutError')), ms);
  };
  try {
    const connectMs = options.connectTimeoutMs ?? 10_000;
    deadline(connectMs, `no answer within ${connectMs / 1000} s`);
    const res = await fetch(url, {
      signal: controller.signal,
      redirect: 'follow',
      headers: have > 0 ? { range: `bytes=${have}-` } : {},
    }).catch((err: unknown) => {
      if (signal?.aborted) throw signal.reason;
      throw new ModelFileError('unreachable', describeNetworkError(controller.signal.reason ?? err), {
        cause: err,
      });
    });
    let resumedFrom = 0;
    if (res.status === 416 && have === total) {
      await res.body?.cancel();
      resumedFrom = have;
    } else {
      if (!res.ok || !res.body) {
        await res.body?.cancel();
        throw new ModelFileError('http', `the server answered ${res.status} ${res.statusText}`.trim());
      }
      const partial = res.status === 206 && have > 0 && contentRangeStart(res) === have;
      if (!partial && have > 0) {
        // The server sent the whole file: start again from its first byte.
        hash.destroy();
        return downloadFresh(target, part, res, options, controller, signal, deadline);
      }
      resumedFrom = partial ? have : 0;
      await receive(res, part, hash, resumedFrom, options, controller, signal, deadline);
    }
    clearTimeout(timer);
    return { bytes: await finish(part, target, hash.digest('hex'), options), resumedFrom };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
}

async function downloadFresh(
  target: string,
  part: string,
  res: Response,
  options: ResumableDownloadOptions,
  controller: AbortController,
  signal: AbortSignal | undefined,
  deadline: (ms: number, what: string) => void,
): Promise<{ bytes: number; resumedFrom: number }> {
  await rm(part, { force: true });
  const hash = createHash('sha256');
  await receive(res, part, hash, 0, options, controller, signal, deadline);
  return { bytes: await finish(part, target, hash.digest('hex'), options), resumedFrom: 0 };
}

/** Appends the body to the partial file, hashing as it goes; keeps what arrived if cut off. */
async function receive(
  res: Response,
  part: string,
  hash: ReturnType<typeof createHash>,
  from: number,
  options: ResumableDownloadOptions,
  controller: AbortController,
  signal: AbortSignal | undefined,
  deadline: (ms: number, what: string) => void,
): Promise<void> {
  const body = res.body;
  if (!body) return;
  const announced = Number(res.headers.get('content-length')) || null;
  if (announced !== null && from + announced !== options.bytes) {
    await body.cancel();
    throw new ModelFileError(
      'size',
      `the server offers ${from + announced} bytes where ${options.bytes} were expected (wrong file or address?)`,
    );
  }
  const out = createWriteStream(part, { flags: from > 0 ? 'a' : 'w' });
  let writeError: Error | undefined;
  out.on('error', (err) => {
    writeError = err;
    controller.abort(err);
  });
  let received = from;
  const stallMs = options.stallTimeoutMs ?? 60_000;
  try {
    deadline(stallMs, `the download stalled for ${stallMs / 1000} s`);
    for await (const chunk of body) {
      deadline(stallMs, `the download stalled for ${stallMs / 1000} s`);
      hash.update(chunk);
      received += chunk.length;
      if (!out.write(chunk)) await once(out, 'drain');
      options.onProgress?.(received, options.bytes);
    }
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    if (writeError)
      throw new ModelFileError('io', `it could not be written to ${part}: ${writeError.message}`, {
        cause: writeError,
      });
    throw new ModelFileError(
      'unreachable',
      `${describeNetworkError(controller.signal.reason ?? err)} (${mb(received)} MB kept; the next try resumes there)`,
      { cause: err },
    );
  } finally {
    out.end();
    await once(out, 'close').catch(() => undefined);
  }
  if (writeError)
    throw new ModelFileError('io', `it could not be written to ${part}: ${writeError.message}`, {
      cause: writeError,
    });
}

async function finish(
  part: string,
  target: string,
  sha256: string,
  options: ResumableDownloadOptions,
): Promise<number> {
  const size = (await stat(part)).size;
  if (size !== options.bytes) {
    await rm(part, { force: true });
    throw new ModelFileError(
      'size',
      `received ${size} bytes where ${options.bytes} were expected; the file was deleted`,
    );
  }
  if (options.sha256 !== null && sha256 !== options.sha256.toLowerCase()) {
    await rm(part, { force: true });
    throw new ModelFileError(
      'checksum',
      `its SHA-256 is ${sha256}, expected ${options.sha256}; the file was deleted`,
    );
  }
  await rename(part, target);
  return size;
}

function contentRangeStart(res: Response): number | null {
  const match = /^bytes (\d+)-/.exec(res.headers.get('content-range') ?? '');
  return match ? Number(match[1]) : null;
}

async function diskFree(dir: string): Promise<number> {
  const s = await statfs(dir);
  return s.bavail * s.bsize;
}

function mb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(0);
}
