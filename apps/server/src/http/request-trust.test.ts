import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { signUp } from '../../test/http.ts';
import { redactUrl } from './log-redaction.ts';

const attempt = (t: TestContext, forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { username: 'x@example.com', password: 'nope-nope' },
  });

describe('forwarding headers without TRUST_PROXY', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext('pglite', {
      startWorkers: false,
      env: { AUTH_RATE_LIMIT: '3', PUBLIC_URL: 'https://voice.example.org' },
    });
  });
  afterAll(async () => t?.close());

  it('a new X-Forwarded-For on every attempt does not escape the sign-in rate limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await attempt(t, `203.0.113.${i}`)).statusCode);
    expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
    expect(codes.slice(3)).toEqual([429, 429]);
  });

  it('builds upload links from PUBLIC_URL, whatever Host and X-Forwarded-Host say', async () => {
    // Its own context: the one above has spent its sign-up allowance on purpose.
    const other = await createTestContext('pglite', {
      startWorkers: false,
      env: { PUBLIC_URL: 'https://voice.example.org/' },
    });
    try {
      const token = await signUp(other.app, 'links@example.com');
      const init = await other.app.inject({
        method: 'POST',
        url: '/api/v1/audio/upload',
        headers: {
          authorization: `Bearer ${token}`,
          host: 'evil.example.net',
          'x-forwarded-host': 'attacker.example.com',
          'x-forwarded-proto': 'http',
        },
        payload: { file_format: 'wav', file_size_bytes: 1000 },
      });
      expect(init.statusCode).toBe(200);
      expect(init.json().presigned_url).toMatch(/^https:\/\/voice\.example\.org\/api\/v1\/storage\/blobs\//);
    } finally {
      await other.close();
    }
  });

  it('sends HSTS because PUBLIC_URL is https', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('forwarding headers with TRUST_PROXY', () => {
  let t: TestContext;
  beforeAll(async () => {
    // inject() connects from 127.0.0.1: the proxy in front.
    t = await createTestContext('pglite', {
      startWorkers: false,
      env: { AUTH_RATE_LIMIT: '2', TRUST_PROXY: '127.0.0.1' },
    });
  });
  afterAll(async () => t?.close());

  it('limits each client address the trusted proxy reports on its own', async () => {
    expect((await attempt(t, '198.51.100.1')).statusCode).toBe(401);
    expect((await attempt(t, '198.51.100.1')).statusCode).toBe(401);
    expect((await attempt(t, '198.51.100.1')).statusCode).toBe(429);
    expect((await attempt(t, '198.51.100.2')).statusCode).toBe(401);
  });

  it('sends no HSTS when PUBLIC_URL is plain http', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('request logs', () => {
  let t: TestContext;
  const lines: string[] = [];
  beforeAll(async () => {
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await createTestContext('pglite', {
      startWorkers: false,
      env: { LOG_LEVEL: 'info' },
      logDestination: destination,
    });
  });
  afterAll(async () => t?.close());

  it('never hold tokens or link signatures', async () => {
    const secrets = ['tok3nSECRETvalue', 'sigSECRETvalue', 'amzSECRETsignature', 'ticketSECRETvalue'];
    const id = '00000000-0000-4000-8000-000000000000';
    await t.app.inject({ method: 'GET', url: `/api/v1/audio/${id}/status?token=${secrets[0]}` });
    await t.app.inject({ method: 'GET', url: `/api/v1/audio/${id}/download?a=1&TOKEN=${secrets[0]}` });
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/storage/blobs/u/x.wav?expires=1&max=5&type=audio%2Fwav&sig=${secrets[1]}`,
      payload: 'abc',
    });
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/nothing?X-Amz-Signature=${secrets[2]}&ticket=${secrets[3]}`,
    });
    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain('[REDACTED]');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });

  it('redacts every secret parameter and keeps the others', () => {
    expect(redactUrl('/a?expires=9&sig=abc&type=x#f')).toBe('/a?expires=9&sig=[REDACTED]&type=x#f');
    expect(redactUrl('/a?signature=s&x-amz-credential=c&tokenish=keep')).toBe(
      '/a?signature=[REDACTED]&x-amz-credential=[REDACTED]&tokenish=keep',
    );
  });
});
