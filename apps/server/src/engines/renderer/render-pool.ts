import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../lib/worker-thread.ts';
import { EngineError } from '../engine.ts';
import type { FromWorker, ToWorker } from './render-protocol.ts';
import type { RenderRequest, RenderResult } from './renderer.ts';

/** The part of pino the pool uses. */
export interface PoolLogger {
  warn(obj: object, msg: string): void;
}

export interface RenderPoolOptions {
  /** Worker threads; default: one per core, leaving one core to the API (at least one). */
  size?: number;
  /** Renders each worker runs at once: Takumi rasterises natively while the next one is planned. */
  perWorker?: number;
  /** Starts a worker; tests pass their own to crash one on purpose. */
  createWorker?: () => Worker;
  logger?: PoolLogger;
  /**
   * Milliseconds without a render after which the workers end (their threads, V8 heaps and
   * Takumi state); the next render starts them again. Default 60 s. Measured: one worker adds
   * ~65 MB resident with its first 1080 px render, and its end gives ~9 MB back at once; the rest
   * stays with the process's allocator, which the next workers reuse.
   */
  idleMs?: number;
}

/** How long render workers stay without work before they end (see `RenderPoolOptions.idleMs`). */
export const RENDER_IDLE_MS = 60_000;

interface Task {
  id: number;
  request: RenderRequest;
  resolve(result: RenderResult): void;
  reject(err: unknown): void;
  signal: AbortSignal | undefined;
  onAbort?: () => void;
  worker?: Slot;
}

interface Slot {
  worker: Worker;
  tasks: Map<number, Task>;
  ready: boolean;
}

/** The default number of render workers: every core but one for the API, at least one. */
export function defaultPoolSize(): number {
  return Math.max(1, availableParallelism() - 1);
}

/**
 * Render worker threads. Requests queue here and go to the least busy worker; a request whose
 * signal aborts leaves the queue or is cancelled in its worker; a worker that dies fails only its
 * own requests and is replaced. `close()` ends every worker.
 */
export class RenderPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private readonly size: number;
  private readonly perWorker: number;
  private readonly createWorker: () => Worker;
  private nextId = 1;
  private closed = false;
  private idleTimer: NodeJS.Timeout | undefined;
  /** Workers started to replace ones that died. */
  restarts = 0;
  /** Times the workers ended after going without work for `idleMs`. */
  releases = 0;

  constructor(private readonly options: RenderPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? defaultPoolSize());
    this.perWorker = Math.max(1, options.perWorker ?? 2);
    this.createWorker = options.createWorker ?? startRenderWorker;
    this.fill();
    this.releaseWhenIdle();
  }

  /** Worker threads running now (none once released after an idle time). */
  get workers(): number {
    return this.slots.length;
  }

  /** Resolves once every worker has loaded its first fonts. */
  async ready(): Promise<void> {
    if (!this.closed) this.fill();
    await Promise.all(
      this.slots.map((slot) => {
        if (slot.ready) return undefined;
        // Idle workers do not keep the process alive; one being waited for does.
        slot.worker.ref();
        return new Promise<void>((resolve) => {
          const done = () => {
            slot.worker.off('message', onMessage);
            if (slot.tasks.size === 0) slot.worker.unref();
            this.releaseWhenIdle();
            resolve();
          };
          const onMessage = (m: FromWorker) => {
            if (m.type === 'ready') done();
          };
          slot.worker.on('message', onMessage);
          slot.worker.once('exit', done);
        });
      }),
    );
  }

  render(request: RenderRequest, signal?: AbortSignal): Promise<RenderResult> {
    if (this.closed) return Promise.reject(new EngineError('The image renderer is shut down', true));
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<RenderResult>((resolve, reject) => {
      const task: Task = { id: this.nextId++, request, resolve, reject, signal };
      if (signal) {
        task.onAbort = () => this.abort(task);
        signal.addEventListener('abort', task.onAbort, { once: true });
      }
      this.queue.push(task);
      this.fill();
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    const stopped = new EngineError('The image renderer is shut down', true);
    for (const task of this.queue.splice(0)) this.settle(task, stopped);
    await Promise.all(
      this.slots.splice(0).map(async (slot) => {
        for (const task of slot.tasks.values()) this.settle(task, stopped);
        slot.tasks.clear();
        await slot.worker.terminate();
      }),
    );
  }

  /** Starts workers up to the pool's size (after an idle release, on the next render). */
  private fill(): void {
    while (this.slots.length < this.size) this.slots.push(this.spawn());
  }

  /**
   * With no render queued or running, ends every worker after `idleMs` unless work comes first.
   * Workers still loading their fonts count as busy.
   */
  private releaseWhenIdle(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    if (this.closed || this.queue.length || this.slots.length === 0) return;
    if (this.slots.some((s) => s.tasks.size > 0 || !s.ready)) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = undefined;
      if (this.queue.length || this.slots.some((s) => s.tasks.size > 0)) return;
      this.releases++;
      for (const slot of this.slots.splice(0)) void slot.worker.terminate();
    }, this.options.idleMs ?? RENDER_IDLE_MS);
    this.idleTimer.unref();
  }

  private spawn(): Slot {
    const worker = this.createWorker();
    const slot: Slot = { worker, tasks: new Map(), ready: false };
    worker.on('message', (message: FromWorker) => this.onMessage(slot, message));
    worker.on('error', (err) => this.options.logger?.warn({ err }, 'render worker failed'));
    worker.on('exit', (code) => this.onExit(slot, code));
    worker.unref();
    return slot;
  }

  private onMessage(slot: Slot, message: FromWorker): void {
    if (message.type === 'ready') {
      slot.ready = true;
      this.releaseWhenIdle();
      return;
    }
    const task = slot.tasks.get(message.id);
    if (!task) return;
    slot.tasks.delete(message.id);
    if (message.type === 'done') {
      this.settle(task, undefined, {
        png: message.png,
        width: task.request.width,
        height: task.request.height,
        renderMs: Math.round(message.renderMs * 10) / 10,
        missing: message.missing,
        omitted: message.omitted,
      });
    } else if (message.aborted && task.signal?.aborted) {
      this.settle(task, task.signal.reason);
    } else {
      this.settle(
        task,
        new EngineError(`Rendering the infographic failed: ${message.message}`, false, {
          userMessage: 'Failed to generate infographics. Please try again.',
        }),
      );
    }
    this.dispatch();
  }

  private onExit(slot: Slot, code: number): void {
    const at = this.slots.indexOf(slot);
    if (at < 0) return; // closed on purpose
    this.slots.splice(at, 1);
    const err = new EngineError(`A render worker stopped (exit code ${code})`, true, {
      userMessage: 'Failed to generate infographics. Please try again.',
    });
    for (const task of slot.tasks.values()) this.settle(task, err);
    slot.tasks.clear();
    this.options.logger?.warn({ code }, 'render worker stopped; starting another');
    if (!this.closed) {
      this.restarts++;
      this.slots.push(this.spawn());
      this.dispatch();
    }
  }

  private dispatch(): void {
    while (this.queue.length) {
      const slot = this.slots
        .filter((s) => s.tasks.size < this.perWorker)
        .sort((a, b) => a.tasks.size - b.tasks.size)[0];
      if (!slot) return;
      clearTimeout(this.idleTimer);
      this.idleTimer = undefined;
      const task = this.queue.shift() as Task;
      task.worker = slot;
      slot.tasks.set(task.id, task);
      slot.worker.ref();
      const message: ToWorker = { type: 'render', id: task.id, request: task.request };
      slot.worker.postMessage(message);
    }
  }

  private abort(task: Task): void {
    const queued = this.queue.indexOf(task);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.settle(task, task.signal?.reason);
      return;
    }
    if (task.worker?.tasks.has(task.id)) {
      const message: ToWorker = { type: 'cancel', id: task.id };
      task.worker.worker.postMessage(message);
    }
  }

  private settle(task: Task, err: unknown, result?: RenderResult): void {
    if (task.onAbort) task.signal?.removeEventListener('abort', task.onAbort);
    const slot = task.worker;
    if (slot && slot.tasks.size === 0) slot.worker.unref();
    if (result) task.resolve(result);
    else task.reject(err);
    this.releaseWhenIdle();
  }
}

/** Starts the render worker (bundled as `render-worker.js` beside `main.js`). */
export function startRenderWorker(): Worker {
  return startWorker({ built: 'render-worker', source: 'engines/renderer/render-worker.ts' });
}
