import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../../lib/worker-thread.ts';
import type {
  FromWorker,
  GenerateRequest,
  GenerationStats,
  LocalModelSpec,
  ToWorker,
} from './local-protocol.ts';

/** A generation the model itself could not do (it failed to load, or broke while writing). */
export class LocalModelError extends Error {
  override name = 'LocalModelError';
  constructor(
    message: string,
    /** `model`: the file could not be loaded (missing, damaged, too large for memory). */
    readonly kind: 'model' | 'generation' | 'crashed',
    /** `memory`: refused for want of free memory now, which may change (the file is fine). */
    readonly details: { memory?: boolean } = {},
  ) {
    super(message);
  }
}

/** What the runtime needs besides the model. */
export interface LocalRuntimeOptions {
  /** Milliseconds without work after which the model is unloaded (its thread ends). */
  idleMs: number;
  /** Cap on the worker's JavaScript heap, in MB (the model's own memory is checked at load). */
  heapLimitMb?: number;
  /** Starts the worker thread (tests may start it differently). */
  createWorker?: (heapLimitMb: number) => Worker;
  /** Schedules the idle unload; returns a function that cancels it. Default: a timer. */
  schedule?: (run: () => void, ms: number) => () => void;
  /** Memory free now, in bytes (default `os.freemem`): a model that does not fit is not loaded. */
  freeMemory?: () => number;
  /** Memory kept free for the rest of the server beside the model, in bytes (default 512 MB). */
  memoryMarginBytes?: number;
}

const GB = 1024 ** 3;
const gigabytes = (bytes: number) => `${(bytes / GB).toFixed(1)} GB`;

/** Memory kept free beside the model unless told otherwise. */
export const MEMORY_MARGIN_BYTES = 512 * 1024 ** 2;

/**
 * Refuses a model that would not fit: the worker's JavaScript heap is capped, but the model's
 * weights and cache are native memory no cap holds, so they are weighed against what is free
 * (less a margin for the rest of the server) before the model is loaded.
 */
export function memoryRefusal(
  spec: Pick<LocalModelSpec, 'path' | 'ramBytes'>,
  freeBytes: number,
  marginBytes: number,
): LocalModelError | null {
  if (spec.ramBytes + marginBytes <= freeBytes) return null;
  const name = spec.path.split(/[\\/]/).at(-1) ?? spec.path;
  return new LocalModelError(
    `Not enough free memory for the built-in model ${name}: it needs ${gigabytes(spec.ramBytes)} and ${gigabytes(Math.max(0, freeBytes))} is free, of which ${gigabytes(marginBytes)} is kept for the rest of the server. Free memory, choose a smaller model (LLM_LOCAL_MODEL), or connect a remote language model.`,
    'model',
    { memory: true },
  );
}

/** One generation's callbacks. */
export interface GenerateHandlers {
  signal?: AbortSignal;
  onText?(text: string): void;
}

interface Pending {
  resolve(result: { text: string; stats: GenerationStats }): void;
  reject(err: unknown): void;
  onText?: (text: string) => void;
  signal?: AbortSignal;
}

/**
 * The built-in local model as the rest of the server sees it: generations go to one worker
 * thread, which keeps the model loaded and runs one generation at a time; an abort cancels the
 * generation there; after `idleMs` without work the thread is ended and the model's memory freed.
 * A crashed thread fails the generations it held and is started again on the next request.
 */
export class LocalLlmRuntime {
  private worker: Worker | undefined;
  /** The model the worker holds (set once it has loaded it). */
  private held: string | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private cancelIdle: (() => void) | undefined;
  private readonly schedule: NonNullable<LocalRuntimeOptions['schedule']>;
  /** Times the model was loaded, and how long the last load took. */
  loads = 0;
  lastLoadMs: number | null = null;
  gpu: string | false = false;

  constructor(private readonly options: LocalRuntimeOptions) {
    this.schedule =
      options.schedule ??
      ((run, ms) => {
        const timer = setTimeout(run, ms);
        timer.unref();
        return () => clearTimeout(timer);
      });
  }

  /** True while a worker thread (and so, after its first generation, the model) is in memory. */
  get loaded(): boolean {
    return this.worker !== undefined;
  }

  /** Generations waiting or running. */
  get busy(): number {
    return this.pending.size;
  }

  generate(
    model: LocalModelSpec,
    request: GenerateRequest,
    handlers: GenerateHandlers = {},
  ): Promise<{ text: string; stats: GenerationStats }> {
    const { signal } = handlers;
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.held !== modelKey(model)) {
      const refusal = memoryRefusal(
        model,
        (this.options.freeMemory ?? os.freemem)(),
        this.options.memoryMarginBytes ?? MEMORY_MARGIN_BYTES,
      );
      if (refusal) return Promise.reject(refusal);
    }
    this.cancelIdle?.();
    this.cancelIdle = undefined;
    const worker = this.start();
    // Held while it works; an idle model does not keep the process from ending.
    worker.ref();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const onAbort = () => this.send(worker, { type: 'cancel', id });
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => {
        signal?.removeEventListener('abort', onAbort);
        this.pending.delete(id);
        if (this.pending.size === 0) {
          this.worker?.unref();
          this.armIdle();
        }
      };
      this.pending.set(id, {
        resolve: (r) => {
          done();
          resolve(r);
        },
        reject: (e) => {
          done();
          reject(e);
        },
        ...(handlers.onText ? { onText: handlers.onText } : {}),
        ...(signal ? { signal } : {}),
      });
      this.send(worker, { type: 'generate', id, model, request });
      this.asked.set(id, modelKey(model));
    });
  }

  /** Which model each generation asked for, until its worker says it loaded it. */
  private readonly asked = new Map<number, string>();

  /** Ends the worker thread now, freeing the model. Generations under way are failed. */
  async unload(): Promise<void> {
    this.cancelIdle?.();
    this.cancelIdle = undefined;
    const worker = this.worker;
    this.worker = undefined;
    this.held = undefined;
    if (!worker) return;
    this.failAll(new LocalModelError('The local model was unloaded', 'crashed'));
    await worker.terminate();
  }

  close(): Promise<void> {
    return this.unload();
  }

  private armIdle(): void {
    this.cancelIdle?.();
    this.cancelIdle = this.schedule(() => {
      this.cancelIdle = undefined;
      if (this.pending.size === 0) void this.unload();
    }, this.options.idleMs);
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const heap = this.options.heapLimitMb ?? 256;
    const worker = (this.options.createWorker ?? startLocalWorker)(heap);
    worker.on('message', (message: FromWorker) => this.onMessage(message));
    worker.on('error', (err) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.held = undefined;
      this.failAll(new LocalModelError(`The local model's thread failed: ${err.message}`, 'crashed'));
    });
    worker.on('exit', (code) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.held = undefined;
      this.failAll(new LocalModelError(`The local model's thread ended (code ${code})`, 'crashed'));
    });
    this.worker = worker;
    return worker;
  }

  private onMessage(message: FromWorker): void {
    const task = this.pending.get(message.id);
    if (message.type === 'done' || message.type === 'error') this.asked.delete(message.id);
    switch (message.type) {
      case 'loaded':
        this.held = this.asked.get(message.id);
        this.loads++;
        this.lastLoadMs = message.ms;
        this.gpu = message.gpu;
        return;
      case 'chunk':
        task?.onText?.(message.text);
        return;
      case 'done':
        task?.resolve({ text: message.text, stats: message.stats });
        return;
      case 'error':
        if (!task) return;
        if (message.aborted && task.signal?.aborted) task.reject(task.signal.reason);
        else task.reject(new LocalModelError(message.message, message.kind));
    }
  }

  private send(worker: Worker, message: ToWorker): void {
    worker.postMessage(message);
  }

  private failAll(err: LocalModelError): void {
    this.asked.clear();
    for (const task of [...this.pending.values()]) task.reject(err);
  }
}

/** Starts the worker (bundled as `local-llm-worker.js` beside `main.js`) with its heap cap. */
export function startLocalWorker(heapLimitMb: number): Worker {
  return startWorker(
    { built: 'local-llm-worker', source: 'engines/writer/local/local-worker.ts' },
    { resourceLimits: { maxOldGenerationSizeMb: heapLimitMb } },
  );
}

function modelKey(spec: LocalModelSpec): string {
  return JSON.stringify(spec);
}
