import { FakeHttpServer } from '@voxpress/test-kit/fake-http-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { signUp } from '../../test/http.ts';
import { currentWhisperHardware, defaultWhisperModel } from '../engines/speech/whisper-models.ts';
import { defaultLocalModel } from '../engines/writer/local/local-models.ts';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

describe('every model of every kind, for the administrator', { timeout: 180_000 }, () => {
  let t: TestContext;
  let mirror: FakeHttpServer;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    mirror = await new FakeHttpServer().start();
    // A mirror that has the path but not the file: a page of text instead of 1.2 GB.
    mirror.handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>sign in to download</html>');
    };
    t = await createTestContext('pglite', {
      startWorkers: true,
      env: {
        AUTH_RATE_LIMIT: '1000',
        OLLAMA_DISCOVERY: 'false',
        LLM_LOCAL_MODEL: 'qwen3-1.7b-q4',
        LLM_LOCAL_MODELS_URL: `${mirror.url}/hf`,
        JOB_CONCURRENCY: '1',
      },
    });
    admin = await signUp(t.app, 'admin@example.com');
    user = await signUp(t.app, 'user@example.com');
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await mirror?.stop();
  });

  const call = (method: 'GET' | 'POST', url: string, token?: string) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: token ? auth(token) : {} });

  it('lists speech and language models with their state, and only to the administrator', async () => {
    expect((await call('GET', '/admin/models')).statusCode).toBe(401);
    expect((await call('GET', '/admin/models', user)).statusCode).toBe(403);
    const list = (await call('GET', '/admin/models', admin)).json();
    expect(list.models.find((m: { name: string }) => m.name === 'base')).toMatchObject({
      kind: 'speech',
      state: 'not_downloaded',
      configured: true,
    });
    expect(list.models.find((m: { name: string }) => m.name === 'qwen3-1.7b-q4')).toMatchObject({
      kind: 'language',
      bytes: 1_282_439_264,
      state: 'not_downloaded',
      configured: true,
      in_use: false,
      context_tokens: 32_768,
      licence: 'Apache-2.0',
      download: null,
    });
    expect(list.models.find((m: { name: string }) => m.name === 'qwen3-4b')).toMatchObject({
      configured: false,
      in_use: false,
    });
    // What is set, and what the server would pick for the memory and cores it reports.
    const { language } = list;
    expect(language).toMatchObject({ setting: 'qwen3-1.7b-q4', model: 'qwen3-1.7b-q4' });
    expect(language.free_memory_bytes).toBeGreaterThan(0);
    expect(language.cores).toBeGreaterThan(0);
    const fits = defaultLocalModel({ freeBytes: language.free_memory_bytes, cores: language.cores }).name;
    expect(language.recommended).toBe(fits);
    const recommended = (kind: string) =>
      list.models
        .filter((m: { kind: string; recommended: boolean }) => m.kind === kind && m.recommended)
        .map((m: { name: string }) => m.name);
    expect(recommended('language')).toEqual([fits]);
    // The speech model this machine would run when WHISPER_MODEL is unset is marked too.
    expect(recommended('speech')).toEqual([defaultWhisperModel(currentWhisperHardware()).name]);
    expect(list.models.find((m: { name: string }) => m.name === 'base')).toMatchObject({
      context_tokens: null,
      ram_bytes: 388e6,
    });
    const ports = (await call('GET', '/system/engines', user)).json().ports;
    const writer = ports.find((p: { kind: string }) => p.kind === 'writer');
    const local = writer.implementations.find((i: { id: string }) => i.id === 'local');
    expect(local).toMatchObject({
      state: 'missing',
      reason: 'Built-in model qwen3-1.7b-q4: not downloaded: 1.2 GB',
      model: { name: 'qwen3-1.7b-q4', state: 'not_downloaded', bytes: 1_282_439_264 },
    });
  });

  it('downloads a language model as a job; a wrong file fails it, is not kept, and the engines say why', async () => {
    const unknown = await call('POST', '/admin/models/gpt-9/download', admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('model_unknown');
    expect((await call('POST', '/admin/models/qwen3-1.7b-q4/download', user)).statusCode).toBe(403);

    const res = await call('POST', '/admin/models/qwen3-1.7b-q4/download', admin);
    expect(res.statusCode).toBe(202);
    const { job_id, status_url } = res.json();
    let job = (await t.app.inject({ method: 'GET', url: status_url, headers: auth(admin) })).json();
    while (job.status === 'queued' || job.status === 'running') {
      await new Promise((r) => setImmediate(r));
      job = (await t.app.inject({ method: 'GET', url: status_url, headers: auth(admin) })).json();
    }
    expect(job).toMatchObject({
      job_id,
      status: 'failed',
      error: expect.stringMatching(
        /^The download of built-in model qwen3-1\.7b-q4 from .* was not the expected file/,
      ),
    });
    expect(mirror.received.at(-1)?.url).toBe(
      '/hf/ggml-org/Qwen3-1.7B-GGUF/resolve/main/Qwen3-1.7B-Q4_K_M.gguf',
    );
    const after = (await call('GET', '/admin/models', admin)).json();
    expect(after.models.find((m: { name: string }) => m.name === 'qwen3-1.7b-q4')).toMatchObject({
      state: 'failed',
      download: { job_id, status: 'failed' },
    });
    const engines = (await call('GET', '/system/engines', admin)).json();
    const local = JSON.stringify(engines);
    expect(local).toContain('Built-in model qwen3-1.7b-q4: the download failed');
    // The writer and the translator both name the built-in model and why its download failed,
    // in words a plain user may read too.
    const failed = {
      name: 'qwen3-1.7b-q4',
      state: 'download_failed',
      reason: 'the file received was not the expected one, and was deleted',
    };
    for (const token of [admin, user]) {
      const ports = (await call('GET', '/system/engines', token)).json().ports;
      const impl = (kind: string, id: string) =>
        ports
          .find((p: { kind: string }) => p.kind === kind)
          .implementations.find((i: { id: string }) => i.id === id);
      expect(impl('writer', 'local')).toMatchObject({ model: failed });
      expect(impl('writer', 'local').reason).toBe(
        'Built-in model qwen3-1.7b-q4: the download failed: the file received was not the expected one, and was deleted',
      );
      expect(impl('translator', 'llm')).toMatchObject({ state: 'missing', model: failed });
    }
  });

  it('still lists and downloads whisper models through their own routes', async () => {
    const list = (await call('GET', '/admin/whisper-models', admin)).json();
    expect(list.models.some((m: { name: string }) => m.name === 'base')).toBe(true);
  });
});
