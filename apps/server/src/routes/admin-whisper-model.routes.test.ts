import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { signUp } from '../../test/http.ts';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

describe('the administrator chooses the whisper model at run time', { timeout: 120_000 }, () => {
  let t: TestContext;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    t = await createTestContext('pglite', {
      startWorkers: false,
      env: { AUTH_RATE_LIMIT: '1000', SPEECH_ENGINES: 'whisper,pocketsphinx' },
    });
    admin = await signUp(t.app, 'admin@example.com');
    user = await signUp(t.app, 'user@example.com');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'PUT', url: string, token?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: token ? auth(token) : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const whisperDetail = async () => {
    const ports = (await call('GET', '/system/engines', admin)).json().ports as Array<{
      port: string;
      implementations: Array<{ id: string; detail?: string; model?: { name: string } }>;
    }>;
    return ports.flatMap((p) => p.implementations).find((i) => i.id === 'whisper');
  };

  it('shows the model in use and why it was picked, to the administrator only', async () => {
    expect((await call('GET', '/admin/models/whisper')).statusCode).toBe(401);
    expect((await call('GET', '/admin/models/whisper', user)).statusCode).toBe(403);
    const res = await call('GET', '/admin/models/whisper', admin);
    expect(res.statusCode).toBe(200);
    const { model, chosenFor } = t.config.speech.whisper;
    // WHISPER_MODEL is unset in the tests: the model follows this machine.
    expect(chosenFor).toMatch(/^(base|small|large-v3-turbo-q5_0): chosen for \d+ cores?/);
    expect(res.json()).toEqual({
      model,
      source: 'hardware',
      default_model: model,
      chosen_for: chosenFor,
      downloaded: false,
      bytes: expect.any(Number),
      auto_download: false,
    });
    expect((await whisperDetail())?.detail).toContain(`; ${chosenFor}`);
  });

  it('switches to a larger model without a restart, and back to the default with null', async () => {
    expect((await call('PUT', '/admin/models/whisper', user, { name: 'small' })).statusCode).toBe(403);
    const res = await call('PUT', '/admin/models/whisper', admin, { name: 'small' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      model: 'small',
      source: 'saved',
      default_model: t.config.speech.whisper.model,
      downloaded: false,
      bytes: 487_601_967,
    });
    expect((await call('GET', '/admin/models/whisper', admin)).json()).toMatchObject({ model: 'small' });
    // The models lists mark it as the one configured.
    for (const url of ['/admin/models', '/admin/whisper-models']) {
      const configured = (await call('GET', url, admin))
        .json()
        .models.filter((m: { configured: boolean }) => m.configured)
        .map((m: { name: string }) => m.name);
      expect(configured).toContain('small');
      expect(configured).not.toContain(t.config.speech.whisper.model);
    }
    // The speech engine follows at once.
    const engine = await whisperDetail();
    expect(engine?.model?.name).toBe('small');
    expect(engine?.detail).toMatch(/small: chosen by the administrator/);

    const back = await call('PUT', '/admin/models/whisper', admin, { name: null });
    expect(back.json()).toMatchObject({ model: t.config.speech.whisper.model, source: 'hardware' });
    expect((await whisperDetail())?.model?.name).toBe(t.config.speech.whisper.model);
  });

  it('takes a model file the administrator brought, and refuses names it cannot use', async () => {
    mkdirSync(t.config.speech.whisper.modelsDir, { recursive: true });
    writeFileSync(path.join(t.config.speech.whisper.modelsDir, 'ggml-my-finetune.bin'), 'weights');
    const own = await call('PUT', '/admin/models/whisper', admin, { name: 'my-finetune' });
    expect(own.json()).toMatchObject({ model: 'my-finetune', source: 'saved', downloaded: true, bytes: 7 });

    const unknown = await call('PUT', '/admin/models/whisper', admin, { name: 'gigantic' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      code: 'model_unknown',
      detail: expect.stringContaining('gigantic'),
    });
    const bad = await call('PUT', '/admin/models/whisper', admin, { name: '../etc/passwd' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: 'validation_failed' });
    expect((await call('PUT', '/admin/models/whisper', admin, {})).json()).toMatchObject({
      code: 'validation_failed',
    });
    // Nothing changed by the refused requests.
    expect((await call('GET', '/admin/models/whisper', admin)).json()).toMatchObject({
      model: 'my-finetune',
    });
  });
});
