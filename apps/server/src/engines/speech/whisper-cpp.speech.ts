import { stat } from 'node:fs/promises';
import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TranscribeResult, WhisperContext } from '@fugood/whisper.node';
import type { SpeechConfig } from '../../config/config.ts';
import { abortable, abortReason } from './abort-signals.ts';
import {
  type SpeechEngine,
  SpeechEngineError,
  type SpeechEngineStatus,
  SpeechEngineUnavailableError,
  type SpeechRequest,
  type SpeechResult,
} from './speech-engine.ts';
import type { SpeechLogger } from './speech-logger.ts';
import { readPcm16 } from './wav-file.ts';
import { isAutoLanguage, WHISPER_LANGUAGES, whisperLanguage } from './whisper-languages.ts';
import {
  downloadModel,
  downloadProgress,
  ModelDownloadError,
  modelPath,
  WHISPER_MODELS,
  type WhisperModelInfo,
} from './whisper-models.ts';
import { routeNativeLog } from './whisper-native-log.ts';

/** Tuning knobs, mostly for tests. */
export interface WhisperCppOptions {
  /** How long a failed download is remembered before it is tried again. Default 10 min. */
  retryDownloadAfterMs?: number;
  /** How long a transcription may go without any sign of progress. Default 15 min. */
  stallTimeoutMs?: number;
  /** Download connect timeout. Default 10 s. */
  connectTimeoutMs?: number;
  /**
   * The model the administrator chose at run time (a saved setting), read before each job; null
   * or undefined keeps WHISPER_MODEL's (or the one picked for this machine).
   */
  chosenModel?: () => Promise<string | null | undefined>;
  /** The catalogue of downloadable models (tests bring their own). Default `WHISPER_MODELS`. */
  models?: readonly WhisperModelInfo[];
  now?: () => number;
}

/**
 * whisper.cpp in-process through `@fugood/whisper.node` (a prebuilt N-API addon). The model is
 * loaded once, on first use, and kept for later jobs; `close()` releases it at shutdown. A missing
 * model is downloaded first when WHISPER_AUTO_DOWNLOAD is on (a failure is remembered for 10
 * minutes so that every job does not try again).
 *
 * Two quirks of the library shape this class: `stop()` does not interrupt the native work (it
 * finishes in the background and its result is dropped), and a failed or stopped run never
 * settles its promise. So an abort rejects at once without waiting, jobs are run one at a time,
 * and a watchdog fails a run that shows no progress for a long time.
 */
export class WhisperCppSpeechEngine implements SpeechEngine {
  readonly id = 'whisper';
  readonly kind = 'speech' as const;
  readonly name = 'whisper.cpp (in-process)';
  private context: { file: string; loaded: Promise<WhisperContext> } | undefined;
  /** Models replaced by another at run time, released once no native work may still use them. */
  private readonly retired: Array<Promise<WhisperContext>> = [];
  /** Contexts whose native work was abandoned (aborted or stalled): only released at close. */
  private readonly abandoned = new WeakSet<WhisperContext>();
  private downloadFailure: { at: number; model: string; message: string; why: string } | undefined;
  private loadFailure: { key: string; message: string } | undefined;
  private lastNativeError = '';
  private logListener: { remove(): void } | undefined;
  private queue: Promise<void> = Promise.resolve();
  private readonly now: () => number;
  private readonly catalogue: readonly WhisperModelInfo[];
  /** The model in force, as last read (the configured one until the first read). */
  private current: string;
  private chosenAtRunTime = false;

  constructor(
    private readonly config: SpeechConfig['whisper'],
    private readonly logger: SpeechLogger,
    private readonly options: WhisperCppOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.catalogue = options.models ?? WHISPER_MODELS;
    this.current = config.model;
  }

  /** The file of the model in force. */
  get modelFile(): string {
    return modelPath(this.config.modelsDir, this.current);
  }

  /** Whether the model in force understands more than English (`.en` models do not). */
  get multilingual(): boolean {
    return !this.current.includes('.en');
  }

  /** The model in force now: the administrator's choice, else WHISPER_MODEL's (or this machine's). */
  async model(): Promise<string> {
    const chosen = await this.options.chosenModel?.().catch((err: unknown) => {
      this.logger.warn({ err }, 'the chosen whisper model could not be read; using the configured one');
      return undefined;
    });
    this.current = chosen || this.config.model;
    this.chosenAtRunTime = Boolean(chosen);
    return this.current;
  }

  /** Why this model, for the engines view ("; base: chosen for 2 cores"); empty when WHISPER_MODEL names it. */
  private why(): string {
    if (this.chosenAtRunTime) return `; ${this.current}: chosen by the administrator`;
    return this.config.chosenFor ? `; ${this.config.chosenFor}` : '';
  }

  supports(language: string): boolean {
    const code = whisperLanguage(language);
    return this.multilingual ? code !== null : code === 'en';
  }

  languages(): readonly string[] {
    return this.multilingual ? [...WHISPER_LANGUAGES] : ['en'];
  }

  async status(): Promise<SpeechEngineStatus> {
    const { modelsDir, autoDownload } = this.config;
    const model = await this.model();
    const pull = `npm run models -- pull ${model}`;
    const file = await stat(this.modelFile).catch(() => null);
    if (file?.isFile()) {
      if (this.loadFailure?.key === fileKey(file)) {
        return {
          state: 'misconfigured',
          reason: `The whisper model ${model} is damaged`,
          detail: this.loadFailure.message,
          hint: `Delete ${this.modelFile}, then ${pull}`,
        };
      }
      const kind = this.multilingual ? 'multilingual' : 'English only';
      return {
        state: 'ready',
        reason: `Model ${model} (${kind})`,
        detail: `Model ${model} (${kind}, ${mb(file.size)}) in ${modelsDir}${this.why()}`,
        model: { name: model, state: 'downloaded' },
      };
    }
    const info = this.findModel(model);
    if (!info) {
      return {
        state: 'misconfigured',
        reason: `The whisper model "${model}" is unknown`,
        detail: `Unknown model "${model}" and no ${this.modelFile}`,
        hint: `Set WHISPER_MODEL to one of ${this.catalogue.map((m) => m.name).join(', ')}`,
      };
    }
    const running = downloadProgress(modelsDir, model);
    if (running) {
      const percent = Math.floor((running.receivedBytes / running.totalBytes) * 100);
      return {
        state: 'ready',
        reason: `Model ${model} is downloading: ${percent} %`,
        detail: `Model ${model} is downloading into ${modelsDir}: ${mb(running.receivedBytes)} of ${mb(running.totalBytes)}${this.why()}`,
        hint: pull,
        model: { name: model, state: 'downloading', percent, bytes: info.bytes },
      };
    }
    const failure = this.recentDownloadFailure(model);
    if (failure) {
      return {
        state: 'missing',
        reason: `The whisper model ${model} could not be downloaded: ${failure.why}`,
        detail: failure.message,
        hint: pull,
        model: { name: model, state: 'download_failed', reason: failure.why, bytes: info.bytes },
      };
    }
    if (autoDownload) {
      // Ready to try, so a request downloads it; but nothing is transcribed with it until then.
      return {
        state: 'ready',
        reason: `Model ${model} is not downloaded yet; it is downloaded on first use`,
        detail: `Model ${model} (${mb(info.bytes)}) is not in ${modelsDir}; it is downloaded from ${new URL(this.config.modelsUrl).host} on first use${this.why()}`,
        hint: pull,
        model: { name: model, state: 'not_downloaded', bytes: info.bytes },
      };
    }
    return {
      state: 'missing',
      reason: `Model ${model} is not downloaded`,
      detail: `Model ${model} is not downloaded${this.why()}`,
      hint: `${pull} (or set WHISPER_AUTO_DOWNLOAD=true)`,
      model: { name: model, state: 'not_downloaded', bytes: info.bytes },
    };
  }

  async transcribe(request: SpeechRequest): Promise<SpeechResult> {
    request.signal.throwIfAborted();
    const model = await this.model();
    const file = await this.ensureModel(model, request);
    return this.oneAtATime(request.signal, async () => {
      const context = await this.loadContext(file, model);
      return this.run(context, request, model);
    });
  }

  /** Releases the loaded model (at shutdown). A later `transcribe` loads it again. */
  async close(): Promise<void> {
    const contexts = [...this.retired.splice(0), ...(this.context ? [this.context.loaded] : [])];
    this.context = undefined;
    this.logListener?.remove();
    this.logListener = undefined;
    for (const context of contexts) {
      const loaded = await context.catch(() => undefined);
      await loaded?.release();
    }
  }

  /**
   * The model file, downloading it first when allowed. Every job waiting for the download is told
   * of its progress through `onModelDownload`, and of its end (`null`) whatever the outcome.
   */
  private async ensureModel(model: string, request: SpeechRequest): Promise<string> {
    const { modelsDir, autoDownload } = this.config;
    const { signal } = request;
    const file = modelPath(modelsDir, model);
    if ((await stat(file).catch(() => null))?.isFile()) return file;
    const pull = `\`npm run models -- pull ${model}\``;
    const info = this.findModel(model);
    if (!info) {
      throw new SpeechEngineUnavailableError(
        `The whisper model "${model}" is not in ${modelsDir} and is not one Voxpress can download. Put ggml-${model}.bin there, or set WHISPER_MODEL to one of ${this.catalogue.map((m) => m.name).join(', ')}.`,
        { userMessage: `The whisper model "${model}" configured on this server is unknown.` },
      );
    }
    if (!autoDownload) {
      throw new SpeechEngineUnavailableError(
        `The whisper model ${model} is not downloaded. Run ${pull} on the server (or set WHISPER_AUTO_DOWNLOAD=true).`,
        { userMessage: `The whisper model ${model} is not downloaded on this server.` },
      );
    }
    const failure = this.recentDownloadFailure(model);
    if (failure)
      throw new SpeechEngineUnavailableError(failure.message, { userMessage: notDownloaded(model) });
    const tell = request.onModelDownload;
    const already = downloadProgress(modelsDir, model);
    tell?.({ model, receivedBytes: already?.receivedBytes ?? 0, totalBytes: info.bytes });
    let logged = 0;
    // The first job to ask starts the download and logs it; later ones join it. It is not tied to
    // any job's signal: other jobs may wait for the same download, and a failure is remembered even
    // when the job that started it was cancelled meanwhile.
    if (!already) this.logger.info({ model, modelsDir }, 'downloading whisper model');
    const download = downloadModel(model, {
      modelsDir,
      models: this.catalogue,
      baseUrl: this.config.modelsUrl,
      connectTimeoutMs: this.options.connectTimeoutMs,
      onProgress: (received, total) => {
        if (!signal.aborted) tell?.({ model, receivedBytes: received, totalBytes: total });
        if (already) return;
        const tenth = Math.floor((received / total) * 10);
        if (tenth > logged) {
          logged = tenth;
          this.logger.info(
            { model, receivedBytes: received, totalBytes: total },
            `whisper model ${tenth * 10} %`,
          );
        }
      },
    }).catch((err: unknown) => {
      const message = `The whisper model ${model} could not be downloaded. ${(err as Error).message} Run ${pull} on the server once it can reach the internet, or copy ${info.file} into ${modelsDir}.`;
      this.downloadFailure = { at: this.now(), model, message, why: downloadFailureWhy(err) };
      if (!already)
        this.logger.warn({ model, reason: (err as Error).message }, 'whisper model download failed');
      throw new SpeechEngineUnavailableError(message, { cause: err, userMessage: notDownloaded(model) });
    });
    try {
      const done = await abortable(download, signal);
      if (!already && !done.alreadyPresent)
        this.logger.info({ model, file, resumedFrom: done.resumedFrom }, 'whisper model downloaded');
    } finally {
      if (!signal.aborted) tell?.(null);
    }
    return file;
  }

  /** The loaded model, shared by all jobs; a file that fails to load is remembered until it changes. */
  private async loadContext(file: string, model: string): Promise<WhisperContext> {
    const info = await stat(file);
    if (this.loadFailure?.key === fileKey(info))
      throw new SpeechEngineUnavailableError(this.loadFailure.message, { userMessage: DAMAGED });
    if (this.context && this.context.file !== file) {
      // Another model was chosen: the one loaded goes (now, unless native work may still use it).
      const old = this.context.loaded;
      this.context = undefined;
      const loaded = await old.catch(() => undefined);
      if (loaded && this.abandoned.has(loaded)) this.retired.push(old);
      else await loaded?.release();
    }
    if (!this.context) this.context = { file, loaded: this.initContext(file) };
    try {
      return await this.context.loaded;
    } catch (err) {
      this.context = undefined;
      // whisper.cpp's own explanation ("bad magic", ...) reaches the log listener a moment later.
      for (let waited = 0; !this.lastNativeError && waited < 300; waited += 20) await sleep(20);
      const detail = this.lastNativeError || (err as Error).message;
      const message = `The whisper model file ${file} could not be loaded: it is damaged or not a whisper.cpp model (${detail}). Delete it and run \`npm run models -- pull ${model}\`.`;
      this.loadFailure = { key: fileKey(info), message };
      this.logger.warn({ err, file }, 'whisper model could not be loaded');
      throw new SpeechEngineUnavailableError(message, { cause: err, userMessage: DAMAGED });
    }
  }

  private async initContext(file: string): Promise<WhisperContext> {
    let whisper: typeof import('@fugood/whisper.node');
    try {
      whisper = await import('@fugood/whisper.node');
    } catch (err) {
      throw new SpeechEngineUnavailableError(
        `whisper.cpp cannot run on this machine: ${(err as Error).message}`,
        { cause: err, userMessage: 'whisper.cpp cannot run on this server.' },
      );
    }
    // Native logs go to our logger instead of stderr; the first error explains a failed load.
    this.logListener ??= await routeNativeLog(whisper, (level, text) => {
      if (level === 'error' && !this.lastNativeError) this.lastNativeError = text.replace(/^\w+: /, '');
      this.logger.debug({ level }, `whisper.cpp: ${text}`);
    });
    this.lastNativeError = '';
    const started = this.now();
    const context = await whisper.initWhisper({ filePath: file });
    this.logger.info({ file, ms: this.now() - started }, 'whisper model loaded');
    return context;
  }

  /** Runs jobs one after another: the model has one native state, and each run holds a libuv thread. */
  private async oneAtATime<T>(signal: AbortSignal, task: () => Promise<T>): Promise<T> {
    const previous = this.queue;
    let done = () => {};
    const mine = new Promise<void>((resolve) => {
      done = resolve;
    });
    this.queue = previous.then(() => mine);
    try {
      await abortable(previous, signal);
      return await task();
    } finally {
      done();
    }
  }

  private async run(context: WhisperContext, request: SpeechRequest, model: string): Promise<SpeechResult> {
    const { signal } = request;
    const pcm = await readPcm16(request.wavPath, 16_000).catch((err: unknown) => {
      throw new SpeechEngineError(
        `whisper.cpp cannot read ${request.wavPath}: ${(err as Error).message}`,
        false,
        { cause: err, userMessage: 'whisper.cpp could not read the decoded audio.' },
      );
    });
    signal.throwIfAborted();
    const requested = isAutoLanguage(request.language) ? 'auto' : request.language;
    const multilingual = !model.includes('.en');
    const language = multilingual ? (whisperLanguage(requested) ?? 'auto') : 'en';
    let reported = 0;
    let lastSign = this.now();
    let job: ReturnType<WhisperContext['transcribeData']>;
    try {
      // Samples rather than the path: the addon's own file reader prints to stderr.
      job = context.transcribeData(pcm, {
        language,
        maxThreads: this.config.threads ?? cpus().length,
        onProgress: (percent) => {
          lastSign = this.now();
          const fraction = Math.min(0.99, Math.max(0, percent / 100));
          if (fraction > reported) {
            reported = fraction;
            request.onProgress(fraction);
          }
        },
        onNewSegments: () => {
          lastSign = this.now();
        },
      });
    } catch (err) {
      if (this.context) this.retired.push(this.context.loaded);
      this.context = undefined;
      const message = `whisper.cpp could not start: ${(err as Error).message}`;
      throw new SpeechEngineUnavailableError(message, {
        cause: err,
        userMessage: 'whisper.cpp could not start.',
      });
    }
    const result = await new Promise<SpeechResult>((resolve, reject) => {
      let settled = false;
      const stallMs = this.options.stallTimeoutMs ?? 15 * 60_000;
      const settle = (finish: () => void) => {
        if (settled) return;
        settled = true;
        clearInterval(watchdog);
        signal.removeEventListener('abort', onAbort);
        finish();
      };
      const stop = () => {
        this.abandoned.add(context);
        void job.stop().catch(() => undefined);
      };
      const onAbort = () => {
        stop();
        settle(() => reject(abortReason(signal)));
      };
      const watchdog = setInterval(
        () => {
          if (this.now() - lastSign < stallMs) return;
          stop();
          settle(() =>
            reject(
              new SpeechEngineUnavailableError(
                `whisper.cpp showed no progress for ${Math.round(stallMs / 60_000)} minutes and was stopped.`,
              ),
            ),
          );
        },
        Math.min(30_000, stallMs),
      );
      signal.addEventListener('abort', onAbort, { once: true });
      job.promise.then(
        (result) => settle(() => resolve(this.toResult(result, request, requested, model))),
        (err: unknown) =>
          settle(() =>
            reject(
              new SpeechEngineError(
                `whisper.cpp could not transcribe the audio: ${(err as Error).message}`,
                false,
                { cause: err, userMessage: 'whisper.cpp could not transcribe the audio.' },
              ),
            ),
          ),
      );
    });
    request.onProgress(1);
    return result;
  }

  private toResult(
    result: TranscribeResult,
    request: SpeechRequest,
    requested: string,
    model: string,
  ): SpeechResult {
    const limit = request.durationS > 0 ? request.durationS : Number.POSITIVE_INFINITY;
    // whisper.node reports segment times in milliseconds.
    const segments = result.segments
      .map((s) => ({
        start: Math.min(limit, Math.max(0, s.t0 / 1000)),
        end: Math.min(limit, Math.max(0, s.t1 / 1000)),
        text: clean(s.text),
      }))
      .filter((s) => s.text);
    return {
      text: segments.length ? segments.map((s) => s.text).join(' ') : clean(result.result),
      language: requested === 'auto' ? (result.language ?? 'auto') : request.language,
      segments,
      confidence: null,
      model,
    };
  }

  private recentDownloadFailure(model: string): { message: string; why: string } | undefined {
    const failure = this.downloadFailure;
    const keepMs = this.options.retryDownloadAfterMs ?? 10 * 60_000;
    return failure && failure.model === model && this.now() - failure.at < keepMs ? failure : undefined;
  }

  private findModel(name: string): WhisperModelInfo | undefined {
    return this.catalogue.find((m) => m.name === name);
  }
}

const DAMAGED = 'The whisper model on this server is damaged.';

/** Why a download failed, in plain words anyone may read (no addresses or paths). */
function downloadFailureWhy(err: unknown): string {
  const code = err instanceof ModelDownloadError ? err.code : null;
  switch (code) {
    case 'unreachable':
      return 'the download server could not be reached';
    case 'http':
      return 'the download server refused the request';
    case 'size':
    case 'checksum':
      return 'the file received was not the expected model';
    case 'io':
      return 'the file could not be saved on this server';
    case 'no-space':
      return 'there is not enough free disk space on this server';
    default:
      return 'the download did not finish';
  }
}

function notDownloaded(model: string): string {
  return `The whisper model ${model} could not be downloaded.`;
}

/** Whisper's marker for silence, and surrounding whitespace, are not words. */
function clean(text: string): string {
  return text
    .replace(/\[BLANK_AUDIO\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function fileKey(info: { size: number; mtimeMs: number }): string {
  return `${info.size}:${info.mtimeMs}`;
}

function mb(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MiB`;
}
