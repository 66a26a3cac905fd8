import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeAudioFile } from '@voxpress/test-kit/speech-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../test/harness.ts';
import { postAudioFile, signUp } from '../../test/http.ts';
import { loadConfig } from '../config/config.ts';

const MB = 1024 * 1024;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

describe('MAX_UPLOAD_MB', () => {
  const secret = { VOXPRESS_SECRET: 'a-secret-that-is-long-enough-for-signing-0123456789' };
  it('is 100 MB unless the environment says otherwise', () => {
    expect(loadConfig(secret).maxUploadBytes).toBe(100 * MB);
    expect(loadConfig({ ...secret, MAX_UPLOAD_MB: '750' }).maxUploadBytes).toBe(750 * MB);
    expect(() => loadConfig({ ...secret, MAX_UPLOAD_MB: '0' })).toThrow(/MAX_UPLOAD_MB/);
  });
});

describe.each(drivers)('the upload limit on %s', (driver) => {
  let t: TestContext;
  let admin: string;
  let user: string;
  let dir: string;
  let speech: Buffer;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'voxpress-upload-limit-'));
    speech = readFileSync(await makeAudioFile('The upload limit is a setting.', 'wav', dir));
    t = await createTestContext(driver, { env: { AUTH_RATE_LIMIT: '1000', MAX_UPLOAD_MB: '2' } });
    admin = await signUp(t.app, 'admin@example.com');
    user = await signUp(t.app, 'user@example.com');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const clientLimit = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/system/config' })).json().max_upload_bytes;
  const setLimit = (value: number | null, token = admin) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers: auth(token),
      payload: { max_upload_mb: value },
    });
  /** A WAV of speech padded with silence to `bytes` (the server reads its header, then the sound). */
  const wavOf = (bytes: number) => Buffer.concat([speech, Buffer.alloc(bytes - speech.length)]);
  const init = (size: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/audio/upload',
      headers: auth(user),
      payload: { file_format: 'wav', file_size_bytes: size },
    });

  it('is the environment’s until the administrator saves one, and every path reads the same', async () => {
    expect(await clientLimit()).toBe(2 * MB);
    const settings = (
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers: auth(admin) })
    ).json();
    expect(settings).toMatchObject({ max_upload_mb: 2, max_upload_source: 'environment' });
    expect(settings.storage_free_mb).toBeGreaterThan(0);

    // 3 MB: over the environment's 2 MB on the form and the presigned path alike.
    const big = await postAudioFile(t.app, user, { name: 'big.wav', content: wavOf(3 * MB) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({
      code: 'upload_too_large',
      detail: 'File size must be less than 2MB.',
      params: { max_bytes: 2 * MB },
    });
    const refused = await init(3 * MB);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail[0]).toMatchObject({
      loc: ['body', 'file_size_bytes'],
      msg: 'File size must be less than 2MB.',
    });

    // Raised to 5 MB: the same file goes through, and the browser is told the new figure.
    const raised = await setLimit(5);
    expect(raised.statusCode).toBe(200);
    expect(raised.json()).toMatchObject({ max_upload_mb: 5, max_upload_source: 'saved' });
    expect(await clientLimit()).toBe(5 * MB);
    const accepted = await postAudioFile(t.app, user, { name: 'big.wav', content: wavOf(3 * MB) });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().data.file_size_bytes).toBe(3 * MB);
    expect((await init(3 * MB)).statusCode).toBe(200);
    expect((await init(6 * MB)).json().detail[0].msg).toBe('File size must be less than 5MB.');

    // Back to the environment's.
    expect((await setLimit(null)).json()).toMatchObject({
      max_upload_mb: 2,
      max_upload_source: 'environment',
    });
    expect(await clientLimit()).toBe(2 * MB);
  });

  it('cannot pass the free storage, and only the administrator may change it', async () => {
    const free = (
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers: auth(admin) })
    ).json().storage_free_mb as number;
    const over = await setLimit(Math.min(free + 1, 1_000_000));
    if (free + 1 <= 1_000_000) {
      expect(over.statusCode).toBe(422);
      expect(over.json()).toMatchObject({ code: 'upload_limit_over_storage' });
      // The disk's free space, as it stood (other writers change it by the second).
      expect(over.json().params.free_bytes).toBeGreaterThan(0);
    }
    expect((await setLimit(0)).statusCode).toBe(422);
    expect((await setLimit(50, user)).statusCode).toBe(403);
    expect(await clientLimit()).toBe(2 * MB);
  });
});
