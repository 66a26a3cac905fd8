import { stat } from 'node:fs/promises';
import path from 'node:path';
import { downloadResumable, ModelFileError } from '../../models/resumable-download.ts';
import { EMBEDDING_MODELS, findDownloadableModel, LOCAL_MODELS, localModelPath } from './local-models.ts';

export interface LocalDownloadOptions {
  modelsDir: string;
  /** LLM_LOCAL_MODELS_URL: `https://huggingface.co` or a mirror with the same paths. */
  baseUrl: string;
  signal?: AbortSignal;
  onProgress?(receivedBytes: number, totalBytes: number): void;
  connectTimeoutMs?: number;
  freeBytes?(dir: string): Promise<number>;
}

/** A model that is not in the catalogue. */
export class UnknownLocalModelError extends Error {
  override name = 'UnknownLocalModelError';
}

const inFlight = new Map<string, Promise<{ path: string; bytes: number; alreadyPresent: boolean }>>();

/**
 * Downloads a catalogue model into the models folder (resuming a partial file, checking its
 * SHA-256). A model already present is not fetched again; concurrent requests share one download.
 */
export function downloadLocalModel(
  name: string,
  options: LocalDownloadOptions,
): Promise<{ path: string; bytes: number; alreadyPresent: boolean }> {
  const info = findDownloadableModel(name);
  if (!info)
    return Promise.reject(
      new UnknownLocalModelError(
        `Unknown built-in model "${name}". Valid names: ${[...LOCAL_MODELS, ...EMBEDDING_MODELS].map((m) => m.name).join(', ')}.`,
      ),
    );
  const target = localModelPath(options.modelsDir, info);
  const running = inFlight.get(target);
  if (running) return running;
  const url = `${options.baseUrl.replace(/\/$/, '')}/${info.source}`;
  const download = (async () => {
    const present = await stat(target).catch(() => null);
    if (present?.isFile() && present.size === info.bytes)
      return { path: target, bytes: present.size, alreadyPresent: true };
    try {
      const { bytes } = await downloadResumable(url, target, {
        sha256: info.sha256,
        bytes: info.bytes,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
        ...(options.connectTimeoutMs ? { connectTimeoutMs: options.connectTimeoutMs } : {}),
        ...(options.freeBytes ? { freeBytes: options.freeBytes } : {}),
      });
      return { path: target, bytes, alreadyPresent: false };
    } catch (err) {
      if (err instanceof ModelFileError)
        throw new ModelFileError(
          err.code,
          err.code === 'checksum' || err.code === 'size'
            ? `The download of built-in model ${name} from ${url} was not the expected file (${err.message})`
            : `Could not download built-in model ${name} from ${url}: ${err.message}`,
          { cause: err },
        );
      throw err;
    }
  })().finally(() => inFlight.delete(target));
  inFlight.set(target, download);
  return download;
}

/** Why a download failed, in words anyone may read: no address, path or status line. */
export function plainDownloadFailure(err: unknown): string {
  if (err instanceof UnknownLocalModelError) return 'the model is not in the catalogue';
  if (!(err instanceof ModelFileError)) return 'the download stopped';
  switch (err.code) {
    case 'no-space':
      return 'not enough disk space';
    case 'unreachable':
      return 'the download site could not be reached';
    case 'http':
      return 'the download site did not send the file';
    case 'size':
    case 'checksum':
      return 'the file received was not the expected one, and was deleted';
    case 'io':
      return 'the file could not be written';
  }
}

/** A download of a built-in model as its engine's status shows it (fed by the download job). */
export interface DownloadState {
  state: 'downloading' | 'failed';
  percent: number;
  error?: string;
  /** Why it failed, in plain words for anyone (no address or path). */
  why?: string;
}

/**
 * Downloads of built-in models under way or failed in this process (the job feeds it), by
 * `downloadKey`: a model is a file in a models folder, and two servers in one process (tests) may
 * each have a folder of their own.
 */
export const localDownloads = new Map<string, DownloadState>();

export const downloadKey = (modelsDir: string, model: string) => path.join(modelsDir, model);

/**
 * Downloads a catalogue model in the background, once (a failed one stays failed until the
 * administrator starts it again): its progress and a failure show in its engine's status.
 */
export function downloadInBackground(name: string, modelsDir: string, baseUrl: string): void {
  const key = downloadKey(modelsDir, name);
  const known = localDownloads.get(key);
  if (known?.state === 'downloading' || known?.state === 'failed') return;
  localDownloads.set(key, { state: 'downloading', percent: 0 });
  downloadLocalModel(name, {
    modelsDir,
    baseUrl,
    onProgress: (received, total) =>
      localDownloads.set(key, { state: 'downloading', percent: Math.floor((received / total) * 100) }),
  }).then(
    () => localDownloads.delete(key),
    (err: unknown) =>
      localDownloads.set(key, {
        state: 'failed',
        percent: 0,
        error: err instanceof Error ? err.message : String(err),
        why: plainDownloadFailure(err),
      }),
  );
}
