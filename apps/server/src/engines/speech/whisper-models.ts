import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { DownloadError, downloadVerified } from './verified-download.ts';

/** One whisper.cpp ggml model file as published at huggingface.co/ggerganov/whisper.cpp. */
export interface WhisperModelInfo {
  /** The name used in WHISPER_MODEL and `npm run models -- pull <name>`. */
  name: string;
  /** File name, `ggml-<name>.bin`. */
  file: string;
  /** Exact size in bytes. */
  bytes: number;
  /** SHA-256 of the file (hex), or null when unknown (not checked, with a logged warning). */
  sha256: string | null;
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

/** Where the model `name` lives (or would live) in the models folder: `<dir>/ggml-<name>.bin`. */
export function modelPath(modelsDir: string, name: string): string {
  return path.join(modelsDir, `ggml-${name}.bin`);
}

/** A model as `listModels` reports it. */
export interface ListedModel extends WhisperModelInfo {
  path: string;
  downloaded: boolean;
  /** Bytes on disk, null when absent. */
  sizeOnDisk: number | null;
  /** True for a `ggml-*.bin` in the folder that is not in the catalogue (brought by the user). */
  custom: boolean;
}

/** The catalogue with what is in `modelsDir`, followed by any other `ggml-*.bin` found there. */
export async function listModels(modelsDir: string): Promise<ListedModel[]> {
  const sizes = new Map<string, number>();
  const files = await readdir(modelsDir).catch(() => [] as string[]);
  for (const file of files) {
    if (!/^ggml-.+\.bin$/.test(file)) continue;
    const info = await stat(path.join(modelsDir, file)).catch(() => null);
    if (info?.isFile()) sizes.set(file, info.size);
  }
  const listed: ListedModel[] = WHISPER_MODELS.map((m) => ({
    ...m,
    path: modelPath(modelsDir, m.name),
    downloaded: sizes.has(m.file),
    sizeOnDisk: sizes.get(m.file) ?? null,
    custom: false,
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
    });
  }
  return listed;
}

/** Why a model could not be downloaded; the message says what to do. */
export class ModelDownloadError extends Error {
  override name = 'ModelDownloadError';
  constructor(
    readonly code: 'unknown-model' | DownloadError['code'],
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Options for `downloadModel`. */
export interface DownloadModelOptions {
  modelsDir: string;
  /** Base address of the files, e.g. `https://huggingface.co/ggerganov/whisper.cpp/resolve/main`. */
  baseUrl: string;
  signal?: AbortSignal;
  onProgress?(receivedBytes: number, totalBytes: number): void;
  /** Told when a checksum cannot be verified. */
  warn?(message: string): void;
  /** Default 10 s: fail fast when offline. */
  connectTimeoutMs?: number;
}

const inFlight = new Map<string, Promise<{ path: string; bytes: number; alreadyPresent: boolean }>>();

/**
 * Downloads a catalogued model into the models folder: streamed to a `.part` file, SHA-256 checked
 * while it arrives, renamed into place only when it matches (the partial file is deleted
 * otherwise). A model already present (with the expected size) is not fetched again, and
 * concurrent requests for the same model in this process share one download.
 */
export function downloadModel(
  name: string,
  options: DownloadModelOptions,
): Promise<{ path: string; bytes: number; alreadyPresent: boolean }> {
  const info = findModel(name);
  if (!info) {
    return Promise.reject(
      new ModelDownloadError(
        'unknown-model',
        `Unknown whisper model "${name}". Valid names: ${WHISPER_MODELS.map((m) => m.name).join(', ')}.`,
      ),
    );
  }
  const target = modelPath(options.modelsDir, name);
  const running = inFlight.get(target);
  if (running) return running;
  const download = fetchModel(info, target, options).finally(() => inFlight.delete(target));
  inFlight.set(target, download);
  return download;
}

async function fetchModel(
  info: WhisperModelInfo,
  target: string,
  options: DownloadModelOptions,
): Promise<{ path: string; bytes: number; alreadyPresent: boolean }> {
  const present = await stat(target).catch(() => null);
  if (present?.isFile() && present.size === info.bytes) {
    return { path: target, bytes: present.size, alreadyPresent: true };
  }
  if (!info.sha256)
    options.warn?.(`No known SHA-256 for ${info.file}: it is downloaded without a checksum check.`);
  const url = `${options.baseUrl.replace(/\/$/, '')}/${info.file}`;
  try {
    const { bytes } = await downloadVerified(url, target, {
      sha256: info.sha256,
      bytes: info.bytes,
      signal: options.signal,
      connectTimeoutMs: options.connectTimeoutMs,
      onProgress: (received, total) => options.onProgress?.(received, total ?? info.bytes),
    });
    return { path: target, bytes, alreadyPresent: false };
  } catch (err) {
    if (!(err instanceof DownloadError)) throw err;
    const what =
      err.code === 'checksum' || err.code === 'size'
        ? `The download of whisper model ${info.name} from ${url} was not the expected file (${err.message}); nothing was kept`
        : `Could not download whisper model ${info.name} from ${url}: ${err.message}`;
    throw new ModelDownloadError(err.code, `${what}.`, { cause: err });
  }
}
