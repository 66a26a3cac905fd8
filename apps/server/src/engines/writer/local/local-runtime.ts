import { type ChildProcess, fork, type StdioOptions } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  FromModelProcess,
  GenerateRequest,
  GenerationStats,
  LocalModelSpec,
  ToModelProcess,
} from './local-protocol.ts';

/** A generation the model itself could not do (it failed to load, or broke while writing). */
export class LocalModelError extends Error {
  override name = 'LocalModelError';
  constructor(
    message: string,
    /** `model`: the file could not be loaded (missing, damaged, too large for memory). */
    readonly kind: 'model' | 'generation' | 'crashed',
    /**
     * `memory`: refused for want of free memory now, which may change (the file is fine).
     * `transient`: the model's process ended while loading it (a damaged file, or memory ran out).
     */
    readonly details: { memory?: boolean; transient?: boolean } = {},
  ) {
    super(message);
  }
}

/** What the runtime needs besides the model. */
export interface LocalRuntimeOptions {
  /** Milliseconds without work after which the model is unloaded (its process ends). */
  idleMs: number;
  /** Cap on the model process's JavaScript heap, in MB (the model's own memory is checked at load). */
  heapLimitMb?: number;
  /** How much lower than the server's the model process's CPU priority is (nice steps, default 10). */
  niceSteps?: number;
  /** Starts the model's process (tests may watch it); default `startLocalProcess`. */
  createProcess?: (options: ModelProcessOptions) => ChildProcess;
  /**
   * Schedules the idle unload, and the kill of a process that does not stop a cancelled
   * generation in time; returns a function that cancels it. Default: a timer.
   */
  schedule?: (run: () => void, ms: number) => () => void;
  /** Milliseconds a cancelled generation has to stop before its process is killed (default 5 s). */
  cancelGraceMs?: number;
  /** Memory free now, in bytes (default `os.freemem`): a model that does not fit is not loaded. */
  freeMemory?: () => number;
  /** Memory kept free for the rest of the server beside the model, in bytes (default 512 MB). */
  memoryMarginBytes?: number;
}

const GB = 1024 ** 3;
const gigabytes = (bytes: number) => `${(bytes / GB).toFixed(1)} GB`;

/** More characters than a token ever stands for: a prompt longer than this per token cannot fit. */
const MAX_CHARS_PER_TOKEN = 64;

/** Most texts, and characters in all, of one request to embed. */
const MAX_EMBED_TEXTS = 256;
const MAX_EMBED_CHARS = 1_000_000;

/** Memory kept free beside the model unless told otherwise. */
export const MEMORY_MARGIN_BYTES = 512 * 1024 ** 2;

/**
 * Refuses a model that would not fit: the process's JavaScript heap is capped, but the model's
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

/** How the model's process is started. */
export interface ModelProcessOptions {
  heapLimitMb: number;
  /** The nice value it runs at (all its threads). */
  nice: number;
}

interface Pending {
  message: Extract<ToModelProcess, { type: 'generate' | 'embed' }>;
  /** A generation's text and figures, or an embedding's vectors. */
  resolve(result: unknown): void;
  reject(err: unknown): void;
  onText?: (text: string) => void;
  signal?: AbortSignal;
  /** True once text of it has come back (it cannot be started again elsewhere unseen). */
  streamed: boolean;
  /** True once it was sent again to a new process after its first one ended. */
  resent: boolean;
  /** Cancels the kill armed when it was cancelled. */
  stopGrace?: () => void;
}

/** The model's process as the runtime holds it. */
interface Held {
  child: ChildProcess;
  /** The model it has loaded, once it says so. */
  model: string | undefined;
  /** The model it started loading last. */
  loading: string | undefined;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
}

/**
 * The built-in local model as the rest of the server sees it: generations go to one child
 * process, which keeps the model loaded and runs one generation at a time (or `parallel`), at a
 * lower CPU priority than the server and with a capped JavaScript heap. An abort cancels the
 * generation there, and a process that does not stop it in time is killed. After `idleMs` without
 * work the process is ended and all the model's memory freed. A process that crashes (a native
 * fault, memory running out) fails the generation it was writing with a `crashed` error; one not
 * yet started is sent once to a new process, and the next request starts a new process.
 */
export class LocalLlmRuntime {
  private held: Held | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private cancelIdle: (() => void) | undefined;
  private readonly schedule: NonNullable<LocalRuntimeOptions['schedule']>;
  /** Times the model was loaded, and how long the last load took. */
  loads = 0;
  lastLoadMs: number | null = null;
  gpu: string | false = false;
  /** The model process's JavaScript heap limit as it reported it at load, in bytes. */
  heapLimitBytes: number | null = null;
  /** Why the model's process last ended unexpectedly, and when. */
  lastCrash: { message: string; at: Date } | undefined;

  constructor(private readonly options: LocalRuntimeOptions) {
    this.schedule =
      options.schedule ??
      ((run, ms) => {
        const timer = setTimeout(run, ms);
        timer.unref();
        return () => clearTimeout(timer);
      });
  }

  /** True while the model's process (and so, after its first generation, the model) is in memory. */
  get loaded(): boolean {
    return this.held !== undefined;
  }

  /**
   * `loading` while the process is starting or loading a model for a generation; `loaded` once
   * the model is in memory; `unloaded` without a process, or one whose model failed to load.
   */
  get state(): 'unloaded' | 'loading' | 'loaded' {
    const held = this.held;
    if (!held) return 'unloaded';
    if (held.model !== undefined && (held.loading === undefined || held.loading === held.model))
      return 'loaded';
    return this.pending.size > 0 ? 'loading' : 'unloaded';
  }

  /** The model process's id, while there is one. */
  get pid(): number | undefined {
    return this.held?.child.pid;
  }

  /** Generations waiting or running. */
  get busy(): number {
    return this.pending.size;
  }

  /**
   * Memory the model's process holds now and at most so far (resident set, in bytes), from
   * /proc on Linux; null without a process or elsewhere.
   */
  async memory(): Promise<{ residentBytes: number; peakBytes: number } | null> {
    const pid = this.pid;
    if (pid === undefined) return null;
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => null);
    const kb = (field: string) => Number(status?.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1]);
    const residentBytes = kb('VmRSS') * 1024;
    const peakBytes = kb('VmHWM') * 1024;
    return Number.isFinite(residentBytes) && Number.isFinite(peakBytes) ? { residentBytes, peakBytes } : null;
  }

  generate(
    model: LocalModelSpec,
    request: GenerateRequest,
    handlers: GenerateHandlers = {},
  ): Promise<{ text: string; stats: GenerationStats }> {
    // Bounded before it is sent (and parsed there): more than the model's context could hold is
    // refused here rather than sent to the process.
    const chars = request.system.length + request.prompt.length;
    if (chars > model.contextTokens * MAX_CHARS_PER_TOKEN)
      return Promise.reject(
        new LocalModelError(
          `The prompt (${chars} characters) is longer than the built-in model's context of ${model.contextTokens} tokens can hold`,
          'generation',
        ),
      );
    return this.submit(model, (id) => ({ type: 'generate', id, model, request }), handlers);
  }

  /**
   * Vectors for `texts` from an embedding model (`model.embedding`), in order. Each text longer
   * than the model's context is cut to it there; a batch is bounded here before it is sent.
   */
  embed(model: LocalModelSpec, texts: readonly string[], signal?: AbortSignal): Promise<number[][]> {
    const chars = texts.reduce((n, t) => n + t.length, 0);
    if (texts.length > MAX_EMBED_TEXTS || chars > MAX_EMBED_CHARS)
      return Promise.reject(
        new LocalModelError(
          `Too much to embed at once (${texts.length} texts, ${chars} characters; at most ${MAX_EMBED_TEXTS} and ${MAX_EMBED_CHARS})`,
          'generation',
        ),
      );
    return this.submit(
      model,
      (id) => ({ type: 'embed', id, model, texts: [...texts] }),
      signal ? { signal } : {},
    );
  }

  private submit<R>(
    model: LocalModelSpec,
    message: (id: number) => Pending['message'],
    handlers: GenerateHandlers,
  ): Promise<R> {
    const { signal } = handlers;
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.held?.model !== modelKey(model)) {
      const refusal = memoryRefusal(
        model,
        (this.options.freeMemory ?? os.freemem)(),
        this.options.memoryMarginBytes ?? MEMORY_MARGIN_BYTES,
      );
      if (refusal) return Promise.reject(refusal);
    }
    this.cancelIdle?.();
    this.cancelIdle = undefined;
    const id = this.nextId++;
    return new Promise<R>((resolve, reject) => {
      const onAbort = () => this.cancel(id);
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => {
        signal?.removeEventListener('abort', onAbort);
        const task = this.pending.get(id);
        task?.stopGrace?.();
        this.pending.delete(id);
        if (this.pending.size === 0 && this.held) {
          hold(this.held.child, false);
          this.armIdle();
        }
      };
      this.pending.set(id, {
        message: message(id),
        resolve: (r) => {
          done();
          resolve(r as R);
        },
        reject: (e) => {
          done();
          reject(e);
        },
        ...(handlers.onText ? { onText: handlers.onText } : {}),
        ...(signal ? { signal } : {}),
        streamed: false,
        resent: false,
      });
      this.dispatch(id);
    });
  }

  /** Sends a generation to the model's process, starting one when there is none. */
  private dispatch(id: number): void {
    const task = this.pending.get(id);
    if (!task) return;
    let held: Held;
    try {
      held = this.start();
    } catch (err) {
      task.reject(
        new LocalModelError(
          `The built-in model's process could not be started: ${err instanceof Error ? err.message : String(err)}`,
          'crashed',
        ),
      );
      return;
    }
    // Held while it works; an idle model does not keep the server from ending.
    hold(held.child, true);
    this.send(held, task.message);
  }

  /** Asks the process to stop a generation, and kills it if it has not stopped in time. */
  private cancel(id: number): void {
    const task = this.pending.get(id);
    const held = this.held;
    if (!task || !held) return;
    this.send(held, { type: 'cancel', id });
    task.stopGrace?.();
    const grace = this.options.cancelGraceMs ?? 5_000;
    task.stopGrace = this.schedule(() => {
      if (this.pending.has(id) && this.held === held)
        this.lost(
          held,
          `The built-in model did not stop a cancelled generation within ${grace / 1000} s; its process was ended`,
          { killed: true },
        );
    }, grace);
  }

  /** Ends the model's process now, freeing the model. Generations under way are failed. */
  async unload(): Promise<void> {
    this.cancelIdle?.();
    this.cancelIdle = undefined;
    const held = this.held;
    this.held = undefined;
    if (!held) return;
    this.failAll(new LocalModelError('The local model was unloaded', 'crashed'));
    // Awaited: the server stays up until the model's process has gone.
    hold(held.child, true);
    this.send(held, { type: 'unload' });
    // It frees the model and exits; one that does not within the grace time is killed.
    const kill = setTimeout(() => held.child.kill('SIGKILL'), this.options.cancelGraceMs ?? 5_000);
    kill.unref();
    await held.exited;
    clearTimeout(kill);
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

  private start(): Held {
    if (this.held) return this.held;
    const own = (() => {
      try {
        return os.getPriority();
      } catch {
        return 0;
      }
    })();
    const nice = Math.min(19, own + (this.options.niceSteps ?? 10));
    const child = (this.options.createProcess ?? startLocalProcess)({
      heapLimitMb: this.options.heapLimitMb ?? 256,
      nice,
    });
    // Lowered at once (its first thread, and so those it starts from now); it lowers the threads
    // Node started before this itself, before it loads the model.
    if (child.pid !== undefined)
      try {
        os.setPriority(child.pid, nice);
      } catch {
        // Not permitted here: it lowers itself.
      }
    const exited = new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
    const held: Held = { child, model: undefined, loading: undefined, exited };
    child.on('message', (message: FromModelProcess) => {
      if (this.held === held) this.onMessage(held, message);
    });
    child.on('error', (err) => {
      if (this.held === held) this.lost(held, `The built-in model's process failed: ${err.message}`);
    });
    child.on('exit', (code, signal) => {
      if (this.held === held)
        this.lost(
          held,
          `The built-in model's process ended unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`})`,
        );
    });
    this.held = held;
    return held;
  }

  /**
   * The process ended or stopped answering: it is killed, the generation it was writing fails
   * (a cancelled one ends as cancelled), and one that had not started is sent once to a new
   * process. When it crashed while loading the model, the model is blamed rather than retried.
   * `killed`: the runtime ended it (it did not stop a cancelled generation), it did not crash.
   */
  private lost(held: Held, message: string, { killed = false } = {}): void {
    if (this.held !== held) return;
    this.held = undefined;
    held.child.kill('SIGKILL');
    if (!killed) this.lastCrash = { message, at: new Date() };
    const name = (spec: LocalModelSpec) => spec.path.split(/[\\/]/).at(-1) ?? spec.path;
    const again: number[] = [];
    for (const [id, task] of [...this.pending]) {
      const key = modelKey(task.message.model);
      if (task.signal?.aborted) task.reject(task.signal.reason);
      else if (task.streamed || task.resent) task.reject(new LocalModelError(message, 'crashed'));
      else if (!killed && held.loading === key && held.model !== key)
        task.reject(
          new LocalModelError(
            `${message} while loading ${name(task.message.model)}: the file may be damaged, or the machine ran out of memory`,
            'model',
            { transient: true },
          ),
        );
      else {
        task.resent = true;
        again.push(id);
      }
    }
    for (const id of again) this.dispatch(id);
  }

  private onMessage(held: Held, message: FromModelProcess): void {
    const task = this.pending.get(message.id);
    switch (message.type) {
      case 'loading':
        held.loading = modelKey(message.model);
        return;
      case 'loaded': {
        held.model = modelKey(message.model);
        this.loads++;
        this.lastLoadMs = message.ms;
        this.gpu = message.gpu;
        this.heapLimitBytes = message.heapLimitBytes;
        return;
      }
      case 'chunk':
        if (!task) return;
        task.streamed = true;
        task.onText?.(message.text);
        return;
      case 'done':
        task?.resolve({ text: message.text, stats: message.stats });
        return;
      case 'embedded':
        task?.resolve(message.vectors);
        return;
      case 'error':
        // A model that failed to load is not being loaded any more (the next generation tries
        // again); one cancelled while loading goes on loading.
        if (message.kind === 'model' && !message.aborted) held.loading = undefined;
        if (!task) return;
        if (message.aborted && task.signal?.aborted) task.reject(task.signal.reason);
        else task.reject(new LocalModelError(message.message, message.kind));
    }
  }

  private send(held: Held, message: ToModelProcess): void {
    if (!held.child.connected) return;
    held.child.send(message, (err) => {
      // The process is going: its exit fails what it held.
      if (err && this.held === held)
        this.lost(held, `The built-in model's process stopped listening: ${err.message}`);
    });
  }

  private failAll(err: LocalModelError): void {
    for (const task of [...this.pending.values()]) task.reject(err);
  }
}

/** Keeps the server's event loop alive for the process while it works, and not while it idles. */
function hold(child: ChildProcess, working: boolean): void {
  if (working) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** Running the TypeScript source through tsx (development and tests), not the bundled build. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
/** The model process's bundle beside `main.js` (build.mjs names it so). */
export const BUILT_ENTRY = 'local-llm-process';
/** Where tsx is, resolved once at load (see lib/worker-thread.ts). */
const TSX = FROM_SOURCE ? import.meta.resolve('tsx') : '';

/**
 * Starts the model's process: `local-llm-process.js` beside `main.js` in a build (build.mjs names
 * it), or local-process.ts through tsx when running from source, with its heap capped and its
 * nice value as its argument. `builtDir`: the build folder to take it from (a test of the bundle).
 */
export function startLocalProcess(
  { heapLimitMb, nice }: ModelProcessOptions,
  builtDir?: string,
): ChildProcess {
  const heap = `--max-old-space-size=${Math.max(16, Math.round(heapLimitMb))}`;
  const stdio: StdioOptions = ['ignore', 'inherit', 'inherit', 'ipc'];
  const built = builtDir ?? (FROM_SOURCE ? undefined : here);
  if (built)
    return fork(path.join(built, `${BUILT_ENTRY}.js`), [String(nice)], {
      stdio,
      execArgv: [heap, '--enable-source-maps'],
    });
  const serverDir = path.resolve(here, '..', '..', '..', '..');
  return fork(path.join(here, 'local-process.ts'), [String(nice)], {
    stdio,
    execArgv: [heap, '--import', TSX],
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(serverDir, 'tsconfig.json') },
  });
}

function modelKey(spec: LocalModelSpec): string {
  return JSON.stringify(spec);
}
