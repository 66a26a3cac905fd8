import type { LanguageModel } from 'ai';
import { grammarSchema } from './json-schema-grammar.ts';
import type { GenerationStats, LocalModelSpec } from './local-protocol.ts';
import type { LocalLlmRuntime } from './local-runtime.ts';

/** The AI SDK's model interface (version 3), as `ai` accepts it. */
type LanguageModelV3 = Extract<LanguageModel, { specificationVersion: 'v3' }>;
type CallOptions = Parameters<LanguageModelV3['doStream']>[0];
type GenerateResult = Awaited<ReturnType<LanguageModelV3['doGenerate']>>;
type StreamResult = Awaited<ReturnType<LanguageModelV3['doStream']>>;
type StreamPart =
  Awaited<ReturnType<LanguageModelV3['doStream']>>['stream'] extends ReadableStream<infer P> ? P : never;

/** Sampling defaults for the built-in model (a call's own values win). */
export interface LocalSampling {
  temperature: number;
  maxTokens: number;
  seed?: number;
}

/**
 * The built-in local model as an AI SDK language model, so the writer, the translator and the
 * renditions use it through the same code as any other model. A JSON answer asked for with a
 * schema is constrained by a grammar built from that schema: every token the model may write
 * keeps the answer valid JSON of that shape.
 */
export class LocalLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3' as const;
  readonly provider = 'local';
  readonly supportedUrls = {};
  /** Filled after each generation: tokens and times, for benchmarks and logs. */
  lastStats: GenerationStats | undefined;

  constructor(
    readonly modelId: string,
    private readonly runtime: LocalLlmRuntime,
    private readonly spec: LocalModelSpec,
    private readonly sampling: LocalSampling,
  ) {}

  async doGenerate(options: CallOptions): Promise<GenerateResult> {
    const { text, stats } = await this.run(options);
    return {
      content: [{ type: 'text', text }],
      finishReason: finish(stats),
      usage: usage(stats),
      warnings: [],
    };
  }

  async doStream(options: CallOptions): Promise<StreamResult> {
    let controller!: ReadableStreamDefaultController<StreamPart>;
    const stream = new ReadableStream<StreamPart>({
      start(c) {
        controller = c;
      },
    });
    controller.enqueue({ type: 'stream-start', warnings: [] });
    controller.enqueue({ type: 'text-start', id: 'text' });
    this.run(options, (delta) => controller.enqueue({ type: 'text-delta', id: 'text', delta })).then(
      ({ stats }) => {
        controller.enqueue({ type: 'text-end', id: 'text' });
        controller.enqueue({ type: 'finish', finishReason: finish(stats), usage: usage(stats) });
        controller.close();
      },
      (error: unknown) => {
        controller.enqueue({ type: 'error', error });
        controller.close();
      },
    );
    return { stream };
  }

  private async run(options: CallOptions, onText?: (text: string) => void) {
    const { system, prompt } = flatten(options.prompt);
    const format = options.responseFormat;
    const result = await this.runtime.generate(
      this.spec,
      {
        system,
        prompt,
        schema: format?.type === 'json' && format.schema ? grammarSchema(format.schema) : null,
        maxTokens: options.maxOutputTokens ?? this.sampling.maxTokens,
        temperature: options.temperature ?? this.sampling.temperature,
        ...((options.seed ?? this.sampling.seed) !== undefined
          ? { seed: options.seed ?? this.sampling.seed }
          : {}),
      },
      { ...(options.abortSignal ? { signal: options.abortSignal } : {}), ...(onText ? { onText } : {}) },
    );
    this.lastStats = result.stats;
    return result;
  }
}

/** The conversation as one system text and one user text (the writers send no history). */
function flatten(prompt: CallOptions['prompt']): { system: string; prompt: string } {
  const system: string[] = [];
  const user: string[] = [];
  for (const message of prompt) {
    if (message.role === 'system') system.push(message.content);
    else
      for (const part of message.content)
        if (part.type === 'text')
          user.push(message.role === 'user' ? part.text : `(${message.role}) ${part.text}`);
  }
  return { system: system.join('\n\n'), prompt: user.join('\n\n') };
}

function finish(stats: GenerationStats) {
  return stats.truncated
    ? { unified: 'length' as const, raw: 'maxTokens' }
    : { unified: 'stop' as const, raw: 'stop' };
}

function usage(stats: GenerationStats) {
  return {
    inputTokens: { total: stats.promptTokens, noCache: stats.promptTokens, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: stats.outputTokens, text: stats.outputTokens, reasoning: 0 },
  };
}
