import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FakeHttpServer } from '@voxpress/test-kit/fake-http-server';
import { freePort } from '@voxpress/test-kit/server-process';
import { makeAudioFile } from '@voxpress/test-kit/speech-fixtures';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { modelListHandler } from '../../test/fake-llm-servers.ts';
import { createTestContext, drivers, type TestContext } from '../../test/harness.ts';
import { postAudioFile, signUp } from '../../test/http.ts';
import { jobs, serverSettings } from '../db/schema.ts';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const KEY = 'sk-test-0123456789abcdef';

describe.each(drivers)('the administrator’s settings on %s', (driver) => {
  let t: TestContext;
  let llm: FakeHttpServer;
  let admin: string;
  let user: string;
  let deadPort: number;
  beforeAll(async () => {
    llm = await new FakeHttpServer().start();
    deadPort = await freePort();
    t = await createTestContext(driver, {
      startWorkers: true,
      env: {
        AUTH_RATE_LIMIT: '1000',
        OLLAMA_DISCOVERY: 'false',
        WHISPER_MODELS_URL: `http://127.0.0.1:${deadPort}/models`,
        JOB_CONCURRENCY: '1',
      },
    });
    admin = await signUp(t.app, 'admin@example.com');
    user = await signUp(t.app, 'user@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await llm?.stop();
  });
  beforeEach(() => {
    llm.received.length = 0;
  });

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, token?: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: token ? auth(token) : {},
      ...(payload ? { payload } : {}),
    });
  const settings = (payload: object) => call('PUT', '/admin/settings', admin, payload);

  it('answers only the administrator: 403 for users, 401 signed out', async () => {
    const routes: Array<['GET' | 'PUT' | 'POST', string, object?]> = [
      ['GET', '/admin/settings'],
      ['PUT', '/admin/settings', { signups_open: false }],
      ['POST', '/admin/llm/test', { provider: 'ollama' }],
      ['GET', '/admin/whisper-models'],
      ['POST', '/admin/whisper-models/tiny/download'],
      ['GET', '/admin/jobs/00000000-0000-4000-8000-000000000000'],
    ];
    for (const [method, url, body] of routes) {
      const forbidden = await call(method, url, user, body);
      expect(forbidden.statusCode, url).toBe(403);
      expect(forbidden.json()).toMatchObject({
        code: 'forbidden',
        detail: 'Only the administrator of this server can do this.',
      });
      expect((await call(method, url, undefined, body)).statusCode, url).toBe(401);
    }
    expect((await call('GET', '/admin/settings', admin)).statusCode).toBe(200);
  });

  it('opens and closes sign-ups at run time, the environment being the default', async () => {
    expect((await call('GET', '/admin/settings', admin)).json()).toMatchObject({
      signups_open: true,
      signups_source: 'environment',
    });
    expect((await settings({ signups_open: false })).json()).toMatchObject({
      signups_open: false,
      signups_source: 'saved',
    });
    expect((await call('GET', '/system/config')).json().signups_open).toBe(false);
    const refused = await call('POST', '/auth/register', undefined, {
      email: 'late@example.com',
      password: 'correct horse battery',
      full_name: 'Late',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('signups_closed');
    await settings({ signups_open: null });
    expect((await call('GET', '/system/config')).json().signups_open).toBe(true);
  });

  it('sets the storage quota at run time', async () => {
    const fixtures = mkdtempSync(path.join(tmpdir(), 'voxpress-admin-'));
    try {
      const wav = readFileSync(await makeAudioFile('Quota test.', 'wav', fixtures));
      await settings({ storage_quota_mb: 0 });
      expect((await call('GET', '/audio/stats', user)).json().storage_quota_bytes).toBeNull();
      await settings({ storage_quota_mb: 1 });
      expect((await call('GET', '/audio/stats', user)).json().storage_quota_bytes).toBe(1024 * 1024);
      const big = Buffer.concat([wav, Buffer.alloc(1024 * 1024)]);
      const refused = await postAudioFile(t.app, user, { name: 'big.wav', content: big });
      expect(refused.statusCode).toBe(413);
      expect(refused.json().code).toBe('quota_exceeded');
      expect((await settings({ storage_quota_mb: -1 })).statusCode).toBe(422);
      await settings({ storage_quota_mb: null });
      expect((await call('GET', '/admin/settings', admin)).json()).toMatchObject({
        storage_quota_mb: 10_240,
        storage_quota_source: 'environment',
      });
    } finally {
      rmSync(fixtures, { recursive: true, force: true });
    }
  });

  it('keeps a key encrypted and never sends it back; the writer uses a saved model without a restart', async () => {
    const writer = () => t.ctx.writer.router.choose({ label: 'content', supports: () => true });
    expect((await writer()).engine.id).toBe('composer');
    const saved = await settings({
      llm: { openai: { base_url: `${llm.url}/v1/`, api_key: KEY, model: 'gpt-test' } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().llm.openai).toEqual({
      base_url: `${llm.url}/v1`,
      model: 'gpt-test',
      api_key_set: true,
      source: 'saved',
    });
    expect(saved.body).not.toContain(KEY);
    expect((await call('GET', '/admin/settings', admin)).body).not.toContain(KEY);
    const rows = await t.ctx.database.db.select().from(serverSettings);
    expect(JSON.stringify(rows)).not.toContain(KEY);
    expect(JSON.stringify(rows)).toContain('gpt-test');

    expect((await writer()).engine.id).toBe('openai');
    const engines = (await call('GET', '/system/engines', admin)).json();
    const writerPort = engines.ports.find((p: { kind: string }) => p.kind === 'writer');
    expect(writerPort.active).toBe('openai');
    expect(writerPort.implementations.find((i: { id: string }) => i.id === 'openai').detail).toContain(
      'gpt-test',
    );

    // Another key only: the address and model stay.
    await settings({ llm: { openai: { api_key: 'sk-other' } } });
    expect((await call('GET', '/admin/settings', admin)).json().llm.openai.model).toBe('gpt-test');
    await settings({ llm: { openai: { base_url: null, api_key: null, model: null } } });
    expect((await call('GET', '/admin/settings', admin)).json().llm.openai).toEqual({
      base_url: null,
      model: 'gpt-4o-mini',
      api_key_set: false,
      source: 'default',
    });
    expect((await writer()).engine.id).toBe('composer');
  });

  it('refuses settings outside the rules', async () => {
    for (const payload of [
      { signups_open: 'yes' },
      { storage_quota_mb: 1.5 },
      { llm: { openai: { base_url: 'ftp://example.com' } } },
      { llm: { openai: { model: '' } } },
      { llm: { mistral: { model: 'x' } } },
    ]) {
      const res = await settings(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().code).toBe('validation_failed');
    }
  });

  it('lists the models of an OpenAI-compatible server, Anthropic and Ollama', async () => {
    const test = (payload: object) => call('POST', '/admin/llm/test', admin, payload);
    llm.handler = modelListHandler('openai', ['gpt-b', 'gpt-a'], KEY);
    const openai = await test({ provider: 'openai', base_url: `${llm.url}/v1`, api_key: KEY });
    expect(openai.json()).toMatchObject({ ok: true, models: ['gpt-a', 'gpt-b'], error: null });
    expect(llm.received.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    const refused = await test({ provider: 'openai', base_url: `${llm.url}/v1`, api_key: 'wrong' });
    expect(refused.json()).toMatchObject({
      ok: false,
      models: [],
      error: expect.stringMatching(/refused the key \(401\)/),
    });

    // A saved key is used when none is sent.
    await settings({ llm: { anthropic: { base_url: `${llm.url}/v1`, api_key: KEY } } });
    llm.handler = modelListHandler('anthropic', ['claude-test'], KEY);
    const anthropic = await test({ provider: 'anthropic' });
    expect(anthropic.json()).toMatchObject({ ok: true, models: ['claude-test'] });
    expect(llm.received.at(-1)?.headers['x-api-key']).toBe(KEY);
    await settings({ llm: { anthropic: { base_url: null, api_key: null } } });

    llm.handler = modelListHandler('ollama', ['llama3.2:latest', 'qwen2.5:3b']);
    const ollama = await test({ provider: 'ollama', base_url: llm.url });
    expect(ollama.json()).toMatchObject({ ok: true, models: ['llama3.2:latest', 'qwen2.5:3b'] });

    const down = await test({ provider: 'ollama', base_url: `http://127.0.0.1:${deadPort}` });
    expect(down.json()).toMatchObject({ ok: false, error: expect.stringMatching(/connection refused/) });
    const wrongServer = await test({ provider: 'openai', base_url: llm.url });
    expect(wrongServer.json()).toMatchObject({ ok: false, error: expect.stringMatching(/404/) });
    const missing = await test({ provider: 'openai' });
    expect(missing.statusCode).toBe(400);
  });

  it('refuses a link-local or cloud metadata address in the connection test, and still asks this machine', async () => {
    const test = (payload: object) => call('POST', '/admin/llm/test', admin, payload);
    for (const base_url of [
      'http://169.254.169.254/latest',
      'http://169.254.170.2',
      'http://[fe80::1]:11434',
      'http://[::ffff:169.254.169.254]',
      'http://[fd00:ec2::254]',
    ]) {
      const res = await test({ provider: 'ollama', base_url });
      expect(res.statusCode, base_url).toBe(422);
      expect(res.json(), base_url).toMatchObject({ code: 'destination_forbidden' });
    }
    llm.handler = modelListHandler('ollama', ['llama3.2:latest']);
    const local = await test({ provider: 'ollama', base_url: llm.url });
    expect(local.json()).toMatchObject({ ok: true, models: ['llama3.2:latest'] });
  });

  it('lists whisper models and fails a download fast and clearly when the server is unreachable', async () => {
    const list = (await call('GET', '/admin/whisper-models', admin)).json();
    expect(list.models.find((m: { name: string }) => m.name === 'base')).toMatchObject({
      configured: true,
      downloaded: false,
      multilingual: true,
    });
    const unknown = await call('POST', '/admin/whisper-models/huge-v9/download', admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('model_unknown');

    const res = await call('POST', '/admin/whisper-models/tiny/download', admin);
    expect(res.statusCode).toBe(202);
    const { job_id, status_url } = res.json();
    let job = (await t.app.inject({ method: 'GET', url: status_url, headers: auth(admin) })).json();
    while (job.status === 'queued' || job.status === 'running') {
      await new Promise((r) => setTimeout(r, 100));
      job = (await t.app.inject({ method: 'GET', url: status_url, headers: auth(admin) })).json();
    }
    // Fast: one attempt, not retried with backoff while the administrator waits.
    const [stored] = await t.ctx.database.db.select().from(jobs).where(eq(jobs.id, job_id));
    expect(stored?.attempts).toBe(1);
    expect(job).toMatchObject({
      job_id,
      status: 'failed',
      error: expect.stringMatching(/Could not download whisper model tiny.*connection refused/),
    });
    // The same progress as server-sent events, ending with `complete` once the job is final.
    const stream = await t.app.inject({ method: 'GET', url: res.json().stream_url });
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toContain('text/event-stream');
    expect(stream.body).toContain('"status":"failed"');
    expect(stream.body).toContain('event: complete');
    const bare = await t.app.inject({ method: 'GET', url: `/api/v1/admin/jobs/${job_id}/status` });
    expect(bare.statusCode).toBe(401);
    const asUser = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/jobs/${job_id}/status?token=${user}`,
    });
    expect(asUser.statusCode).toBe(403);
    const after = (await call('GET', '/admin/whisper-models', admin)).json();
    expect(after.models.find((m: { name: string }) => m.name === 'tiny')).toMatchObject({
      downloaded: false,
      download: { job_id, status: 'failed' },
    });
  });
});

describe('what the speech engines can hear', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext('pglite', {
      startWorkers: false,
      env: { SPEECH_ENGINES: 'whisper,pocketsphinx', WHISPER_MODEL: 'base.en' },
    });
  });
  afterAll(async () => t?.close());

  it('lists only usable engines with their languages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/system/speech-languages' });
    expect(res.statusCode).toBe(200);
    // No model downloaded and no automatic download: whisper is not usable; PocketSphinx hears English.
    expect(
      res.json().engines.map((e: { id: string; languages: string[] | null }) => [e.id, e.languages]),
    ).toEqual([['pocketsphinx', ['en']]]);
  });
});
