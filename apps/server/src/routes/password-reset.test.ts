import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { resetTokenIn, TestSmtpServer } from '@voxpress/test-kit/smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../test/harness.ts';
import { signUp } from '../../test/http.ts';
import { passwordResets } from '../db/schema.ts';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'purple elephant umbrella';
const ANSWER =
  'If an account uses this email, a link to choose a new password is on its way. It works once, for one hour.';

describe.each(drivers)('password reset by email on %s', (driver) => {
  let t: TestContext;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await new TestSmtpServer().start();
    t = await createTestContext(driver, {
      startWorkers: false,
      env: { AUTH_RATE_LIMIT: '1000', SMTP_URL: smtp.url, SMTP_FROM: 'Voxpress <no-reply@voxpress.test>' },
    });
    await signUp(t.app, 'reset@example.com', 'Rosa Reset');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const resetLinks = () => t.ctx.database.db.select().from(passwordResets);
  const forgot = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/password/forgot', payload: { email } });
  const reset = (token: string, password = NEW_PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/password/reset', payload: { token, password } });
  const login = (password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=reset%40example.com&password=${encodeURIComponent(password)}`,
    });

  it('says the same for a known and an unknown address, and mails only the known one', async () => {
    const sent = smtp.mails.length;
    const links = (await resetLinks()).length;
    const known = await forgot('Reset@Example.com');
    const unknown = await forgot('nobody@example.com');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: ANSWER });
    expect(unknown.json()).toEqual(known.json());
    const mail = await smtp.mailTo('reset@example.com', sent);
    expect(mail.from).toBe('no-reply@voxpress.test');
    expect(mail.text).toContain('Subject: Reset your Voxpress password');
    expect(mail.text).toContain('Hello Rosa Reset,');
    // A mail goes out only with a new link, made before the answer: one link, so one mail.
    expect((await resetLinks()).length).toBe(links + 1);
    expect(smtp.mails.slice(sent).flatMap((m) => m.to)).toEqual(['reset@example.com']);
  });

  it('stores only a hash of the token', async () => {
    const sent = smtp.mails.length;
    await forgot('reset@example.com');
    const token = resetTokenIn(await smtp.mailTo('reset@example.com', sent));
    const rows = await t.ctx.database.db.select().from(passwordResets);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('sets the new password once, ends every session, and the link never works again', async () => {
    const session = (await login(PASSWORD)).json();
    const sent = smtp.mails.length;
    await forgot('reset@example.com');
    const token = resetTokenIn(await smtp.mailTo('reset@example.com', sent));

    const weak = await reset(token, 'password');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().code).toBe('password_too_weak');

    const done = await reset(token);
    expect(done.statusCode).toBe(200);
    expect((await login(PASSWORD)).statusCode).toBe(401);
    expect((await login(NEW_PASSWORD)).statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(me.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token: session.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);

    const again = await reset(token, 'another fine passphrase');
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'reset_link_used' });
  });

  it('refuses an expired link and a made-up one with their own codes', async () => {
    await t.ctx.database.db.delete(passwordResets);
    const sent = smtp.mails.length;
    await forgot('reset@example.com');
    const token = resetTokenIn(await smtp.mailTo('reset@example.com', sent));
    await t.ctx.database.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await reset(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({
      code: 'reset_link_expired',
      detail: expect.stringMatching(/expired/),
    });

    const madeUp = await reset('A'.repeat(43));
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().code).toBe('reset_link_invalid');
    const malformed = await reset('not a token!');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().code).toBe('validation_failed');
  });

  it('sends at most three links an hour to one account, answering alike', async () => {
    await t.ctx.database.db.delete(passwordResets);
    const sent = smtp.mails.length;
    for (let i = 0; i < 5; i++)
      expect((await forgot('reset@example.com')).json()).toEqual({ message: ANSWER });
    // A mail goes out only with a new link, made before the answer: three links, so three mails.
    expect(await resetLinks()).toHaveLength(3);
    await smtp.mailTo('reset@example.com', sent + 2);
    expect(smtp.mails.length - sent).toBe(3);
  });

  it('refuses an address that is not one', async () => {
    const res = await forgot('not-an-email');
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('validation_failed');
  });
});

describe('password reset without a mail server', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext('pglite', { startWorkers: false, env: { AUTH_RATE_LIMIT: '1000' } });
  });
  afterAll(async () => t?.close());

  it('tells the browser to ask the administrator', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/system/config' });
    expect(config.json().password_reset).toBe('administrator');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/forgot',
      payload: { email: 'someone@example.com' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'email_not_configured',
      detail: expect.stringMatching(/administrator/),
    });
  });
});

// The embedded database serves one process, so the command is tested against PostgreSQL.
describe.skipIf(!drivers.includes('postgres'))('npm run admin -- reset-password', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext('postgres', { startWorkers: false });
    await signUp(t.app, 'cli@example.com');
  });
  afterAll(async () => t?.close());

  const admin = (email: string, env: Record<string, string> = {}) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'reset-password', email], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: {
        ...process.env,
        DATABASE_URL: t.config.databaseUrl,
        VOXPRESS_DATA_DIR: t.dataDir,
        VOXPRESS_SECRET: 'x'.repeat(40),
        INIT_CWD: '',
        ...env,
      },
      encoding: 'utf8',
    });

  it('prints a one-time link that sets a new password', async () => {
    const cli = admin('CLI@example.com', { PUBLIC_URL: 'https://vox.example.org' });
    expect(cli.stderr).toBe('');
    expect(cli.status).toBe(0);
    const token = /https:\/\/vox\.example\.org\/reset-password#token=([A-Za-z0-9_-]+)/.exec(cli.stdout)?.[1];
    expect(token).toBeTruthy();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/reset',
      payload: { token, password: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.ctx.database.db.select().from(passwordResets);
    expect(rows.map((r) => r.usedAt !== null)).toEqual([true]);
  });

  it('says so when no account uses the address', () => {
    const cli = admin('nobody@example.com');
    expect(cli.status).toBe(1);
    expect(cli.stderr).toContain('No account uses nobody@example.com');
  });
});
