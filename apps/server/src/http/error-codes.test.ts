import { type ErrorCode, zErrorResponse } from '@voxpress/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../test/harness.ts';
import { multipartBody, signUp } from '../../test/http.ts';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

interface ErrorCase {
  name: string;
  status: number;
  code: ErrorCode;
  /** Values the message was made from, when it has any. */
  params?: Record<string, unknown>;
  request(): InjectOptions | Promise<InjectOptions>;
}

/**
 * Every error a client can meet carries a code from the contract's list and the values its
 * sentence was made from, whoever raised it: a service, a route, a schema or Fastify itself.
 */
describe.each(drivers)('error responses carry a stable code on %s', (driver) => {
  let t: TestContext;
  let ada: string;
  let pendingId: string;

  beforeAll(async () => {
    t = await createTestContext(driver, {
      startWorkers: false,
      env: { AUTH_RATE_LIMIT: '6', STORAGE_QUOTA_MB: '1' },
    });
    ada = await signUp(t.app, 'ada@example.com');
    const init = await t.app.inject({
      method: 'POST',
      url: '/api/v1/audio/upload',
      headers: { authorization: `Bearer ${ada}` },
      payload: { file_format: 'wav', file_size_bytes: 1000 },
    });
    pendingId = init.json().audio_id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const auth = () => ({ authorization: `Bearer ${ada}` });
  const cases: ErrorCase[] = [
    {
      name: 'unknown route',
      status: 404,
      code: 'not_found',
      params: { method: 'GET', path: '/api/v1/nothing' },
      request: () => ({ method: 'GET', url: '/api/v1/nothing' }),
    },
    {
      name: 'no token',
      status: 401,
      code: 'unauthorized',
      request: () => ({ method: 'GET', url: '/api/v1/users/me' }),
    },
    {
      name: 'forged token',
      status: 401,
      code: 'invalid_token',
      request: () => ({
        method: 'GET',
        url: '/api/v1/audio',
        headers: { authorization: 'Bearer abc.def.ghi' },
      }),
    },
    {
      name: 'expired token',
      status: 401,
      code: 'token_expired',
      request: async () => {
        const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: auth() });
        const old = await t.ctx.accessTokens.sign(me.json().id, -10);
        return { method: 'GET', url: '/api/v1/users/me', headers: { authorization: `Bearer ${old}` } };
      },
    },
    {
      name: 'schema validation',
      status: 422,
      code: 'validation_failed',
      request: () => ({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { email: 'not-an-email', password: 'x', full_name: '' },
      }),
    },
    {
      name: 'malformed JSON',
      status: 400,
      code: 'malformed_json',
      request: () => ({
        method: 'POST',
        url: '/api/v1/auth/register',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      }),
    },
    {
      name: 'unsupported content type',
      status: 415,
      code: 'unsupported_media_type',
      request: () => ({
        method: 'POST',
        url: '/api/v1/auth/register',
        headers: { 'content-type': 'text/csv' },
        payload: 'a,b',
      }),
    },
    {
      name: 'body over the server limit',
      status: 413,
      code: 'body_too_large',
      request: () => ({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        payload: { refresh_token: 'x'.repeat(2 * 1024 * 1024) },
      }),
    },
    {
      name: 'taken email',
      status: 409,
      code: 'email_unavailable',
      request: () => ({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { email: 'ada@example.com', password: 'correct horse battery', full_name: 'Ada' },
      }),
    },
    {
      name: 'wrong password',
      status: 401,
      code: 'invalid_credentials',
      request: () => ({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'username=ada%40example.com&password=wrong-password',
      }),
    },
    {
      name: 'unknown refresh token',
      status: 401,
      code: 'refresh_token_invalid',
      request: () => ({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        payload: { refresh_token: 'not-a-refresh-token' },
      }),
    },
    {
      name: 'Google sign-in not configured',
      status: 400,
      code: 'google_disabled',
      request: () => ({
        method: 'POST',
        url: '/api/v1/auth/google',
        payload: { credential: 'a-google-credential' },
      }),
    },
    {
      name: 'audio of nobody',
      status: 404,
      code: 'audio_not_found',
      request: () => ({ method: 'GET', url: `/api/v1/audio/${MISSING_ID}`, headers: auth() }),
    },
    {
      name: 'transcript not made yet',
      status: 404,
      code: 'transcription_not_found',
      request: () => ({ method: 'GET', url: `/api/v1/audio/${pendingId}/transcription`, headers: auth() }),
    },
    {
      name: 'playing audio not uploaded yet',
      status: 409,
      code: 'upload_pending',
      request: () => ({ method: 'GET', url: `/api/v1/audio/${pendingId}/download`, headers: auth() }),
    },
    {
      name: 'completing an upload whose bytes never came',
      status: 409,
      code: 'upload_pending',
      request: () => ({ method: 'POST', url: `/api/v1/audio/${pendingId}/complete`, headers: auth() }),
    },
    {
      name: 'storage quota',
      status: 413,
      code: 'quota_exceeded',
      params: { needed_bytes: 3 * 1024 * 1024, free_bytes: 1024 * 1024 - 1000, quota_bytes: 1024 * 1024 },
      request: () => ({
        method: 'POST',
        url: '/api/v1/audio/upload',
        headers: auth(),
        payload: { file_format: 'mp3', file_size_bytes: 3 * 1024 * 1024 },
      }),
    },
    {
      name: 'file upload that is not multipart',
      status: 415,
      code: 'multipart_required',
      request: () => ({ method: 'POST', url: '/api/v1/files/upload/audio', headers: auth(), payload: {} }),
    },
    {
      name: 'multipart form without a file',
      status: 400,
      code: 'file_missing',
      request: () => {
        const form = multipartBody({ title: 'No file' });
        return {
          method: 'POST',
          url: '/api/v1/files/upload/audio',
          headers: { ...auth(), 'content-type': form.contentType },
          payload: form.body,
        };
      },
    },
    {
      name: 'a file that is not audio',
      status: 415,
      code: 'unsupported_format',
      request: () => {
        const form = multipartBody(
          {},
          { field: 'file', name: 'a.mp3', content: Buffer.from('plain text, not audio') },
        );
        return {
          method: 'POST',
          url: '/api/v1/files/upload/audio',
          headers: { ...auth(), 'content-type': form.contentType },
          payload: form.body,
        };
      },
    },
    {
      name: 'an empty file',
      status: 422,
      code: 'audio_empty',
      request: () => {
        const form = multipartBody({}, { field: 'file', name: 'a.mp3', content: Buffer.alloc(0) });
        return {
          method: 'POST',
          url: '/api/v1/files/upload/audio',
          headers: { ...auth(), 'content-type': form.contentType },
          payload: form.body,
        };
      },
    },
    {
      name: 'a forged upload link',
      status: 403,
      code: 'upload_link_invalid',
      request: () => ({
        method: 'PUT',
        url: '/api/v1/storage/blobs/audio%2Fx.wav?expires=1&max=10&type=audio%2Fwav&sig=bad',
        headers: { 'content-type': 'audio/wav' },
        payload: Buffer.from('RIFF'),
      }),
    },
  ];

  it.each(cases)('$name: $status $code', async (c) => {
    const res = await t.app.inject(await c.request());
    expectError(res, c.status, c.code);
    if (c.params) expect(res.json().params).toEqual(c.params);
  });

  it('rate limiting: 429 rate_limited with the seconds to wait', async () => {
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'username=ada%40example.com&password=wrong-password',
      });
    let res = await login();
    for (let i = 0; i < 10 && res.statusCode !== 429; i += 1) res = await login();
    expectError(res, 429, 'rate_limited');
    expect(res.json().params.retry_after_s).toBeGreaterThan(0);
    expect(res.json().detail).toContain(`${res.json().params.retry_after_s} seconds`);
  });
});

function expectError(res: LightMyRequestResponse, status: number, code: ErrorCode): void {
  expect(res.statusCode, res.body).toBe(status);
  const body = zErrorResponse.parse(res.json());
  expect(body.code).toBe(code);
  if (code === 'validation_failed') expect(Array.isArray(body.detail)).toBe(true);
  else expect(typeof body.detail).toBe('string');
}
