import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildServerBundle, SERVER_BUNDLE_ENV } from '@voxpress/test-kit/server-process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LlmWriter, type WriteRequest } from '../llm/llm.writer.ts';
import { llmProviders } from '../llm/llm-providers.ts';
import { TALK } from '../llm/llm-writer.fixtures.ts';
import { contentTypeTemplate } from '../llm/prompts/content-types.ts';
import { llmRendition } from '../renditions/llm-renditions.ts';
import { rulesFor } from '../renditions/platform-rules.ts';
import type { RenditionSource } from '../renditions/rendition-source.ts';
import { ComposerWriterEngine, LlmWriterEngine, WriterRouter } from '../writer-router.ts';
import { defaultLocalModel, findLocalModel, LOCAL_MODELS } from './local-models.ts';
import type { LocalModelSpec } from './local-protocol.ts';
import { type LocalLlmConfig, LocalLlmProvider, memoryNeed, sharedLocalProvider } from './local-provider.ts';
import {
  BUILT_ENTRY,
  LocalLlmRuntime,
  LocalModelError,
  memoryRefusal,
  startLocalProcess,
} from './local-runtime.ts';
import { writeToyModel } from './test/toy-gguf.ts';

let dir: string;
let toy: string;
const runtimes: LocalLlmRuntime[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'voxpress-local-llm-'));
  toy = path.join(dir, 'toy.gguf');
  await writeToyModel(toy, { layers: 2, seed: 7 });
});
afterAll(async () => {
  await Promise.all(runtimes.map((r) => r.close()));
  await rm(dir, { recursive: true, force: true });
});

/**
 * A runtime whose idle unload (and the kill of a process that does not stop a cancelled
 * generation) runs when the test says so, not on a timer; `children` are the model processes it
 * started.
 */
function manualRuntime(heapLimitMb?: number) {
  const idle: Array<() => void> = [];
  const children: ChildProcess[] = [];
  const runtime = new LocalLlmRuntime({
    idleMs: 60_000,
    ...(heapLimitMb ? { heapLimitMb } : {}),
    schedule: (run) => {
      idle.push(run);
      return () => {
        const at = idle.indexOf(run);
        if (at >= 0) idle.splice(at, 1);
      };
    },
    createProcess: (options) => {
      const child = startLocalProcess(options);
      children.push(child);
      return child;
    },
  });
  runtimes.push(runtime);
  return { runtime, idle, children };
}

/** Resolves when the process has exited, with how it ended. */
const exitOf = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

/** True while a process with this id exists (a zombie counts as gone: it holds no memory). */
const alive = (pid: number) => {
  try {
    return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

function config(overrides: Partial<LocalLlmConfig> = {}): LocalLlmConfig {
  return {
    model: toy,
    modelChosen: false,
    modelsDir: dir,
    modelsUrl: 'http://127.0.0.1:9/models',
    autoDownload: false,
    threads: 1,
    contextTokens: 4096,
    idleMs: 60_000,
    gpu: false,
    temperature: 1,
    maxTokens: 1500,
    seed: 11,
    heapLimitMb: 256,
    parallel: 1,
    ...overrides,
  };
}

const spec = (file: string, more: Partial<LocalModelSpec> = {}): LocalModelSpec => ({
  path: file,
  contextTokens: 2048,
  threads: 1,
  gpu: false,
  parallel: 1,
  ramBytes: 64 * 1024 ** 2,
  ...more,
});

// A model process starts and loads the model in each test: slow on a busy machine.
describe('built-in local model (node-llama-cpp, toy GGUF)', { timeout: 180_000 }, () => {
  it('writes a piece whose grammar-held answer parses into the content schema, with progress', async () => {
    const { runtime } = manualRuntime();
    const provider = new LocalLlmProvider(config(), runtime);
    expect((await provider.status()).state).toBe('ready');
    const writer = new LlmWriter(provider, {
      contextTokens: 4096,
      timeoutMs: 10 * 60_000,
      maxRetries: 0,
      // One try: an answer that did not parse would fail the test rather than be asked again.
      invalidOutputRetries: 0,
    });
    const template = contentTypeTemplate('blog_post');
    if (!template) throw new Error('blog_post is a built-in type');
    const progress: number[] = [];
    const request: WriteRequest = {
      template,
      language: 'en',
      segments: TALK,
      signal: new AbortController().signal,
      onProgress: (f) => progress.push(f),
    };
    const piece = await writer.write(request);
    expect(piece.engine).toEqual({ provider: 'local', model: 'toy.gguf' });
    expect(Array.isArray(piece.blocks)).toBe(true);
    expect(typeof piece.title).toBe('string');
    // Grounding ran over the toy's noise: every id kept names a real transcript line, and no
    // quote survives that is not in the transcript.
    const ids = new Set(TALK.map((s) => s.id));
    for (const block of piece.blocks) for (const id of block.segment_ids) expect(ids.has(id)).toBe(true);
    expect(piece.quotes).toEqual([]);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(runtime.loads).toBe(1);
  });

  it('asks the model once more, told why, when the rendition it wrote is refused', async () => {
    const { runtime } = manualRuntime();
    const provider = new LocalLlmProvider(config(), runtime);
    const generate = vi.spyOn(runtime, 'generate');
    // A piece with two words: no answer of the toy's can give LinkedIn three hashtags of it.
    const source: RenditionSource = {
      title: 'Word',
      language: 'en',
      keywords: [],
      markdown: 'Yes.',
      blocks: [{ type: 'paragraph', text: 'Yes.', segment_ids: [0], start: null }],
    };
    const failed = await llmRendition(
      provider,
      { timeoutMs: 10 * 60_000, maxRetries: 0 },
      source,
      rulesFor('linkedin'),
      undefined,
      new AbortController().signal,
    ).catch((e: unknown) => e);
    expect(failed).toMatchObject({ name: 'WriterError', failure: 'invalid_output' });
    expect((failed as Error).message).toMatch(
      /the linkedin rendition was refused: .*\(asked again after: .+\)$/,
    );
    const prompts = generate.mock.calls.map(([, request]) => request.prompt);
    // Grammar-held answers parse, so each request was made once: the first, then the one retry.
    expect(prompts).toHaveLength(2);
    const [first = '', retry = ''] = prompts;
    expect(retry.startsWith(`${first}\n\nYour previous answer was refused.`)).toBe(true);
    const told = (failed as Error).message.split('(asked again after: ')[1]?.slice(0, -1) ?? '';
    for (const reason of told.split('; ')) expect(retry).toContain(reason);
    expect(runtime.loads).toBe(1);
  });

  it('streams text and stops a generation when it is cancelled; the next one still runs', async () => {
    const { runtime } = manualRuntime();
    const controller = new AbortController();
    const chunks: string[] = [];
    const long = runtime.generate(
      spec(toy),
      {
        system: 'Write.',
        prompt: 'Go on forever.',
        schema: null,
        maxTokens: 1_000_000,
        temperature: 1,
        seed: 1,
      },
      {
        signal: controller.signal,
        onText: (text) => {
          chunks.push(text);
          if (chunks.length === 5) controller.abort(new Error('stopped by the user'));
        },
      },
    );
    await expect(long).rejects.toThrow('stopped by the user');
    expect(runtime.busy).toBe(0);
    const next = await runtime.generate(spec(toy), {
      system: '',
      prompt: 'Answer in JSON.',
      schema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      maxTokens: 200,
      temperature: 1,
      seed: 2,
    });
    expect(typeof (JSON.parse(next.text) as { ok: unknown }).ok).toBe('boolean');
    expect(next.stats.outputTokens).toBeGreaterThan(0);
    expect(runtime.loads).toBe(1);
  });

  it('unloads the model when it has been idle by ending its process, and starts a new one for the next request', async () => {
    const { runtime, idle, children } = manualRuntime();
    const ask = () =>
      runtime.generate(spec(toy), {
        system: '',
        prompt: 'Hi',
        schema: { enum: ['yes', 'no'] },
        maxTokens: 20,
        temperature: 1,
      });
    expect(['"yes"', '"no"']).toContain((await ask()).text);
    expect(runtime.loaded).toBe(true);
    expect(runtime.state).toBe('loaded');
    const first = children[0];
    if (!first?.pid) throw new Error('the model process was not started');
    expect(runtime.pid).toBe(first.pid);
    expect(idle).toHaveLength(1);
    idle[0]?.();
    // It frees the model and exits by itself, not killed.
    expect(await exitOf(first)).toEqual({ code: 0, signal: null });
    expect(alive(first.pid)).toBe(false);
    expect(runtime.loaded).toBe(false);
    expect(runtime.state).toBe('unloaded');
    await ask();
    expect(runtime.loads).toBe(2);
    expect(children).toHaveLength(2);
    expect(runtime.pid).toBe(children[1]?.pid);
    expect(runtime.lastCrash).toBeUndefined();
  });

  it('fails the generation its process was writing when the process is killed, and the next request starts a new one', async () => {
    const { runtime, children } = manualRuntime();
    const provider = new LocalLlmProvider(config(), runtime);
    expect((await provider.status()).detail).toMatch(/; loaded on first use$/);
    let chunks = 0;
    const writing = runtime
      .generate(
        spec(toy),
        {
          system: 'Write.',
          prompt: 'Go on forever.',
          schema: null,
          maxTokens: 1_000_000,
          temperature: 1,
          seed: 4,
        },
        {
          onText: () => {
            chunks++;
            if (chunks === 3) children[0]?.kill('SIGKILL');
          },
        },
      )
      .catch((e: unknown) => e);
    // Sent to the same process, waiting there for its turn when the process is killed: it is
    // sent again to the next process rather than failed.
    const waiting = runtime.generate(spec(toy), {
      system: '',
      prompt: 'Hi',
      schema: { enum: ['yes', 'no'] },
      maxTokens: 20,
      temperature: 1,
    });
    expect(runtime.state).toBe('loading');
    expect((await provider.status()).detail).toMatch(/; loading in process \d+$/);
    const crashed = await writing;
    expect(crashed).toBeInstanceOf(LocalModelError);
    expect((crashed as LocalModelError).kind).toBe('crashed');
    expect((crashed as LocalModelError).message).toBe(
      "The built-in model's process ended unexpectedly (signal SIGKILL)",
    );
    expect(['"yes"', '"no"']).toContain((await waiting).text);
    expect(runtime.busy).toBe(0);
    expect(runtime.lastCrash?.message).toBe(
      "The built-in model's process ended unexpectedly (signal SIGKILL)",
    );
    const status = await provider.status();
    expect(status.state).toBe('ready');
    expect(status.detail).toMatch(
      /; loaded in process \d+, \d+ MB resident; last crash \S+: The built-in model's process ended unexpectedly \(signal SIGKILL\)$/,
    );
    const next = await runtime.generate(spec(toy), {
      system: '',
      prompt: 'Answer in JSON.',
      schema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      maxTokens: 200,
      temperature: 1,
      seed: 2,
    });
    expect(typeof (JSON.parse(next.text) as { ok: unknown }).ok).toBe('boolean');
    expect(children).toHaveLength(2);
    expect(runtime.loads).toBe(2);
  });

  it('blames the model, for a while, when its process ends while loading it', async () => {
    let starts = 0;
    const runtime = new LocalLlmRuntime({
      idleMs: 60_000,
      // The first process dies as it starts loading the model, as one killed for want of memory
      // then would (loading the toy takes far longer than the signal takes to land).
      createProcess: (options) => {
        const child = startLocalProcess(options);
        if (starts++ === 0)
          child.on('message', (m: { type: string }) => {
            if (m.type === 'loading') child.kill('SIGKILL');
          });
        return child;
      },
    });
    runtimes.push(runtime);
    const provider = new LocalLlmProvider(config(), runtime);
    const writer = new LlmWriter(provider, { contextTokens: 4096, timeoutMs: 60_000, maxRetries: 0 });
    const template = contentTypeTemplate('blog_post');
    if (!template) throw new Error('blog_post is a built-in type');
    const failed = await writer
      .write({ template, language: 'en', segments: TALK, signal: new AbortController().signal })
      .catch((e: unknown) => e);
    expect((failed as Error).name).toBe('WriterUnavailableError');
    const status = await provider.status();
    expect(status.state).toBe('misconfigured');
    expect(status.reason).toBe('Built-in model toy.gguf: failed: it could not be loaded');
    expect(status.detail).toMatch(
      /^failed: The built-in model's process ended unexpectedly \(signal SIGKILL\) while loading toy\.gguf: the file may be damaged, or the machine ran out of memory \(/,
    );
    // Not for good: memory may have been short only then.
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    try {
      expect((await provider.status()).state).toBe('ready');
    } finally {
      vi.useRealTimers();
    }
    const next = await runtime.generate(spec(toy), {
      system: '',
      prompt: 'Hi',
      schema: { enum: ['yes', 'no'] },
      maxTokens: 20,
      temperature: 1,
    });
    expect(['"yes"', '"no"']).toContain(next.text);
    expect(starts).toBe(2);
  });

  it('answers a generation cancelled while the model loads at once, and keeps the model it was loading', async () => {
    const { runtime, children } = manualRuntime();
    const controller = new AbortController();
    const cancelled = runtime.generate(
      spec(toy),
      { system: 'Write.', prompt: 'Go on.', schema: null, maxTokens: 50, temperature: 1, seed: 1 },
      { signal: controller.signal },
    );
    controller.abort(new Error('stopped by the user'));
    await expect(cancelled).rejects.toThrow('stopped by the user');
    const next = await runtime.generate(spec(toy), {
      system: '',
      prompt: 'Hi',
      schema: { enum: ['yes', 'no'] },
      maxTokens: 20,
      temperature: 1,
    });
    expect(['"yes"', '"no"']).toContain(next.text);
    // One process, one load: neither was ended nor loaded again for the cancel.
    expect(children).toHaveLength(1);
    expect(runtime.loads).toBe(1);
    expect(runtime.state).toBe('loaded');
  });

  it('kills a process that does not stop a cancelled generation in time; the generation ends as cancelled', async () => {
    const { runtime, idle, children } = manualRuntime();
    const controller = new AbortController();
    let chunks = 0;
    let stopped!: () => void;
    const cancelled = new Promise<void>((resolve) => {
      stopped = resolve;
    });
    const stuck = runtime.generate(
      spec(toy),
      {
        system: 'Write.',
        prompt: 'Go on forever.',
        schema: null,
        maxTokens: 1_000_000,
        temperature: 1,
        seed: 6,
      },
      {
        signal: controller.signal,
        onText: () => {
          chunks++;
          if (chunks !== 3) return;
          // The process stops answering (as one stuck in native code would), then is cancelled.
          children[0]?.kill('SIGSTOP');
          controller.abort(new Error('stopped by the user'));
          stopped();
        },
      },
    );
    await cancelled;
    expect(idle).toHaveLength(1);
    const first = children[0];
    if (!first) throw new Error('the model process was not started');
    expect(first.exitCode === null && first.signalCode === null).toBe(true);
    // The grace time has passed: the runtime kills it.
    idle[0]?.();
    await expect(stuck).rejects.toThrow('stopped by the user');
    expect(await exitOf(first)).toEqual({ code: null, signal: 'SIGKILL' });
    expect(runtime.busy).toBe(0);
    // Ended on purpose: not a crash.
    expect(runtime.lastCrash).toBeUndefined();
    const next = await runtime.generate(spec(toy), {
      system: '',
      prompt: 'Hi',
      schema: { enum: ['yes', 'no'] },
      maxTokens: 20,
      temperature: 1,
    });
    expect(['"yes"', '"no"']).toContain(next.text);
    expect(children).toHaveLength(2);
  });

  it('says why a file that is not a model cannot be loaded, and the provider reports it as failed', async () => {
    const bad = path.join(dir, 'broken.gguf');
    await writeFile(bad, 'not a model at all');
    const { runtime } = manualRuntime();
    const error = await runtime
      .generate(spec(bad), { system: '', prompt: 'x', schema: null, maxTokens: 5, temperature: 0 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalModelError);
    expect((error as LocalModelError).kind).toBe('model');
    expect(runtime.state).toBe('unloaded');

    const provider = new LocalLlmProvider(config({ model: bad }), runtime);
    const writer = new LlmWriter(provider, { contextTokens: 4096, timeoutMs: 60_000, maxRetries: 0 });
    const template = contentTypeTemplate('blog_post');
    if (!template) throw new Error('blog_post is a built-in type');
    const failed = await writer
      .write({ template, language: 'en', segments: TALK, signal: new AbortController().signal })
      .catch((e: unknown) => e);
    // Unavailable: the writer router hands the piece to the next writer.
    expect((failed as Error).name).toBe('WriterUnavailableError');
    const status = await provider.status();
    expect(status.state).toBe('misconfigured');
    expect(status.detail).toMatch(/^failed: /);
  });
});

describe('built-in local model: memory, priority and generations at once', { timeout: 180_000 }, () => {
  const GB = 1024 ** 3;
  const ask = (runtime: LocalLlmRuntime, model: LocalModelSpec, seed = 1) =>
    runtime.generate(model, {
      system: 'Write.',
      prompt: 'Go on.',
      schema: null,
      maxTokens: 60,
      temperature: 1,
      seed,
    });

  it('refuses to load a model that does not fit in the free memory, without starting its process', async () => {
    let free = 2 * GB;
    const runtime = new LocalLlmRuntime({ idleMs: 60_000, freeMemory: () => free });
    runtimes.push(runtime);
    const big = spec(toy, { ramBytes: 2.2 * GB });
    const refused = await ask(runtime, big).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LocalModelError);
    expect((refused as LocalModelError).kind).toBe('model');
    expect((refused as LocalModelError).message).toBe(
      'Not enough free memory for the built-in model toy.gguf: it needs 2.2 GB and 2.0 GB is free, of which 0.5 GB is kept for the rest of the server. Free memory, choose a smaller model (LLM_LOCAL_MODEL), or connect a remote language model.',
    );
    expect(runtime.loaded).toBe(false);
    // 2.2 GB and the 0.5 GB margin fit in 2.8 GB: the model loads, and is not weighed again
    // while it stays loaded.
    free = 2.8 * GB;
    expect((await ask(runtime, big)).stats.outputTokens).toBeGreaterThan(0);
    free = 0;
    expect((await ask(runtime, big, 2)).stats.outputTokens).toBeGreaterThan(0);
    expect(memoryRefusal(big, 2.69 * GB, 0.5 * GB)).toBeInstanceOf(LocalModelError);
    expect(memoryRefusal(big, 2.69 * GB, 0.4 * GB)).toBeNull();
  });

  it('weighs each further generation at once, and a file outside the catalogue by its size', () => {
    const q4 = findLocalModel('qwen3-1.7b-q4');
    expect(memoryNeed(q4, 0, 1)).toBe(Math.round(2.2 * GB));
    // The cache and work space again (2.2 GB less the 1.28 GB file) for the second generation.
    expect(memoryNeed(q4, 0, 2)).toBe(Math.round(2.2 * GB + (2.2 * GB - 1_282_439_264)));
    expect(memoryNeed(undefined, GB, 1)).toBe(Math.round(1.7 * GB));
  });

  it('reports a refusal for want of memory as failed, and tries again once it has passed', async () => {
    const runtime = new LocalLlmRuntime({ idleMs: 60_000, freeMemory: () => 0 });
    runtimes.push(runtime);
    const provider = new LocalLlmProvider(config(), runtime);
    const writer = new LlmWriter(provider, { contextTokens: 4096, timeoutMs: 60_000, maxRetries: 0 });
    const template = contentTypeTemplate('blog_post');
    if (!template) throw new Error('blog_post is a built-in type');
    const failed = await writer
      .write({ template, language: 'en', segments: TALK, signal: new AbortController().signal })
      .catch((e: unknown) => e);
    expect((failed as Error).name).toBe('WriterUnavailableError');
    const status = await provider.status();
    expect(status.state).toBe('misconfigured');
    expect(status.detail).toMatch(/^failed: Not enough free memory for the built-in model toy\.gguf/);
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    try {
      expect((await provider.status()).state).toBe('ready');
    } finally {
      vi.useRealTimers();
    }
  });

  it.runIf(process.platform === 'linux')(
    'writes at a lower CPU priority: every thread of the model process is niced, the server’s are not',
    async () => {
      const niceOf = (pid: number | 'self', task: string) =>
        Number(readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8').split(') ')[1]?.split(' ')[16]);
      const niceOfAll = (pid: number | 'self') => readdirSync(`/proc/${pid}/task`).map((t) => niceOf(pid, t));
      const server = niceOfAll('self');
      const before = niceOf('self', String(process.pid));
      const { runtime } = manualRuntime();
      // While it writes: the compute threads llama.cpp starts for a generation are there too.
      let threads: number[] = [];
      await runtime.generate(
        spec(toy, { threads: 2 }),
        { system: 'Write.', prompt: 'Go on.', schema: null, maxTokens: 8, temperature: 1, seed: 1 },
        {
          onText: () => {
            const pid = runtime.pid;
            if (pid !== undefined && threads.length === 0) threads = niceOfAll(pid);
          },
        },
      );
      // Node's own threads, libuv's pool and the model's: all of them.
      expect(threads.length).toBeGreaterThan(5);
      expect(new Set(threads)).toEqual(new Set([Math.min(19, before + 10)]));
      expect(niceOfAll('self').filter((n) => n !== before)).toEqual(server.filter((n) => n !== before));
      expect(niceOf('self', String(process.pid))).toBe(before);
    },
  );

  it('runs the model process from the server’s build, as npm start does', async () => {
    // The test run's bundle, or one built here when this file runs on its own.
    const given = process.env[SERVER_BUNDLE_ENV];
    const bundle = given ? { dir: given, remove: () => undefined } : buildServerBundle();
    try {
      expect(existsSync(path.join(bundle.dir, `${BUILT_ENTRY}.js`))).toBe(true);
      const children: ChildProcess[] = [];
      const runtime = new LocalLlmRuntime({
        idleMs: 60_000,
        createProcess: (options) => {
          const child = startLocalProcess(options, bundle.dir);
          children.push(child);
          return child;
        },
      });
      runtimes.push(runtime);
      const answer = await runtime.generate(spec(toy), {
        system: '',
        prompt: 'Answer in JSON.',
        schema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
        maxTokens: 200,
        temperature: 1,
        seed: 2,
      });
      expect(typeof (JSON.parse(answer.text) as { ok: unknown }).ok).toBe('boolean');
      expect(children[0]?.spawnargs.some((a) => a.endsWith(`${BUILT_ENTRY}.js`))).toBe(true);
      const child = children[0];
      if (!child) throw new Error('the model process was not started');
      await runtime.unload();
      expect(await exitOf(child)).toEqual({ code: 0, signal: null });
    } finally {
      bundle.remove();
    }
  });

  it('refuses a prompt longer than the model’s context could hold before sending it to the process', async () => {
    const { runtime, children } = manualRuntime();
    const refused = await runtime
      .generate(spec(toy, { contextTokens: 1024 }), {
        system: 'Write.',
        prompt: 'word '.repeat(20_000),
        schema: null,
        maxTokens: 10,
        temperature: 1,
      })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LocalModelError);
    expect((refused as LocalModelError).message).toBe(
      "The prompt (100006 characters) is longer than the built-in model's context of 1024 tokens can hold",
    );
    expect(children).toHaveLength(0);
  });

  it('fails a generation that overflows the model process’s heap as a crash, and the server goes on', async () => {
    const { runtime, children } = manualRuntime(48);
    const model = spec(toy, { contextTokens: 1_000_000 });
    await ask(runtime, model);
    // 40 MB of prompt cannot be read into a 48 MB heap: the process runs out of memory (twice:
    // once in the process that held the model, once in the new one it is sent to), the server
    // does not.
    const overflow = await runtime
      .generate(model, {
        system: '',
        prompt: 'word '.repeat(8_000_000),
        schema: null,
        maxTokens: 10,
        temperature: 1,
      })
      .catch((e: unknown) => e);
    expect(overflow).toBeInstanceOf(LocalModelError);
    expect((overflow as LocalModelError).kind).toBe('crashed');
    expect((overflow as LocalModelError).message).toBe(
      "The built-in model's process ended unexpectedly (signal SIGABRT)",
    );
    expect(children).toHaveLength(2);
    expect((await ask(runtime, model, 2)).stats.outputTokens).toBeGreaterThan(0);
    expect(children).toHaveLength(3);
  });

  it('caps the model process’s JavaScript heap', async () => {
    const { runtime, children } = manualRuntime(96);
    await ask(runtime, spec(toy));
    const limit = (runtime.heapLimitBytes ?? 0) / 1024 ** 2;
    // V8's limit is the old space asked for plus its young generation and code spaces (192 MB
    // more on Node 24); uncapped it would be several GB.
    expect(limit).toBeGreaterThanOrEqual(96);
    expect(limit).toBeLessThanOrEqual(96 + 256);
    expect(children[0]?.spawnargs).toContain('--max-old-space-size=96');
    const memory = await runtime.memory();
    if (process.platform === 'linux') {
      expect(memory?.residentBytes).toBeGreaterThan(10 * 1024 ** 2);
      expect(memory?.peakBytes).toBeGreaterThanOrEqual(memory?.residentBytes ?? Infinity);
    }
  });

  it('runs as many generations at once as configured; the others wait their turn', async () => {
    const order = async (parallel: number) => {
      const { runtime } = manualRuntime();
      const model = spec(toy, { parallel });
      await ask(runtime, model);
      const events: string[] = [];
      const run = (name: string) =>
        runtime
          .generate(
            model,
            { system: 'Write.', prompt: 'Go on.', schema: null, maxTokens: 150, temperature: 1, seed: 3 },
            { onText: () => events.push(`${name} text`) },
          )
          .then(() => events.push(`${name} done`));
      await Promise.all([run('a'), run('b')]);
      return events.filter((e, i) => events.indexOf(e) === i);
    };
    expect(await order(1)).toEqual(['a text', 'a done', 'b text', 'b done']);
    const together = await order(2);
    expect(together.indexOf('b text')).toBeLessThan(together.indexOf('a done'));
  });
});

describe('local model catalogue', () => {
  it('names a model that is not downloaded, with its size, and an unknown name as misconfigured', async () => {
    const missing = new LocalLlmProvider(config({ model: 'qwen3-1.7b' }), manualRuntime().runtime);
    const status = await missing.status();
    expect(status.state).toBe('missing');
    expect(status.reason).toBe('Built-in model qwen3-1.7b: not downloaded: 1.7 GB');
    expect(status.model).toEqual({ name: 'qwen3-1.7b', state: 'not_downloaded', bytes: 1_834_426_016 });
    const downloading = new LocalLlmProvider(config({ model: 'qwen3-4b' }), manualRuntime().runtime, () => ({
      state: 'downloading',
      percent: 41,
    }));
    const under = await downloading.status();
    expect(under.reason).toBe('Built-in model qwen3-4b: downloading 41 %');
    expect(under.model).toMatchObject({ name: 'qwen3-4b', state: 'downloading', percent: 41 });
    const failed = await new LocalLlmProvider(config({ model: 'qwen3-4b' }), manualRuntime().runtime, () => ({
      state: 'failed',
      percent: 12,
      error: 'Could not download built-in model qwen3-4b from https://mirror.example/x.gguf: no space left',
      why: 'not enough disk space',
    })).status();
    // Anyone may read the reason: it says why in plain words, without the address.
    expect(failed.reason).toBe('Built-in model qwen3-4b: the download failed: not enough disk space');
    expect(failed.reason).not.toContain('mirror.example');
    expect(failed.detail).toContain('https://mirror.example/x.gguf');
    expect(failed.model).toMatchObject({ state: 'download_failed', reason: 'not enough disk space' });
    const unknown = await new LocalLlmProvider(config({ model: 'gpt-9' }), manualRuntime().runtime).status();
    expect(unknown.state).toBe('misconfigured');
  });

  it('picks the largest model that fits the free memory and cores, with room for the rest of the app', () => {
    const GB = 1024 ** 3;
    expect(defaultLocalModel({ freeBytes: 16 * GB, cores: 8 }).name).toBe('qwen3-4b');
    expect(defaultLocalModel({ freeBytes: 16 * GB, cores: 2 }).name).toBe('qwen3-1.7b');
    expect(defaultLocalModel({ freeBytes: 4.5 * GB, cores: 8 }).name).toBe('qwen3-1.7b');
    expect(defaultLocalModel({ freeBytes: 3.8 * GB, cores: 8 }).name).toBe('qwen3-1.7b-q4');
    expect(defaultLocalModel({ freeBytes: 1 * GB, cores: 8 }).name).toBe('qwen3-1.7b-q4');
  });

  it('lists every entry with a download address, size, checksum, memory, context, languages and licence', () => {
    for (const m of LOCAL_MODELS) {
      expect(m.source).toMatch(/\/resolve\/main\/[^/]+\.gguf$/);
      expect(m.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(m.bytes).toBeGreaterThan(1e9);
      expect(m.ramBytes).toBeGreaterThan(m.bytes);
      expect(m.contextTokens).toBeGreaterThan(4096);
      expect(m.languages).toContain('en');
      expect(m.licence).toBe('Apache-2.0');
    }
    expect(findLocalModel('qwen3-4b')?.file).toBe('Qwen3-4B-Q4_K_M.gguf');
  });
});

describe('built-in local model in the writer router', { timeout: 180_000 }, () => {
  const quiet = { warn: () => undefined };
  const llm = {
    openai: undefined,
    anthropic: undefined,
    ollama: undefined,
    contextTokens: 4096,
    timeoutMs: 10 * 60_000,
    maxRetries: 0,
  };

  it('comes after the remote models and Ollama, and is one shared instance', () => {
    const local = config({ model: 'qwen3-4b' });
    const ids = llmProviders({ ...llm, local }).map((p) => p.id);
    expect(ids).toEqual(['openai', 'anthropic', 'ollama', 'local']);
    expect(sharedLocalProvider(local)).toBe(sharedLocalProvider({ ...local }));
    expect(llmProviders({ ...llm, local: undefined }).map((p) => p.id)).not.toContain('local');
  });

  it('writes with the local model once it is on disk, and leaves it to the composer while it is not', async () => {
    const router = (local: LocalLlmConfig) => {
      const providers = llmProviders({ ...llm, local });
      return new WriterRouter(llm, quiet, [
        ...providers.map((p) => new LlmWriterEngine(new LlmWriter(p, llm))),
        new ComposerWriterEngine(),
      ]);
    };
    const notDownloaded = router(config({ model: 'qwen3-1.7b', modelsDir: path.join(dir, 'empty') }));
    const listed = await notDownloaded.router.describe();
    const local = listed.find((e) => e.id === 'local');
    expect(local).toMatchObject({
      state: 'missing',
      position: 4,
      name: 'Built-in local model (language model)',
    });
    expect(local?.reason).toMatch(/not downloaded: 1\.7 GB/);
    const choice = await notDownloaded.router.choose({ label: 'blog_post in en', supports: () => true });
    expect(choice.engine.id).toBe('composer');
    expect(choice.reason).toMatch(/local unavailable \(Built-in model qwen3-1\.7b: not downloaded/);

    const ready = router(config({ seed: 5 }));
    const written = await ready.write({
      segments: TALK.map((s) => ({ start: s.start ?? 0, end: (s.start ?? 0) + 3, text: s.text })),
      text: TALK.map((s) => s.text).join(' '),
      timed: true,
      language: 'en',
      contentType: 'blog_post',
      signal: new AbortController().signal,
    });
    expect(written.engine.id).toBe('local');
    expect(written.result.model).toBe('toy.gguf');
  });
});
