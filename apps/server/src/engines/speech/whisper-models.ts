import { readdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { downloadResumable, ModelFileError } from '../models/resumable-download.ts';

/** One whisper.cpp ggml model file as published at huggingface.co/ggerganov/whisper.cpp. */
export interface WhisperModelInfo {
  /** The name used in WHISPER_MODEL and `npm run models -- pull <name>`. */
  name: string;
  /** File name, `ggml-<name>.bin`. */
  file: string;
  /** Exact size in bytes. */
  bytes: number;
  /** SHA-256 of the file (hex); a download that does not match is deleted. */
  sha256: string;
  /** False for the English-only `.en` models. */
  multilingual: boolean;
  description: string;
}

const model = (name: string, bytes: number, sha256: string, description: string): WhisperModelInfo => ({
  name,
  file: `ggml-${name}.bin`,
  bytes,
  sha256,
  multilingual: !name.includes('.en'),
  description,
});

/**
 * The models Voxpress knows. Sizes and SHA-256 sums are those of the files in the Hugging Face
 * repository ggerganov/whisper.cpp (its Git LFS objects), each cross-checked against at least two
 * independent public projects that pin them (e.g. Nix `fetchurl` hashes, which fail the build when
 * wrong); whisper.cpp's own models/README.md lists SHA-1 sums only.
 */
export const WHISPER_MODELS: readonly WhisperModelInfo[] = [
  model(
    'tiny',
    77_691_713,
    'be07e048e1e599ad46341c8d2a135645097a538221678b7acdd1b1919c6e1b21',
    'fastest, roughest',
  ),
  model(
    'tiny.en',
    77_704_715,
    '921e4cf8686fdd993dcd081a5da5b6c365bfde1162e72b08d75ac75289920b1f',
    'fastest, English only',
  ),
  model(
    'base',
    147_951_465,
    '60ed5bc3dd14eea856493d334349b405782ddcaf0028d4b5df4088345fba2efe',
    'fast, good for clear speech',
  ),
  model(
    'base.en',
    147_964_211,
    'a03779c86df3323075f5e796cb2ce5029f00ec8869eee3fdfb897afe36c6d002',
    'fast, English only',
  ),
  model('small', 487_601_967, '1be3a9b2063867b937e64e2ec7483364a79917e157fa98c5d94b5c1fffea987b', 'balanced'),
  model(
    'small.en',
    487_614_201,
    'c6138d6d58ecc8322097e0f987c32f1be8bb0a18532a3f88f734d1bbf9c41e5d',
    'balanced, English only',
  ),
  model(
    'medium',
    1_533_763_059,
    '6c14d5adee5f86394037b4e4e8b59f1673b6cee10e3cf0b11bbdbee79c156208',
    'accurate, slow on CPU',
  ),
  model(
    'medium.en',
    1_533_774_781,
    'cc37e93478338ec7700281a7ac30a10128929eb8f427dda2e865faa8f6da4356',
    'accurate, English only',
  ),
  model(
    'large-v3-turbo-q5_0',
    574_041_195,
    '394221709cd5ad1f40c46e6031ca61bce88931e6e088c188294c6d5a55ffa7e2',
    'near large-v3 quality, quantised',
  ),
  model(
    'large-v3-turbo',
    1_624_555_275,
    '1fc70f774d38eb169993ac391eea357ef47c88757ef72ee5943879b7e8e2bc69',
    'near large-v3 quality, faster',
  ),
  model(
    'large-v3',
    3_095_033_483,
    '64d182b440b98d5203c4f9bd541544d84c605196c4f7b845dfa11fb23594d1e2',
    'most accurate, slowest',
  ),
];

/** The catalogue entry for `name`, if Voxpress knows it. */
export function findModel(name: string): WhisperModelInfo | undefined {
  return WHISPER_MODELS.find((m) => m.name === name);
}

/** What the default model is chosen by: the machine's cores and memory. */
export interface WhisperHardware {
  cores: number;
  /** Memory the machine has in all, in bytes. */
  totalBytes: number;
  /** Memory free for use now, in bytes. */
  freeBytes: number;
}

/** The model used when WHISPER_MODEL is unset, and why, in words for the administrator. */
export interface WhisperModelChoice {
  name: string;
  /** E.g. "base: chosen for 2 cores". */
  why: string;
}

const GIB = 1024 ** 3;

/**
 * The model this machine should run when WHISPER_MODEL is unset. whisper.cpp on a CPU takes
 * roughly 0.4 GB of memory for base, 0.9 GB for small and 1.5 GB for large-v3-turbo quantised
 * (q5_0), and its speed follows the cores: base on fewer than 8 cores or little memory; small on
 * 8 or more cores with at least 2 GiB free (8 GiB in all); large-v3-turbo-q5_0, whose encoder is
 * large-v3's and about four times small's work, on 16 or more cores with 4 GiB free (16 GiB in all).
 */
export function defaultWhisperModel(hardware: WhisperHardware): WhisperModelChoice {
  const { cores, totalBytes, freeBytes } = hardware;
  const memory = `${gib(freeBytes)} GB free of ${gib(totalBytes)} GB`;
  const plural = `${cores} ${cores === 1 ? 'core' : 'cores'}`;
  if (cores >= 16 && freeBytes >= 4 * GIB && totalBytes >= 16 * GIB)
    return { name: 'large-v3-turbo-q5_0', why: `large-v3-turbo-q5_0: chosen for ${plural} and ${memory}` };
  if (cores >= 8 && freeBytes >= 2 * GIB && totalBytes >= 8 * GIB)
    return { name: 'small', why: `small: chosen for ${plural} and ${memory}` };
  if (cores < 8) return { name: 'base', why: `base: chosen for ${plural}` };
  return { name: 'base', why: `base: chosen for ${memory} (small needs 2 GB free and 8 GB in all)` };
}

/** This machine's cores and memory (the memory limit of its container, where one is set). */
export function currentWhisperHardware(): WhisperHardware {
  const limit = process.constrainedMemory();
  const total = limit > 0 && limit < os.totalmem() ? limit : os.totalmem();
  return {
    cores: os.availableParallelism(),
    totalBytes: total,
    freeBytes: Math.min(os.freemem(), total - Math.min(total, process.memoryUsage.rss())),
  };
}

function gib(bytes: number): string {
  return (bytes / GIB).toFixed(1);
}

/** Where the model `name` lives (or would live) in the models folder: `<dir>/ggml-<name>.bin`. */
export function modelPath(modelsDir: string, name: string): string {
  return path.join(modelsDir, `ggml-${name}.bin`);
}

/** A model as `listModels` reports it. */
export interface ListedModel extends Omit<WhisperModelInfo, 'sha256'> {
  /** Null for a file the user brought (nothing to check it against). */
  sha256: string | null;
  path: string;
  downloaded: boolean;
  /** Bytes on disk, null when absent. */
  sizeOnDisk: number | null;
  /** True for a `ggml-*.bin` in the folder that is not in the catalogue (brought by the user). */
  custom: boolean;
  /** Bytes kept from an interrupted download (the next one resumes there), null when none. */
  partialBytes: number | null;
}

/** The catalogue with what is in `modelsDir`, followed by any other `ggml-*.bin` found there. */
export async function listModels(modelsDir: string): Promise<ListedModel[]> {
  const sizes = new Map<string, number>();
  const partial = new Map<string, number>();
  const files = await readdir(modelsDir).catch(() => [] as string[]);
  for (const file of files) {
    const part = /^(ggml-.+\.bin)\.part$/.exec(file)?.[1];
    if (!part && !/^ggml-.+\.bin$/.test(file)) continue;
    const info = await stat(path.join(modelsDir, file)).catch(() => null);
    if (info?.isFile()) (part ? partial : sizes).set(part ?? file, info.size);
  }
  const listed: ListedModel[] = WHISPER_MODELS.map((m) => ({
    ...m,
    path: modelPath(modelsDir, m.name),
    downloaded: sizes.has(m.file),
    sizeOnDisk: sizes.get(m.file) ?? null,
    custom: false,
    partialBytes: sizes.has(m.file) ? null : (partial.get(m.file) ?? null),
  }));
  for (const [file, size] of sizes) {
    if (WHISPER_MODELS.some((m) => m.file === file)) continue;
    const name = file.replace(/^ggml-/, '').replace(/\.bin$/, '');
    listed.push({
      name,
      file,
      bytes: size,
      sha256: null,
      multilingual: !name.includes('.en'),
      description: 'your own model file',
      path: path.join(modelsDir, file),
      downloaded: true,
      sizeOnDisk: size,
      custom: true,
      partialBytes: null,
    });
  }
  return listed;
}

/** Why a model could not be downloaded; the message says what to do. */
export class ModelDownloadError extends Error {
  override name = 'ModelDownloadError';
  constructor(
    readonly code: 'unknown-model' | ModelFileError['code'],
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Options for `downloadModel`. */
export interface DownloadModelOptions {
  modelsDir: string;
  /** The catalogue to find the model in (tests bring their own). Default `WHISPER_MODELS`. */
  models?: readonly WhisperModelInfo[];
  /** Base address of the files, e.g. `https://huggingface.co/ggerganov/whisper.cpp/resolve/main`. */
  baseUrl: string;
  /** Stops the download (only when this call started it; a caller that joined one stops nothing). */
  signal?: AbortSignal;
  /** Told of every step of the download, also when this call joined one already under way. */
  onProgress?(receivedBytes: number, totalBytes: number): void;
  /** Default 10 s: fail fast when offline. */
  connectTimeoutMs?: number;
  /** Time allowed without a byte once the body flows. Default 60 s. */
  stallTimeoutMs?: number;
  /** Bytes free in a folder (tests pass their own). Default: the file system's own count. */
  freeBytes?(dir: string): Promise<number>;
}

export interface DownloadedModel {
  path: string;
  bytes: number;
  alreadyPresent: boolean;
  /** Bytes that were already on disk from an interrupted download, 0 when it started afresh. */
  resumedFrom: number;
}

/** A download under way in this process, followed by everyone waiting for it. */
interface Running {
  promise: Promise<DownloadedModel>;
  listeners: Set<(receivedBytes: number, totalBytes: number) => void>;
  receivedBytes: number;
  totalBytes: number;
}

const inFlight = new Map<string, Running>();

/**
 * Downloads a catalogued model into the models folder through `downloadResumable`: a `.part` file
 * that a later call resumes after an interruption, a free-space check first, and the SHA-256
 * checked at the end (a file that does not match is deleted). A model already present (with the
 * expected size) is not fetched again, and concurrent requests for the same model in this process
 * share one download, each told of its progress.
 */
export function downloadModel(name: string, options: DownloadModelOptions): Promise<DownloadedModel> {
  const models = options.models ?? WHISPER_MODELS;
  const info = models.find((m) => m.name === name);
  if (!info) {
    return Promise.reject(
      new ModelDownloadError(
        'unknown-model',
        `Unknown whisper model "${name}". Valid names: ${models.map((m) => m.name).join(', ')}.`,
      ),
    );
  }
  const target = modelPath(options.modelsDir, name);
  let running = inFlight.get(target);
  if (!running) {
    const listeners: Running['listeners'] = new Set();
    const progress = { receivedBytes: 0, totalBytes: info.bytes };
    const promise = fetchModel(info, target, {
      ...options,
      onProgress: (received, total) => {
        progress.receivedBytes = received;
        progress.totalBytes = total;
        for (const listener of listeners) listener(received, total);
      },
    }).finally(() => inFlight.delete(target));
    running = Object.assign(progress, { promise, listeners });
    inFlight.set(target, running);
  }
  const listener = options.onProgress;
  if (listener) {
    const joined = running;
    joined.listeners.add(listener);
    // One that joins late learns at once how far it is.
    if (joined.receivedBytes > 0) listener(joined.receivedBytes, joined.totalBytes);
    joined.promise.then(
      () => joined.listeners.delete(listener),
      () => joined.listeners.delete(listener),
    );
  }
  return running.promise;
}

/** How far the download of `name` into `modelsDir` has come, if one is under way in this process. */
export function downloadProgress(
  modelsDir: string,
  name: string,
): { receivedBytes: number; totalBytes: number } | undefined {
  const running = inFlight.get(modelPath(modelsDir, name));
  return running ? { receivedBytes: running.receivedBytes, totalBytes: running.totalBytes } : undefined;
}

async function fetchModel(
  info: WhisperModelInfo,
  target: string,
  options: DownloadModelOptions,
): Promise<DownloadedModel> {
  const present = await stat(target).catch(() => null);
  if (present?.isFile() && present.size === info.bytes) {
    return { path: target, bytes: present.size, alreadyPresent: true, resumedFrom: 0 };
  }
  const url = `${options.baseUrl.replace(/\/$/, '')}/${info.file}`;
  try {
    const { bytes, resumedFrom } = await downloadResumable(url, target, {
      sha256: info.sha256,
      bytes: info.bytes,
      signal: options.signal,
      connectTimeoutMs: options.connectTimeoutMs,
      stallTimeoutMs: options.stallTimeoutMs,
      freeBytes: options.freeBytes,
      onProgress: options.onProgress,
    });
    return { path: target, bytes, alreadyPresent: false, resumedFrom };
  } catch (err) {
    if (!(err instanceof ModelFileError)) throw err;
    const what =
      err.code === 'checksum' || err.code === 'size'
        ? `The download of whisper model ${info.name} from ${url} was not the expected file (${err.message})`
        : `Could not download whisper model ${info.name} from ${url}: ${err.message}`;
    throw new ModelDownloadError(err.code, `${what}.`, { cause: err });
  }
}
