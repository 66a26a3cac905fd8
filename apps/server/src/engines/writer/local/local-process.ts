// The built-in local model's own process: loads one GGUF model with node-llama-cpp and runs as
// many generations at once as the model's spec allows (one by default), streaming each answer
// back over the IPC channel. The server owns the idle unload (it ends this process, which frees
// all of the model's memory), the memory check before loading, and cancellation; a native crash
// or an out-of-memory here ends this process, not the server.
//
// Started by local-runtime.ts with a capped JavaScript heap (--max-old-space-size) and the nice
// value to run at as its one argument.
import { readdirSync } from 'node:fs';
import os from 'node:os';
import v8 from 'node:v8';
import type { Llama, LlamaContext, LlamaEmbeddingContext, LlamaGrammar } from 'node-llama-cpp';
import type { FromModelProcess, GenerateRequest, LocalModelSpec, ToModelProcess } from './local-protocol.ts';

if (!process.send) throw new Error('local-process.ts runs as a child process with an IPC channel');

/**
 * Lowers every thread of this process to `nice`. On Linux a nice value belongs to one thread, and
 * a thread starts with its parent thread's: so the threads Node has already started are lowered
 * one by one, and every thread started from now on (libuv's pool, llama.cpp's compute threads)
 * inherits the value. Elsewhere the value applies to the whole process.
 */
function lowerPriority(nice: number): void {
  let tasks: string[] = [];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    // Not Linux: the process as a whole.
  }
  for (const task of tasks.length > 0 ? tasks.map(Number) : [0]) {
    try {
      if (os.getPriority(task) < nice) os.setPriority(task, nice);
    } catch {
      // Not permitted here, or the thread has ended: it runs at the server's priority.
    }
  }
}

const NICE = Number(process.argv[2] ?? 10);
// Before node-llama-cpp loads its native code, so that all its threads start lowered.
lowerPriority(NICE);
const { getLlama, LlamaChatSession, LlamaLogLevel } = await import('node-llama-cpp');

const send = (message: FromModelProcess) => {
  // The server has gone: nothing to answer to (the 'disconnect' handler ends this process).
  if (process.connected) process.send?.(message);
};

// Without the server this process has no purpose: end it (and free the model) with its channel.
// That happens however the server ends, even killed, so the signals a terminal's Ctrl+C or a
// service manager send to every process of the server are left to the server: it stops taking
// work, lets the piece being written finish, then unloads the model or exits.
process.on('disconnect', () => process.exit(0));
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => undefined);

let llama: Promise<Llama> | undefined;
/** A writing model's context, or an embedding model's. */
type Loaded = LlamaContext | LlamaEmbeddingContext;
let loaded: { key: string; context: Promise<Loaded> } | undefined;
const running = new Map<number, AbortController>();
/** Generations running now, and those waiting for a turn, in order. */
let active = 0;
const waiting: { id: number; start(): void }[] = [];

process.on('message', (message: ToModelProcess) => {
  if (message.type === 'unload') {
    void unload().finally(() => process.exit(0));
    return;
  }
  if (message.type === 'cancel') {
    running.get(message.id)?.abort();
    // One still waiting for its turn stops now rather than when the one before it ends.
    const queued = waiting.findIndex((w) => w.id === message.id);
    if (queued >= 0) waiting.splice(queued, 1)[0]?.start();
    return;
  }
  const controller = new AbortController();
  running.set(message.id, controller);
  // At most `parallel` generations at once (one per sequence of the context): others wait.
  void (async () => {
    const queued = active >= Math.max(1, message.model.parallel);
    if (queued) await new Promise<void>((start) => waiting.push({ id: message.id, start }));
    if (controller.signal.aborted) {
      running.delete(message.id);
      send({ type: 'error', id: message.id, message: 'cancelled', aborted: true, kind: 'generation' });
      return;
    }
    active++;
    try {
      if (message.type === 'embed') await embed(message.id, message.model, message.texts, controller.signal);
      else await generate(message.id, message.model, message.request, controller.signal);
    } finally {
      active--;
      running.delete(message.id);
      waiting.shift()?.start();
    }
  })();
});

/** Frees the model before the process ends (its memory goes with the process in any case). */
async function unload(): Promise<void> {
  for (const controller of running.values()) controller.abort();
  const context = await loaded?.context.catch(() => undefined);
  loaded = undefined;
  if (context) {
    await context.dispose();
    await context.model.dispose();
  }
}

/** Loads the model once: generations that start together share one load. */
function load(id: number, spec: LocalModelSpec): Promise<Loaded> {
  const key = JSON.stringify(spec);
  if (loaded?.key === key) return loaded.context;
  const previous = loaded;
  const context = (async () => {
    const before = await previous?.context.catch(() => undefined);
    if (before) {
      await before.dispose();
      await before.model.dispose();
    }
    const started = performance.now();
    // Should this process end before 'loaded', the server knows the model's load was under way.
    send({ type: 'loading', id, model: spec });
    llama ??= getLlama({ gpu: spec.gpu, build: 'never', logLevel: LlamaLogLevel.error });
    const runtime = await llama;
    const model = await runtime.loadModel({ modelPath: spec.path });
    const contextSize = Math.min(spec.contextTokens, model.trainContextSize);
    const made: Loaded = spec.embedding
      ? await model.createEmbeddingContext({ contextSize, threads: spec.threads })
      : await model.createContext({
          contextSize,
          threads: spec.threads,
          sequences: Math.max(1, spec.parallel),
        });
    // Any thread started meanwhile by a thread that was not yet lowered is lowered now.
    lowerPriority(NICE);
    send({
      type: 'loaded',
      id,
      model: spec,
      ms: Math.round(performance.now() - started),
      gpu: runtime.gpu,
      heapLimitBytes: v8.getHeapStatistics().heap_size_limit,
    });
    return made;
  })();
  loaded = { key, context };
  // A model that failed to load is tried again by the next generation.
  context.catch(() => {
    if (loaded?.context === context) loaded = undefined;
  });
  return context;
}

async function generate(
  id: number,
  spec: LocalModelSpec,
  request: GenerateRequest,
  signal: AbortSignal,
): Promise<void> {
  const context = await loadFor(id, spec, signal);
  if (!context) return;
  if (!('getSequence' in context)) {
    send({ type: 'error', id, message: 'An embedding model cannot write', aborted: false, kind: 'model' });
    return;
  }
  const sequence = context.getSequence();
  try {
    const runtime = await (llama as Promise<Llama>);
    const grammar: LlamaGrammar | undefined = request.schema
      ? await runtime.createGrammarForJsonSchema(request.schema as never)
      : undefined;
    const session = new LlamaChatSession({
      contextSequence: sequence,
      systemPrompt: request.system,
      autoDisposeSequence: false,
    });
    const started = performance.now();
    let firstChunkAt: number | undefined;
    const before = {
      input: sequence.tokenMeter.usedInputTokens,
      output: sequence.tokenMeter.usedOutputTokens,
    };
    const answer = await session.promptWithMeta(request.prompt, {
      ...(grammar ? { grammar } : {}),
      maxTokens: request.maxTokens,
      // Models that think first (Qwen3) answer straight away: on a CPU, thinking costs minutes.
      budgets: { thoughtTokens: 0 },
      temperature: request.temperature,
      ...(request.seed !== undefined ? { seed: request.seed } : {}),
      signal,
      stopOnAbortSignal: false,
      onTextChunk: (text) => {
        firstChunkAt ??= performance.now();
        send({ type: 'chunk', id, text });
      },
    });
    const ended = performance.now();
    session.dispose({ disposeSequence: false });
    send({
      type: 'done',
      id,
      text: answer.responseText,
      stats: {
        promptTokens: sequence.tokenMeter.usedInputTokens - before.input,
        outputTokens: sequence.tokenMeter.usedOutputTokens - before.output,
        promptMs: Math.round((firstChunkAt ?? ended) - started),
        generateMs: Math.round(ended - (firstChunkAt ?? ended)),
        truncated: answer.stopReason === 'maxTokens',
      },
    });
  } catch (err) {
    send({ type: 'error', id, message: messageOf(err), aborted: signal.aborted, kind: 'generation' });
  } finally {
    await sequence.clearHistory().catch(() => undefined);
    await sequence.dispose();
  }
}

/**
 * The model for one request, or undefined when it could not be loaded or the request was
 * cancelled meanwhile (the error is sent). A load cannot be stopped part-way: one cancelled
 * meanwhile answers at once, and the model goes on loading for the next request.
 */
async function loadFor(id: number, spec: LocalModelSpec, signal: AbortSignal): Promise<Loaded | undefined> {
  try {
    if (signal.aborted) throw signal.reason;
    return await Promise.race([
      load(id, spec),
      new Promise<never>((_, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
      ),
    ]);
  } catch (err) {
    send({ type: 'error', id, message: messageOf(err), aborted: signal.aborted, kind: 'model' });
    return undefined;
  }
}

/** Vectors for each text in turn; a text longer than the context is cut to fit it. */
async function embed(id: number, spec: LocalModelSpec, texts: string[], signal: AbortSignal): Promise<void> {
  const context = await loadFor(id, spec, signal);
  if (!context) return;
  if (!('getEmbeddingFor' in context)) {
    send({ type: 'error', id, message: 'A writing model cannot embed', aborted: false, kind: 'model' });
    return;
  }
  try {
    const vectors: number[][] = [];
    for (const text of texts) {
      if (signal.aborted) throw signal.reason;
      // The context also holds the tokens the model puts around a text (beginning, end).
      const room = Math.min(spec.contextTokens, context.model.trainContextSize) - 8;
      const tokens = context.model.tokenize(text);
      const fits = tokens.length <= room ? tokens : tokens.slice(0, room);
      vectors.push([...(await context.getEmbeddingFor(fits)).vector]);
    }
    send({ type: 'embedded', id, vectors });
  } catch (err) {
    send({ type: 'error', id, message: messageOf(err), aborted: signal.aborted, kind: 'generation' });
  }
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
