import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FakeHttpServer } from '@voxpress/test-kit/fake-http-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAiEmbeddingsHandler } from '../../../test/fake-llm-servers.ts';
import { ModelFileError } from '../models/resumable-download.ts';
import { downloadLocalModel } from '../writer/local/local-download.ts';
import { EMBEDDING_MODELS, findEmbeddingModel } from '../writer/local/local-models.ts';
import { LocalLlmRuntime } from '../writer/local/local-runtime.ts';
import { writeToyModel } from '../writer/local/test/toy-gguf.ts';
import { BuiltinEmbedder, type BuiltinEmbedderConfig } from './builtin.embedder.ts';
import { embedderRouter } from './embedder-router.ts';
import { RemoteEmbedder } from './remote.embedder.ts';

let dir: string;
let toy: string;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'voxpress-embedder-'));
  toy = path.join(dir, 'toy-embed.gguf');
  await writeToyModel(toy, { seed: 11 });
});
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  await rm(dir, { recursive: true, force: true });
});

const config = (model: string): BuiltinEmbedderConfig => ({
  model,
  modelsDir: dir,
  modelsUrl: 'http://127.0.0.1:9',
  autoDownload: false,
  threads: 1,
  idleMs: 60_000,
  heapLimitMb: 128,
});

function builtin(model: string): BuiltinEmbedder {
  const engine = new BuiltinEmbedder(config(model));
  closers.push(() => engine.close());
  return engine;
}

const cosine = (a: number[], b: number[]) => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += (a[i] ?? 0) * (b[i] ?? 0);
    na += (a[i] ?? 0) ** 2;
    nb += (b[i] ?? 0) ** 2;
  }
  return dot / Math.sqrt(na * nb);
};

describe('the built-in embedder', () => {
  it('embeds with a GGUF model in its own process: one vector per text, the same text the same vector', async () => {
    const engine = builtin(toy);
    expect((await engine.status()).state).toBe('ready');
    expect(engine.modelName()).toBe('toy-embed');
    const [a, b, c] = await engine.embed(
      ['the harbour at dawn', 'the harbour at dawn', 'a recipe for bread'],
      'document',
    );
    expect(a).toHaveLength(64);
    expect(cosine(a ?? [], b ?? [])).toBeCloseTo(1, 5);
    expect(cosine(a ?? [], c ?? [])).toBeLessThan(0.999);
    expect(engine.runtime.state).toBe('loaded');
  });

  it('cuts a text longer than the model’s context instead of failing', async () => {
    const engine = builtin(toy);
    const [long] = await engine.embed(['word '.repeat(5000)], 'query');
    expect(long).toHaveLength(64);
  });

  it('answers an aborted request with its reason', async () => {
    const engine = builtin(toy);
    const controller = new AbortController();
    controller.abort(new Error('asked to stop'));
    await expect(engine.embed(['x'], 'query', controller.signal)).rejects.toThrow('asked to stop');
  });

  it('refuses too much at once before anything reaches the model', async () => {
    const runtime = new LocalLlmRuntime({ idleMs: 60_000 });
    closers.push(() => runtime.close());
    const spec = {
      path: toy,
      contextTokens: 512,
      threads: 1,
      gpu: false as const,
      parallel: 1,
      ramBytes: 0,
      embedding: true,
    };
    await expect(runtime.embed(spec, Array(257).fill('x'))).rejects.toThrow(/Too much to embed/);
    expect(runtime.pid).toBeUndefined();
  });

  it('says a catalogue model is not downloaded, with its size, and an unknown name is misconfigured', async () => {
    const status = await builtin('embeddinggemma-300m').status();
    expect(status.state).toBe('missing');
    expect(status.reason).toBe('Embedding model embeddinggemma-300m: not downloaded: 318 MB');
    expect(status.model).toEqual({
      name: 'embeddinggemma-300m',
      state: 'not_downloaded',
      bytes: 333_590_944,
    });
    const unknown = await builtin('no-such-model').status();
    expect(unknown.state).toBe('misconfigured');
    expect(unknown.detail).toContain('embeddinggemma-300m, nomic-embed-text-v1.5');
  });

  it('downloads a catalogue model from its pinned revision and refuses a file that is not it', async () => {
    const site = await new FakeHttpServer().start();
    closers.push(() => site.stop());
    const fake = Buffer.from('not the model');
    site.handler = (_req, res) => {
      res.writeHead(200, { 'content-length': fake.length }).end(fake);
    };
    const info = findEmbeddingModel('nomic-embed-text-v1.5');
    const err = await downloadLocalModel('nomic-embed-text-v1.5', {
      modelsDir: dir,
      baseUrl: site.url,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelFileError);
    expect(site.received.map((r) => r.url)).toEqual([`/${info?.source}`]);
    expect(info?.source).toContain('/resolve/0188c9bf409793f810680a5a431e7b899c46104c/');
    expect(createHash('sha256').update(fake).digest('hex')).not.toBe(info?.sha256);
  });

  it('pins every catalogue file to a revision, a size and a SHA-256', () => {
    for (const m of EMBEDDING_MODELS) {
      expect(m.source).toMatch(/\/resolve\/[0-9a-f]{40}\//);
      expect(m.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(m.bytes).toBeGreaterThan(100_000_000);
    }
  });
});

describe('the remote embedder', () => {
  it('speaks the OpenAI embeddings API, in batches, with its key', async () => {
    const server = await new FakeHttpServer().start();
    closers.push(() => server.stop());
    server.handler = openAiEmbeddingsHandler((text) => [text.length, 1]);
    const engine = new RemoteEmbedder({
      baseUrl: `${server.url}/v1`,
      apiKey: 'sk-test',
      model: 'text-embedding-3-small',
      timeoutMs: 10_000,
      maxRetries: 0,
    });
    expect((await engine.status()).state).toBe('ready');
    const texts = Array.from({ length: 70 }, (_, i) => 'x'.repeat(i + 1));
    const vectors = await engine.embed(texts, 'document');
    expect(vectors.map((v) => v[0])).toEqual(texts.map((t) => t.length));
    const calls = server.requestsTo('/v1/embeddings');
    expect(calls.map((c) => (c.body as { input: string[] }).input.length)).toEqual([64, 6]);
    expect(calls[0]?.headers.authorization).toBe('Bearer sk-test');
    expect(calls[0]?.body).toMatchObject({ model: 'text-embedding-3-small' });
  });

  it('is missing until set up, and the router then serves the built-in model once it is there', async () => {
    const logger = { warn: () => undefined };
    const none = embedderRouter(logger, { remote: undefined, builtin: config('embeddinggemma-300m') });
    expect(await none.serving({ label: 'meaning search', supports: () => true })).toBeNull();
    const local = embedderRouter(logger, { remote: undefined, builtin: config(toy) });
    closers.push(() => local.close());
    expect((await local.serving({ label: 'meaning search', supports: () => true }))?.engine.id).toBe(
      'builtin',
    );
  });
});
