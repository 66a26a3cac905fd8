// The built-in local model's worker thread: loads one GGUF model with node-llama-cpp and runs one
// generation at a time, streaming the answer back. The main thread owns the queue, the idle
// unload (it ends this thread, which frees the model's memory) and cancellation.
import { parentPort } from 'node:worker_threads';
import {
  getLlama,
  type Llama,
  LlamaChatSession,
  type LlamaContext,
  type LlamaGrammar,
  LlamaLogLevel,
  type LlamaModel,
} from 'node-llama-cpp';
import type { FromWorker, GenerateRequest, LocalModelSpec, ToWorker } from './local-protocol.ts';

const port = parentPort;
if (!port) throw new Error('local-worker.ts runs as a worker thread');

let llama: Promise<Llama> | undefined;
let loaded: { key: string; model: LlamaModel; context: LlamaContext } | undefined;
const running = new Map<number, AbortController>();
let queue: Promise<void> = Promise.resolve();

const send = (message: FromWorker) => port.postMessage(message);

port.on('message', (message: ToWorker) => {
  if (message.type === 'cancel') {
    running.get(message.id)?.abort();
    return;
  }
  const controller = new AbortController();
  running.set(message.id, controller);
  // One generation at a time: a second request waits for the first to finish.
  queue = queue.then(() =>
    generate(message.id, message.model, message.request, controller.signal).finally(() =>
      running.delete(message.id),
    ),
  );
});

async function load(id: number, spec: LocalModelSpec): Promise<LlamaContext> {
  const key = JSON.stringify(spec);
  if (loaded?.key === key) return loaded.context;
  if (loaded) {
    await loaded.context.dispose();
    await loaded.model.dispose();
    loaded = undefined;
  }
  const started = performance.now();
  llama ??= getLlama({ gpu: spec.gpu, build: 'never', logLevel: LlamaLogLevel.error });
  const runtime = await llama;
  const model = await runtime.loadModel({ modelPath: spec.path });
  const context = await model.createContext({
    contextSize: Math.min(spec.contextTokens, model.trainContextSize),
    threads: spec.threads,
    sequences: 1,
  });
  loaded = { key, model, context };
  send({ type: 'loaded', id, ms: Math.round(performance.now() - started), gpu: runtime.gpu });
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
