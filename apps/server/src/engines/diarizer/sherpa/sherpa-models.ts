import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { downloadResumable, ModelFileError } from '../../models/resumable-download.ts';
import { describeNetworkError } from '../../speech/network-errors.ts';

const run = promisify(execFile);

/** One of the two files the sherpa-onnx speaker engine needs, as its publisher offers it. */
export interface SpeakerModelInfo {
  /** The name used in `npm run models -- pull <name>` and the admin models list. */
  name: string;
  /** `segmentation` finds who speaks when in 10 s windows; `embedding` makes voice vectors. */
  role: 'segmentation' | 'embedding';
  /** Where the publisher serves it. */
  url: string;
  /** The ONNX file in the models folder once downloaded (and unpacked). */
  file: string;
  /** Set when the download is an archive: the member that is the model. */
  archive?: { format: 'tar.bz2'; member: string };
  /**
   * Exact size of the download in bytes, and its SHA-256, where the publisher states them. Null
   * where they could not be confirmed from the publisher's own pages: the size is then taken from
   * the server's answer (bounded by `maxBytes`) and the file is not checked against a checksum.
   */
  bytes: number | null;
  sha256: string | null;
  /** Refuses a download larger than this (a wrong address, a different file). */
  maxBytes: number;
  licence: string;
  description: string;
}

/** Where the sherpa-onnx release assets are served. */
const RELEASES = 'https://github.com/k2-fsa/sherpa-onnx/releases/download';

/**
 * The models Voxpress knows for sherpa-onnx speaker detection.
 *
 * Addresses: from sherpa-onnx's own documentation (k2-fsa.github.io/sherpa/onnx/speaker-diarization
 * /models.html) and its Node.js example (nodejs-addon-examples/test_offline_speaker_diarization.js),
 * which download exactly these two assets of the GitHub releases `speaker-segmentation-models` and
 * `speaker-recongition-models` (the tag's spelling is the publisher's).
 *
 * Sizes and SHA-256: not stated exactly by the publisher anywhere that could be read from here, so
 * none is written down (a figure from a third-party mirror is not taken, however often repeated).
 * What the publisher does state is approximate and is used only as an upper bound (`maxBytes`):
 * - sherpa-onnx's models page (k2-fsa.github.io/sherpa/onnx/speaker-diarization/models.html) shows
 *   `ls -lh` of the unpacked segmentation archive: model.onnx 5.7M, model.int8.onnx 1.5M, LICENSE
 *   1.0K, README.md 115B. The .tar.bz2 holding them is bound at 16 MiB.
 * - The embedding model, the same file name in the sherpa-onnx maintainer's Hugging Face repository
 *   csukuangfj/speaker-embedding-models, is listed there at 39.6 MB, and at "37.8MB" in the
 *   k2-fsa/speaker-diarization space's examples (both rounded; 39.6 MB = 37.8 MiB). Bound: 48 MiB.
 * Downloads therefore take the exact size from the server's answer, within those bounds, and are
 * not checked against a checksum.
 *
 * Licences, from the publishers' own material:
 * - pyannote segmentation 3.0: MIT. sherpa-onnx's export script (scripts/pyannote/segmentation/
 *   export-onnx.py) writes `license: https://huggingface.co/pyannote/segmentation-3.0/blob/main/LICENSE`
 *   into the model's metadata, and its run.sh writes that MIT licence ("Copyright (c) 2022 CNRS")
 *   as the LICENSE shipped in the archive.
 * - 3D-Speaker ERes2Net base (zh-cn, 3D-Speaker data, 16 kHz): Apache-2.0. The ONNX file is
 *   sherpa-onnx's export of ModelScope's damo/speech_eres2net_base_sv_zh-cn_3dspeaker_16k (now
 *   iic/...): scripts/3dspeaker/export-onnx.py downloads that model and writes
 *   `url: https://www.modelscope.cn/models/damo/speech_eres2net_base_sv_zh-cn_3dspeaker_16k/summary`
 *   into the file's metadata. That model card's front matter (README.md, "3D-Speaker ERes2Net-Base
 *   说话人识别模型") reads `license: Apache License 2.0`.
 */
export const SPEAKER_MODELS: readonly SpeakerModelInfo[] = [
  {
    name: 'pyannote-segmentation-3-0',
    role: 'segmentation',
    url: `${RELEASES}/speaker-segmentation-models/sherpa-onnx-pyannote-segmentation-3-0.tar.bz2`,
    file: 'pyannote-segmentation-3-0.onnx',
    archive: { format: 'tar.bz2', member: 'sherpa-onnx-pyannote-segmentation-3-0/model.onnx' },
    bytes: null, // not stated exactly by the publisher
    sha256: null, // not stated by the publisher
    maxBytes: 16 * 1024 * 1024,
    licence: 'MIT',
    description: 'speaker segmentation (pyannote 3.0): who speaks when, up to 3 voices per 10 s',
  },
  {
    name: '3dspeaker-eres2net-base',
    role: 'embedding',
    url: `${RELEASES}/speaker-recongition-models/3dspeaker_speech_eres2net_base_sv_zh-cn_3dspeaker_16k.onnx`,
    file: '3dspeaker-eres2net-base.onnx',
    bytes: null, // not stated exactly by the publisher
    sha256: null, // not stated by the publisher
    maxBytes: 48 * 1024 * 1024,
    licence: 'Apache-2.0',
    description:
      'speaker embeddings (3D-Speaker ERes2Net base, trained on Chinese speech): a vector per voice',
  },
];

/** The catalogue entry for `name`, if Voxpress knows it. */
export function findSpeakerModel(name: string): SpeakerModelInfo | undefined {
  return SPEAKER_MODELS.find((m) => m.name === name);
}

/** The folder of the speaker models inside the models folder. */
export function speakerModelsDir(modelsDir: string): string {
  return path.join(modelsDir, 'sherpa-onnx');
}

/** Where the model lives (or would live). */
export function speakerModelPath(modelsDir: string, info: SpeakerModelInfo): string {
  return path.join(speakerModelsDir(modelsDir), info.file);
}

/** The two files the engine loads, when both are on disk; null otherwise. */
export async function speakerModelFiles(
  modelsDir: string,
  models: readonly SpeakerModelInfo[] = SPEAKER_MODELS,
): Promise<{ segmentation: string; embedding: string } | null> {
  const find = async (role: SpeakerModelInfo['role']) => {
    const info = models.find((m) => m.role === role);
    if (!info) return null;
    const file = speakerModelPath(modelsDir, info);
    const present = await stat(file).catch(() => null);
    return present?.isFile() && present.size > 0 ? file : null;
  };
  const [segmentation, embedding] = await Promise.all([find('segmentation'), find('embedding')]);
  return segmentation && embedding ? { segmentation, embedding } : null;
}

/** A speaker model as `listSpeakerModels` reports it. */
export interface ListedSpeakerModel extends SpeakerModelInfo {
  path: string;
  downloaded: boolean;
  /** Bytes on disk (the unpacked model), null when absent. */
  sizeOnDisk: number | null;
  /** Bytes kept from an interrupted download (the next one resumes there), null when none. */
  partialBytes: number | null;
}

/** The catalogue with what is in the models folder. */
export async function listSpeakerModels(
  modelsDir: string,
  models: readonly SpeakerModelInfo[] = SPEAKER_MODELS,
): Promise<ListedSpeakerModel[]> {
  const dir = speakerModelsDir(modelsDir);
  const files = new Set(await readdir(dir).catch(() => [] as string[]));
  return Promise.all(
    models.map(async (m) => {
      const file = speakerModelPath(modelsDir, m);
      const info = files.has(m.file) ? await stat(file).catch(() => null) : null;
      const part = files.has(`${downloadName(m)}.part`)
        ? await stat(path.join(dir, `${downloadName(m)}.part`)).catch(() => null)
        : null;
      return {
        ...m,
        path: file,
        downloaded: Boolean(info?.isFile() && info.size > 0),
        sizeOnDisk: info?.isFile() ? info.size : null,
        partialBytes: info ? null : (part?.size ?? null),
      };
    }),
  );
}

/** The name of the file as downloaded: the archive's own name, or the model's. */
function downloadName(info: SpeakerModelInfo): string {
  return info.archive ? decodeURIComponent(path.basename(new URL(info.url).pathname)) : info.file;
}

/** Why a speaker model could not be downloaded; the message says what happened. */
export class SpeakerModelDownloadError extends Error {
  override name = 'SpeakerModelDownloadError';
  constructor(
    readonly code: 'unknown-model' | 'archive' | ModelFileError['code'],
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface DownloadSpeakerModelOptions {
  modelsDir: string;
  /** The catalogue to find the model in (tests bring their own). Default `SPEAKER_MODELS`. */
  models?: readonly SpeakerModelInfo[];
  signal?: AbortSignal;
  onProgress?(receivedBytes: number, totalBytes: number): void;
  /** Default 10 s: fail fast when offline. */
  connectTimeoutMs?: number;
  stallTimeoutMs?: number;
  freeBytes?(dir: string): Promise<number>;
}

export interface DownloadedSpeakerModel {
  path: string;
  bytes: number;
  alreadyPresent: boolean;
  resumedFrom: number;
}

const inFlight = new Map<string, Promise<DownloadedSpeakerModel>>();

/**
 * Downloads a catalogued speaker model into `<modelsDir>/sherpa-onnx/` through
 * `downloadResumable` (a `.part` file resumed after an interruption, free space checked first,
 * size and, where published, SHA-256 checked at the end), then unpacks the model from its archive
 * where it comes in one. A model already on disk is not fetched again; two calls for the same
 * model in this process share one download.
 */
export function downloadSpeakerModel(
  name: string,
  options: DownloadSpeakerModelOptions,
): Promise<DownloadedSpeakerModel> {
  const models = options.models ?? SPEAKER_MODELS;
  const info = models.find((m) => m.name === name);
  if (!info)
    return Promise.reject(
      new SpeakerModelDownloadError(
        'unknown-model',
        `Unknown speaker model "${name}". Valid names: ${models.map((m) => m.name).join(', ')}.`,
      ),
    );
  const target = speakerModelPath(options.modelsDir, info);
  let running = inFlight.get(target);
  if (!running) {
    running = fetchSpeakerModel(info, target, options).finally(() => inFlight.delete(target));
    inFlight.set(target, running);
  }
  return running;
}

async function fetchSpeakerModel(
  info: SpeakerModelInfo,
  target: string,
  options: DownloadSpeakerModelOptions,
): Promise<DownloadedSpeakerModel> {
  const present = await stat(target).catch(() => null);
  if (present?.isFile() && present.size > 0)
    return { path: target, bytes: present.size, alreadyPresent: true, resumedFrom: 0 };
  const dir = path.dirname(target);
  await mkdir(dir, { recursive: true });
  const download = path.join(dir, downloadName(info));
  try {
    const bytes = info.bytes ?? (await announcedSize(info, options));
    const result = await downloadResumable(info.url, download, {
      sha256: info.sha256,
      bytes,
      signal: options.signal,
      connectTimeoutMs: options.connectTimeoutMs,
      stallTimeoutMs: options.stallTimeoutMs,
      freeBytes: options.freeBytes,
      onProgress: options.onProgress,
    });
    if (info.archive) await unpack(download, info.archive.member, target);
    return { path: target, bytes: result.bytes, alreadyPresent: false, resumedFrom: result.resumedFrom };
  } catch (err) {
    if (err instanceof SpeakerModelDownloadError) throw err;
    if (!(err instanceof ModelFileError)) throw err;
    const what =
      err.code === 'checksum' || err.code === 'size'
        ? `The download of speaker model ${info.name} from ${info.url} was not the expected file (${err.message})`
        : `Could not download speaker model ${info.name} from ${info.url}: ${err.message}`;
    throw new SpeakerModelDownloadError(err.code, `${what}.`, { cause: err });
  }
}

/**
 * The size the server gives for a file whose publisher states none (a HEAD request, following
 * redirects, else a request for its first byte), refused above the catalogue's bound. A partial file already bigger is resumed no
 * further: `downloadResumable` starts it again.
 */
async function announcedSize(info: SpeakerModelInfo, options: DownloadSpeakerModelOptions): Promise<number> {
  const controller = new AbortController();
  const forward = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', forward, { once: true });
  const connectMs = options.connectTimeoutMs ?? 10_000;
  const timer = setTimeout(
    () => controller.abort(new DOMException(`no answer within ${connectMs / 1000} s`, 'TimeoutError')),
    connectMs,
  );
  try {
    const ask = (init: RequestInit) =>
      fetch(info.url, { ...init, redirect: 'follow', signal: controller.signal }).catch((err: unknown) => {
        if (options.signal?.aborted) throw options.signal.reason;
        throw new ModelFileError('unreachable', describeNetworkError(controller.signal.reason ?? err), {
          cause: err,
        });
      });
    const head = await ask({ method: 'HEAD' });
    let bytes = head.ok ? Number(head.headers.get('content-length')) : Number.NaN;
    if (!Number.isSafeInteger(bytes) || bytes <= 0) {
      // A server that will not tell HEAD: ask for the first byte, whose Content-Range gives the whole.
      const first = await ask({ method: 'GET', headers: { range: 'bytes=0-0' } });
      await first.body?.cancel();
      if (!first.ok)
        throw new ModelFileError('http', `the server answered ${first.status} ${first.statusText}`.trim());
      const total = /\/(\d+)$/.exec(first.headers.get('content-range') ?? '')?.[1];
      bytes = Number(total ?? (first.status === 200 ? first.headers.get('content-length') : Number.NaN));
    }
    if (!Number.isSafeInteger(bytes) || bytes <= 0)
      throw new ModelFileError('size', 'the server did not say how large the file is');
    if (bytes > info.maxBytes)
      throw new ModelFileError(
        'size',
        `the server offers ${bytes} bytes, more than the ${info.maxBytes} expected at most (wrong file or address?)`,
      );
    return bytes;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forward);
  }
}

/** Takes `member` out of a `.tar.bz2` into `target`, then deletes the archive. */
async function unpack(archive: string, member: string, target: string): Promise<void> {
  const scratch = await mkdtemp(`${target}.unpack-`);
  try {
    await run('tar', ['-xjf', archive, '-C', scratch, '--no-same-owner', member], {
      maxBuffer: 1024 * 1024,
    }).catch((err: Error & { stderr?: string }) => {
      throw new SpeakerModelDownloadError(
        'archive',
        `The archive ${path.basename(archive)} could not be unpacked (${(err.stderr || err.message).trim()}); it was deleted, the next download fetches it again.`,
        { cause: err },
      );
    });
    const model = path.join(scratch, member);
    const info = await stat(model).catch(() => null);
    if (!info?.isFile() || info.size === 0)
      throw new SpeakerModelDownloadError(
        'archive',
        `The archive ${path.basename(archive)} holds no ${member}.`,
      );
    await rename(model, target);
    await rm(archive, { force: true });
  } catch (err) {
    await rm(archive, { force: true });
    throw err;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
