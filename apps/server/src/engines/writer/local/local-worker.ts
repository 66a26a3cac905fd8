// The built-in local model's worker thread: loads one GGUF model with node-llama-cpp and runs as
// many generations at once as the model's spec allows (one by default), streaming each answer
// back. The main thread owns the queue, the idle unload (it ends this thread, which frees the
// model's memory) and cancellation.
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import {
  getLlama,
  type Llama,
  LlamaChatSession,
  type LlamaContext,
  type LlamaGrammar,
  LlamaLogLevel,
} from 'node-llama-cpp';
import type { FromWorker, GenerateRequest, LocalModelSpec, ToWorker } from './local-protocol.ts';

const port = parentPort;
if (!port) throw new Error('local-worker.ts runs as a worker thread');

/** Nice value of this thread: writing yields the CPU to the API and the other jobs. */
const WORKER_NICE = 10;
// On Linux a nice value belongs to one thread: this lowers this thread (and the threads it starts
// from now on), not the API's. Elsewhere it may apply to the whole process, or be refused.
try {
  os.setPriority(0, WORKER_NICE);
} catch {
  // Not permitted here: the model runs at the server's priority.
}

let llama: Promise<Llama> | undefined;
let loaded: { key: string; context: Promise<LlamaContext> } | undefined;
const running = new Map<number, AbortController>();
/** Generations running now, and those waiting for a turn, in order. */
let active = 0;
const waiting: (() => void)[] = [];

const send = (message: FromWorker) => port.postMessage(message);

port.on('message', (message: ToWorker) => {
  if (message.type === 'cancel') {
    running.get(message.id)?.abort();
    return;
  }
  const controller = new AbortController();
  running.set(message.id, controller);
  // At most `parallel` generations at once (one per sequence of the context): others wait.
  void (async () => {
    if (active >= Math.max(1, message.model.parallel))
      await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      await generate(message.id, message.model, message.request, controller.signal);
    } finally {
      active--;
      running.delete(message.id);
      waiting.shift()?.();
    }
  })();
});

/** Loads the model once: generations that start together share one load. */
function load(id: number, spec: LocalModelSpec): Promise<LlamaContext> {
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
    llama ??= getLlama({ gpu: spec.gpu, build: 'never', logLevel: LlamaLogLevel.error });
    const runtime = await llama;
    const model = await runtime.loadModel({ modelPath: spec.path });
    const made = await model.createContext({
      contextSize: Math.min(spec.contextTokens, model.trainContextSize),
      threads: spec.threads,
      sequences: Math.max(1, spec.parallel),
    });
    send({ type: 'loaded', id, ms: Math.round(performance.now() - started), gpu: runtime.gpu });
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
  let context: LlamaContext;
  try {
    if (signal.aborted) throw signal.reason;
    context = await load(id, spec);
  } catch (err) {
    send({ type: 'error', id, message: messageOf(err), aborted: signal.aborted, kind: 'model' });
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

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
