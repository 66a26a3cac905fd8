import { describe, expect, it } from 'vitest';
import { createApiClient } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { NoAnswerError } from './error-message.ts';
import { createMemoryStorage, createTokenStore } from './token-store.ts';

interface Call {
  url: string;
  method: string;
  auth: string | null;
  body: string | null;
  contentType: string | null;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fake server: `/users/me` accepts only the token in `valid`; `/auth/refresh` rotates it. */
function setup(options: { access?: string; refresh?: string | null; refreshWorks?: boolean } = {}) {
  const calls: Call[] = [];
  const expired: Array<{ immediate: boolean }> = [];
  const server = { valid: 'fresh-1', issued: 0 };
  const tokens = createTokenStore(createMemoryStorage());
  if (options.refresh !== null) {
    tokens.setTokens({ access_token: options.access ?? 'stale', refresh_token: options.refresh ?? 'r-0' });
  }
  const fakeFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      auth: headers.get('authorization'),
      body: typeof init?.body === 'string' ? init.body : null,
      contentType: headers.get('content-type'),
    };
    calls.push(call);
    await new Promise((r) => setTimeout(r, 5));
    if (call.url.endsWith('/auth/refresh')) {
      if (options.refreshWorks === false) return json(401, { detail: 'Refresh token is invalid' });
      server.issued += 1;
      server.valid = `fresh-${server.issued}`;
      return json(200, {
        access_token: server.valid,
        refresh_token: `r-${server.issued}`,
        token_type: 'bearer',
        expires_in: 900,
      });
    }
    if (call.url.endsWith('/users/me')) {
      return call.auth === `Bearer ${server.valid}`
        ? json(200, { email: 'ada@example.com' })
        : json(401, { detail: 'Token expired' });
    }
    if (call.url.endsWith('/auth/login')) return json(422, { detail: [{ loc: ['body', 'x'], msg: 'bad' }] });
    if (call.url.endsWith('/audio/upload'))
      return json(413, {
        detail: 'Storage limit reached',
        code: 'quota_exceeded',
        params: { needed_bytes: 2048, free_bytes: 1024 },
      });
    return json(404, { detail: 'Not Found' });
  };
  const client = createApiClient({
    fetch: fakeFetch,
    tokens,
    onSessionExpired: (info) => expired.push(info),
  });
  return { client, calls, expired, tokens };
}

describe('api client', () => {
  it('sends the bearer token under /api/v1', async () => {
    const { client, calls } = setup({ access: 'fresh-1' });
    await expect(client.request('/users/me')).resolves.toEqual({ email: 'ada@example.com' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/v1/users/me');
    expect(calls[0]?.auth).toBe('Bearer fresh-1');
  });

  it('sends the typed calls through the same request: token, one renewal, errors', async () => {
    const { client, calls } = setup();
    await expect(client.get('/api/v1/users/me')).resolves.toEqual({ email: 'ada@example.com' });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/v1/users/me',
      'POST /api/v1/auth/refresh',
      'GET /api/v1/users/me',
    ]);
    const error = await client
      .post('/api/v1/auth/login', { auth: false, form: { username: 'a@b.c', password: 'p' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect(calls.at(-1)?.contentType).toBe('application/x-www-form-urlencoded');
  });

  it('refreshes once on a 401, stores the new tokens and repeats the request', async () => {
    const { client, calls, tokens, expired } = setup();
    await expect(client.request('/users/me')).resolves.toEqual({ email: 'ada@example.com' });
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/users/me', '/api/v1/auth/refresh', '/api/v1/users/me']);
    expect(JSON.parse(calls[1]?.body ?? '{}')).toEqual({ refresh_token: 'r-0' });
    expect(calls[1]?.auth).toBeNull();
    expect(tokens.getAccessToken()).toBe('fresh-1');
    expect(tokens.getRefreshToken()).toBe('r-1');
    expect(expired).toEqual([]);
  });

  it('shares one refresh between concurrent 401s', async () => {
    const { client, calls } = setup();
    const results = await Promise.all([
      client.request('/users/me'),
      client.request('/users/me'),
      client.request('/users/me'),
    ]);
    expect(results).toHaveLength(3);
    expect(calls.filter((c) => c.url.endsWith('/auth/refresh'))).toHaveLength(1);
  });

  it('clears both tokens and reports expiry when the refresh fails', async () => {
    const { client, tokens, expired, calls } = setup({ refreshWorks: false });
    const error = await client.request('/users/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(tokens.getAccessToken()).toBeNull();
    expect(tokens.getRefreshToken()).toBeNull();
    expect(expired).toEqual([{ immediate: false }]);
    expect(calls.filter((c) => c.url.endsWith('/users/me'))).toHaveLength(1);
  });

  it('keeps the session when the server cannot be reached to renew it (offline)', async () => {
    const { tokens, expired } = setup();
    const offline = createApiClient({
      fetch: async (input) => {
        if (String(input).endsWith('/auth/refresh')) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ detail: 'Token expired' }), { status: 401 });
      },
      tokens,
      onSessionExpired: (info) => expired.push(info),
    });
    const error = await offline.request('/users/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoAnswerError);
    expect((error as Error).message).toBe(
      'The server could not be reached. Check your connection and try again.',
    );
    expect(tokens.getRefreshToken()).toBe('r-0');
    expect(expired).toEqual([]);
  });

  it('redirects at once with "No refresh token available" when there is none', async () => {
    const { client, expired, calls } = setup({ refresh: null });
    await expect(client.request('/users/me')).rejects.toThrow('No refresh token available');
    expect(expired).toEqual([{ immediate: true }]);
    expect(calls.some((c) => c.url.endsWith('/auth/refresh'))).toBe(false);
  });

  it('can skip the redirect (startup check) but still clears the tokens', async () => {
    const { client, expired, tokens } = setup({ refreshWorks: false });
    await expect(client.request('/users/me', { redirectOnExpiry: false })).rejects.toBeInstanceOf(ApiError);
    expect(expired).toEqual([]);
    expect(tokens.getRefreshToken()).toBeNull();
  });

  it('posts forms url-encoded and keeps validation details on errors', async () => {
    const { client, calls } = setup();
    const error = await client
      .request('/auth/login', { auth: false, form: { username: 'a@b.c', password: 'p w' } })
      .catch((e: unknown) => e);
    expect(calls[0]?.contentType).toBe('application/x-www-form-urlencoded');
    expect(calls[0]?.body).toBe('username=a%40b.c&password=p+w');
    expect(calls[0]?.auth).toBeNull();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).message).toBe('x: bad');
  });

  it("keeps the error's code and params beside its detail", async () => {
    const { client } = setup({ access: 'fresh-1' });
    const error = (await client
      .request('/audio/upload', { method: 'POST' })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Storage limit reached');
    expect(error.code).toBe('quota_exceeded');
    expect(error.params).toEqual({ needed_bytes: 2048, free_bytes: 1024 });
  });

  it('does not refresh for requests made without auth', async () => {
    const { client, calls } = setup();
    await expect(client.request('/users/me', { auth: false })).rejects.toThrow('Token expired');
    expect(calls).toHaveLength(1);
  });
});
