import { stat } from 'node:fs/promises';
import { downloadResumable, ModelFileError } from '../../models/resumable-download.ts';
import { findLocalModel, LOCAL_MODELS, localModelPath } from './local-models.ts';

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
  const info = findLocalModel(name);
  if (!info)
    return Promise.reject(
      new UnknownLocalModelError(
        `Unknown built-in model "${name}". Valid names: ${LOCAL_MODELS.map((m) => m.name).join(', ')}.`,
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
