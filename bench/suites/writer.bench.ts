/**
 * The built-in local language model: load time and tokens per second reading the prompt and
 * writing the answer, for free text and for an answer held to the content schema by a grammar.
 * It measures the model LLM_LOCAL_MODEL names when its file is on disk; otherwise a toy model
 * (random weights, two layers) written here, which says how fast the machinery is, not a real
 * model. It also prints the memory of the model's own process (resident now and at its peak) and
 * that process's JavaScript heap cap. Run with `npm run bench -- writer`.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { loadConfig } from '../../apps/server/src/config/config.ts';
import { draftSchema } from '../../apps/server/src/engines/writer/llm/content-draft.ts';
import { TALK } from '../../apps/server/src/engines/writer/llm/llm-writer.fixtures.ts';
import { grammarSchema } from '../../apps/server/src/engines/writer/local/json-schema-grammar.ts';
import { findLocalModel } from '../../apps/server/src/engines/writer/local/local-models.ts';
import type {
  GenerationStats,
  LocalModelSpec,
} from '../../apps/server/src/engines/writer/local/local-protocol.ts';
import { LocalLlmProvider, memoryNeed } from '../../apps/server/src/engines/writer/local/local-provider.ts';
import { LocalLlmRuntime } from '../../apps/server/src/engines/writer/local/local-runtime.ts';
import { writeToyModel } from '../../apps/server/src/engines/writer/local/test/toy-gguf.ts';

type Results = Record<string, string | number>;

/** The model process's JavaScript heap cap, as the server sets it (LocalLlmConfig.heapLimitMb). */
const HEAP_LIMIT_MB = 256;

export async function writerBenchmark(): Promise<Results> {
  const work = await mkdtemp(path.join(tmpdir(), 'voxpress-bench-writer-'));
  const runtime = new LocalLlmRuntime({ idleMs: 60_000, heapLimitMb: HEAP_LIMIT_MB });
  try {
    const config = loadConfig({
      ...process.env,
      VOXPRESS_SECRET: process.env.VOXPRESS_SECRET ?? 'x'.repeat(32),
    }).llm.local;
    let file: string | null = null;
    let label = 'toy (random weights, 2 layers, 354 tokens)';
    if (config) {
      const target = new LocalLlmProvider(config, runtime).target();
      if (!('error' in target) && (await stat(target.file).catch(() => null))?.isFile()) {
        file = target.file;
        label = target.label;
      }
    }
    if (!file) {
      file = path.join(work, 'toy.gguf');
      await writeToyModel(file, { layers: 2, embedding: 256, heads: 8, seed: 3 });
    }
    const threads = config?.threads ?? Math.max(1, availableParallelism() - 1);
    const spec: LocalModelSpec = {
      path: file,
      contextTokens: 4096,
      threads,
      gpu: config?.gpu ?? false,
      parallel: 1,
      // The model is refused before loading when it would not fit in the free memory.
      ramBytes: memoryNeed(findLocalModel(label), (await stat(file)).size, 1),
    };
    const toy = label.startsWith('toy');
    const prompt = TALK.map((s) => `#${s.id} ${s.text}`)
      .join('\n')
      .repeat(6);

    const free = await runtime.generate(spec, {
      system: 'Summarise the transcript in a few sentences.',
      prompt,
      schema: null,
      maxTokens: 128,
      temperature: toy ? 1 : 0.3,
      seed: 1,
    });
    const json = await runtime.generate(spec, {
      system: 'Write a blog post from the transcript as JSON.',
      prompt,
      schema: grammarSchema(z.toJSONSchema(draftSchema(z.null()))),
      maxTokens: 256,
      temperature: toy ? 1 : 0.3,
      seed: 1,
    });
    const memory = await runtime.memory();
    const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MB`;
    const rate = (tokens: number, ms: number) => (ms > 0 ? (tokens / (ms / 1000)).toFixed(1) : 'n/a');
    const row = (s: GenerationStats) =>
      `${s.promptTokens} in: ${rate(s.promptTokens, s.promptMs)} tok/s; ${s.outputTokens} out: ${rate(s.outputTokens, s.generateMs)} tok/s`;
    return {
      model: label,
      threads,
      gpu: runtime.gpu === false ? 'none' : runtime.gpu,
      'load (ms)': runtime.lastLoadMs ?? 'n/a',
      'model process resident': memory ? mb(memory.residentBytes) : 'n/a (needs Linux /proc)',
      'model process peak resident': memory ? mb(memory.peakBytes) : 'n/a (needs Linux /proc)',
      'model process JS heap cap': `${HEAP_LIMIT_MB} MB old space (V8's whole limit: ${runtime.heapLimitBytes === null ? 'n/a' : mb(runtime.heapLimitBytes)})`,
      'prompt tok/s (free text)': rate(free.stats.promptTokens, free.stats.promptMs),
      'generation tok/s (free text)': rate(free.stats.outputTokens, free.stats.generateMs),
      'prompt tok/s (content schema)': rate(json.stats.promptTokens, json.stats.promptMs),
      'generation tok/s (content schema)': rate(json.stats.outputTokens, json.stats.generateMs),
      'free text': row(free.stats),
      'content schema': row(json.stats),
    };
  } finally {
    await runtime.close();
    await rm(work, { recursive: true, force: true });
  }
}
