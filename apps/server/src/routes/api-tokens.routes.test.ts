import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../test/harness.ts';
import { type Client, client } from '../../test/http.ts';
import { apiTokens, audio, users } from '../db/schema.ts';
import { apiTokenRefusal } from '../http/authenticate.ts';

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Personal access tokens: made once, kept hashed, scoped, revocable, and held to the owner's items. */
describe.each(drivers)('API tokens on %s', (driver) => {
  let t: TestContext;
  let ada: Client;
  let bob: Client;
  let adaId: string;
  let bobAudio: string;
  let adaAudio: string;

  async function makeToken(
    who: Client,
    scopes: string[],
    extra: object = {},
  ): Promise<{ id: string; token: string }> {
    const res = await who.send('POST', '/api/v1/users/me/tokens', {
      name: `script ${scopes.join('+')}`,
      scopes,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  function call(token: string, method: Method, url: string, payload?: object) {
    return t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  }

  async function newAudio(userId: string, title: string): Promise<string> {
    const [row] = await t.ctx.database.db
      .insert(audio)
      .values({
        userId,
        title,
        source: 'upload',
        blobKey: `audio/${userId}/${title}.wav`,
        status: 'completed',
        transcriptionStatus: 'completed',
      })
      .returning({ id: audio.id });
    if (!row) throw new Error('no audio');
    return row.id;
  }

  beforeAll(async () => {
    t = await createTestContext(driver, { startWorkers: false });
    ada = await client(t, 'ada@example.com');
    bob = await client(t, 'bob@example.com');
    const [a] = await t.ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'ada@example.com'));
    const [b] = await t.ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'bob@example.com'));
    if (!a || !b) throw new Error('no users');
    adaId = a.id;
    adaAudio = await newAudio(a.id, 'Ada talk');
    bobAudio = await newAudio(b.id, 'Bob private talk');
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('shows a new token once, keeps only its hash, and lists it without the token', async () => {
    const made = await makeToken(ada, ['read', 'write']);
    expect(made.token).toMatch(/^vxp_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.ctx.database.db.select().from(apiTokens).where(eq(apiTokens.id, made.id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(made.token.slice(8));
    const list = await ada.get('/api/v1/users/me/tokens');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(made.token.slice(8));
    const listed = list.json().tokens.find((x: { id: string }) => x.id === made.id);
    expect(listed).toMatchObject({
      name: 'script read+write',
      scopes: ['read', 'write'],
      prefix: made.token.slice(0, 8),
    });
    // Bob sees none of Ada's tokens and cannot revoke them.
    expect((await bob.get('/api/v1/users/me/tokens')).json().tokens).toEqual([]);
    expect((await bob.send('DELETE', `/api/v1/users/me/tokens/${made.id}`)).statusCode).toBe(404);
    expect((await call(made.token, 'GET', '/api/v1/users/me')).json().email).toBe('ada@example.com');
  });

  it('refuses bad input with a clear code', async () => {
    const past = await ada.send('POST', '/api/v1/users/me/tokens', {
      name: 'old',
      scopes: ['read'],
      expires_at: new Date(Date.now() - 1000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().code).toBe('bad_request');
    for (const body of [
      { name: '', scopes: ['read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['admin'] },
    ]) {
      const res = await ada.send('POST', '/api/v1/users/me/tokens', body);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('validation_failed');
    }
  });

  it('opens only the routes its scopes allow, on every route that takes a signed-in user', async () => {
    const both = (await makeToken(ada, ['read', 'write'])).token;
    const read = (await makeToken(ada, ['read'])).token;
    const write = (await makeToken(ada, ['write'])).token;
    await t.app.ready();
    const doc = t.app.swagger() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const routes: { method: Method; url: string; pattern: string }[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!op.security?.length) continue;
        routes.push({
          method: method.toUpperCase() as Method,
          url: path.replace(/\{[^}]+\}/g, randomUUID()),
          pattern: path.replace(/\{([^}]+)\}/g, ':$1'),
        });
      }
    }
    // The walk must see the whole API, so a route added later is covered without naming it here.
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.some((r) => r.pattern === '/api/v1/users/me/tokens' && r.method === 'POST')).toBe(true);
    // Routes that read by another method than GET say so; asking a question is the one POST.
    const readingPosts = ['POST /api/v1/ask'];
    for (const name of readingPosts)
      expect(routes.some((r) => `${r.method} ${r.pattern}` === name)).toBe(true);
    const wrong: string[] = [];
    for (const r of routes) {
      const reading =
        r.method === 'GET' || r.method === 'HEAD' || readingPosts.includes(`${r.method} ${r.pattern}`);
      const account = apiTokenRefusal(r.method, r.pattern, ['read', 'write']) !== undefined;
      const cases: [string, string, boolean][] = [
        ['read', read, reading && !account],
        ['write', write, !reading && !account],
        ['read+write', both, !account],
      ];
      for (const [name, token, allowed] of cases) {
        const res = await call(token, r.method, r.url);
        const refused = res.statusCode === 403 && res.json().code === 'forbidden';
        if (res.statusCode === 401 || refused !== !allowed)
          wrong.push(`${name} ${r.method} ${r.pattern}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    // Account management is refused whatever the scopes.
    for (const pattern of [
      '/api/v1/users/me/password',
      '/api/v1/users/me/email',
      '/api/v1/users/me/tokens',
      '/api/v1/users/me/sign-out-everywhere',
      '/api/v1/admin/settings',
    ])
      expect(
        routes.some((r) => r.pattern === pattern && apiTokenRefusal(r.method, pattern, ['read', 'write'])),
      ).toBe(true);
    const del = await call(both, 'DELETE', '/api/v1/users/me', {
      password: 'correct horse battery',
      confirm: 'DELETE',
    });
    expect(del.statusCode).toBe(403);
    expect((await ada.get('/api/v1/users/me')).statusCode).toBe(200);
  }, 300_000);

  it('reads and writes only its owner’s items', async () => {
    const token = (await makeToken(ada, ['read', 'write'])).token;
    expect((await call(token, 'GET', `/api/v1/audio/${adaAudio}`)).statusCode).toBe(200);
    const other = await call(token, 'GET', `/api/v1/audio/${bobAudio}`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Bob private talk');
    expect((await call(token, 'DELETE', `/api/v1/audio/${bobAudio}`)).statusCode).toBe(404);
    expect((await bob.get(`/api/v1/audio/${bobAudio}`)).statusCode).toBe(200);
    const items = await call(token, 'GET', '/api/v1/items');
    expect(items.body).toContain('Ada talk');
    expect(items.body).not.toContain('Bob private talk');
  });

  it('stops working when revoked or expired, and never from the address', async () => {
    const made = await makeToken(ada, ['read']);
    expect((await call(made.token, 'GET', '/api/v1/items')).statusCode).toBe(200);
    const inQuery = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audio/${adaAudio}/download?token=${made.token}`,
    });
    expect(inQuery.statusCode).toBe(401);
    expect((await ada.send('DELETE', `/api/v1/users/me/tokens/${made.id}`)).statusCode).toBe(200);
    const revoked = await call(made.token, 'GET', '/api/v1/items');
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().code).toBe('invalid_token');
    expect(
      (await ada.get('/api/v1/users/me/tokens')).json().tokens.map((x: { id: string }) => x.id),
    ).not.toContain(made.id);

    const soon = await makeToken(ada, ['read'], { expires_at: new Date(Date.now() + 60_000).toISOString() });
    expect((await call(soon.token, 'GET', '/api/v1/items')).statusCode).toBe(200);
    await t.ctx.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, soon.id));
    const expired = await call(soon.token, 'GET', '/api/v1/items');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('token_expired');

    const forged = await call(`vxp_${'A'.repeat(43)}`, 'GET', '/api/v1/items');
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('invalid_token');
  });

  it('records its last use at most once a minute', async () => {
    const made = await makeToken(ada, ['read']);
    const lastUsed = async () =>
      (await t.ctx.database.db.select().from(apiTokens).where(eq(apiTokens.id, made.id)))[0]?.lastUsedAt ??
      null;
    expect(await lastUsed()).toBeNull();
    await call(made.token, 'GET', '/api/v1/items');
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await call(made.token, 'GET', '/api/v1/items');
    expect((await lastUsed())?.getTime()).toBe(first?.getTime());
    const earlier = new Date(Date.now() - 61_000);
    await t.ctx.database.db.update(apiTokens).set({ lastUsedAt: earlier }).where(eq(apiTokens.id, made.id));
    await call(made.token, 'GET', '/api/v1/items');
    expect((await lastUsed())?.getTime()).toBeGreaterThan(earlier.getTime());
    const listed = (await ada.get('/api/v1/users/me/tokens'))
      .json()
      .tokens.find((x: { id: string }) => x.id === made.id);
    expect(listed.last_used_at).not.toBeNull();
    expect(adaId).toBeTruthy();
  });
});
