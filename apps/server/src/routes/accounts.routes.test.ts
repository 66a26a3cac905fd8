import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleCertsServer } from '../../test/google-certs-server.ts';
import { createTestContext, drivers, type TestContext } from '../../test/harness.ts';
import { signUp } from '../../test/http.ts';
import { users } from '../db/schema.ts';

const CLIENT_ID = 'voxpress-test-client.apps.googleusercontent.com';
const CLOSED = 'Sign-ups are closed on this server. Ask its administrator to create an account for you.';

type Impl = { name: string; state: string; reason: string; detail?: string; enable?: string };
const implementations = (body: { ports: { implementations: Impl[] }[] }) =>
  body.ports.flatMap((p) => p.implementations);

describe.each(drivers)('the administrator on %s', (driver) => {
  let t: TestContext;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    t = await createTestContext(driver, { startWorkers: false, env: { AUTH_RATE_LIMIT: '1000' } });
    admin = await signUp(t.app, 'first@example.com');
    user = await signUp(t.app, 'second@example.com');
  });
  afterAll(async () => t?.close());

  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: `Bearer ${token}` } });
  const engines = (token?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/system/engines',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('is the first account; later ones are users', async () => {
    expect((await me(admin)).json()).toMatchObject({ email: 'first@example.com', is_admin: true });
    expect((await me(user)).json()).toMatchObject({ email: 'second@example.com', is_admin: false });
  });

  it('alone sees engine diagnostics, paths and commands', async () => {
    const full = implementations((await engines(admin)).json());
    expect(full.length).toBeGreaterThan(2);
    expect(full.every((i) => typeof i.detail === 'string')).toBe(true);
    expect(full.some((i) => i.enable)).toBe(true);

    const res = await engines(user);
    expect(res.statusCode).toBe(200);
    const plain = implementations(res.json());
    expect(plain.map((i) => i.name)).toEqual(full.map((i) => i.name));
    for (const impl of plain) {
      // Whether a model is downloaded is for everyone (the item page sends users to it); its
      // paths and commands are not.
      const keys = Object.keys(impl).filter((key) => key !== 'model');
      expect(keys.sort()).toEqual(['id', 'kind', 'name', 'reason', 'state']);
    }
    expect(res.body).not.toContain(t.dataDir);
  });

  it('answers only signed-in users: without a valid token, 401 and no engine named', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const res = await engines(token);
      expect(res.statusCode, String(token)).toBe(401);
      expect(res.json()).toMatchObject({ code: token ? 'invalid_token' : 'unauthorized' });
      expect(res.body).not.toMatch(/whisper|pocketsphinx|composer/i);
    }
  });

  it('is the oldest account when an existing installation migrates', async () => {
    const db = t.ctx.database.db;
    await db.update(users).set({ role: 'user' });
    await db
      .update(users)
      .set({ createdAt: new Date('2020-01-01T00:00:00Z') })
      .where(sql`${users.email} = 'second@example.com'`);
    const migration = readFileSync(new URL('../../drizzle/0004_accounts.sql', import.meta.url), 'utf8');
    const promote = migration.split('--> statement-breakpoint').at(-1) ?? '';
    expect(promote).toMatch(/UPDATE "users" SET "role" = 'admin'/);
    await db.execute(sql.raw(promote));
    expect((await me(user)).json().is_admin).toBe(true);
    expect((await me(admin)).json().is_admin).toBe(false);
  });
});

describe.each(drivers)('closed sign-ups on %s', (driver) => {
  let t: TestContext;
  let google: Awaited<ReturnType<typeof startGoogleCertsServer>>;
  beforeAll(async () => {
    google = await startGoogleCertsServer();
    t = await createTestContext(driver, {
      startWorkers: false,
      env: {
        SIGNUPS: 'closed',
        AUTH_RATE_LIMIT: '1000',
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_CERTS_URL: google.url,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  const register = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email, password: 'correct horse battery', full_name: 'Someone' },
    });

  it('still let the first account, the administrator, be created', async () => {
    const res = await register('owner@example.com');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user.is_admin).toBe(true);
  });

  it('refuse every later account with a clear 403, by email or by Google', async () => {
    const res = await register('visitor@example.com');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ detail: CLOSED, code: 'signups_closed' });

    const credential = await google.sign({
      sub: 'g-visitor',
      email: 'visitor@example.com',
      email_verified: true,
    });
    const viaGoogle = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/google',
      payload: { credential },
    });
    expect(viaGoogle.statusCode).toBe(403);
    expect(viaGoogle.json().detail).toBe(CLOSED);
  });

  it('let existing accounts sign in and tell the browser sign-ups are closed', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'owner@example.com', password: 'correct horse battery' },
    });
    expect(login.statusCode).toBe(200);
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/system/config' });
    expect(config.json().signups_open).toBe(false);
  });
});
