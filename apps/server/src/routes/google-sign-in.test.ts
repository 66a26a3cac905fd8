import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleCertsServer } from '../../test/google-certs-server.ts';
import { createTestContext, drivers, type TestContext } from '../../test/harness.ts';

const CLIENT_ID = 'voxpress-test-client.apps.googleusercontent.com';
const PASSWORD = 'correct horse battery';

/**
 * Policy: the verified Google owner of an address takes the password account carrying it, and that
 * never-proven password and every session of the account are revoked. Unverified Google addresses
 * neither take nor create accounts.
 */
describe.each(drivers)('Google sign-in and password accounts on %s', (driver) => {
  let t: TestContext;
  let google: Awaited<ReturnType<typeof startGoogleCertsServer>>;
  beforeAll(async () => {
    google = await startGoogleCertsServer();
    t = await createTestContext(driver, {
      startWorkers: false,
      env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CERTS_URL: google.url, AUTH_RATE_LIMIT: '1000' },
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
      payload: { email, password: PASSWORD, full_name: 'Someone' },
    });
  const login = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: email, password: PASSWORD },
    });
  const withGoogle = async (claims: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/google',
      payload: { credential: await google.sign(claims) },
    });
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: `Bearer ${token}` } });
  const refresh = (refresh_token: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refresh_token } });

  it('pre-emption: a password account registered first with the owner’s address loses the password and every session when the owner signs in with Google', async () => {
    // The squatter registers the victim's address before the victim ever signs in.
    const squatter = (await register('victim@example.com')).json().data;
    const squatterLogin = (await login('victim@example.com')).json();
    expect((await me(squatter.access_token)).statusCode).toBe(200);

    const owner = await withGoogle({ sub: 'g-victim', email: 'victim@example.com', email_verified: true });
    expect(owner.statusCode).toBe(200);
    expect((await me(owner.json().access_token)).json()).toMatchObject({ email: 'victim@example.com' });

    // The squatter is out: the password no longer works, and no token of theirs does either.
    expect((await login('victim@example.com')).statusCode).toBe(401);
    for (const token of [squatter.access_token, squatterLogin.access_token]) {
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('invalid_token');
    }
    for (const token of [squatter.refresh_token, squatterLogin.refresh_token]) {
      expect((await refresh(token)).statusCode).toBe(401);
    }
    // The owner's own session keeps working.
    expect((await refresh(owner.json().refresh_token)).statusCode).toBe(200);
  });

  it('takeover: a Google account with an unverified copy of the address cannot enter the password account', async () => {
    await register('ada@example.com');
    const res = await withGoogle({ sub: 'g-mallory', email: 'ada@example.com', email_verified: false });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'google_email_unverified' });
    // Ada's password still works, and the attacker's Google account was not linked.
    expect((await login('ada@example.com')).statusCode).toBe(200);
    const again = await withGoogle({ sub: 'g-mallory', email: 'ada@example.com' });
    expect(again.statusCode).toBe(401);
  });

  it('pre-emption through Google: an unverified Google address cannot hold the address before its owner signs up', async () => {
    const res = await withGoogle({ sub: 'g-squat', email: 'grace@example.com', email_verified: false });
    expect(res.statusCode).toBe(401);
    expect((await register('grace@example.com')).statusCode).toBe(201);
  });

  it('a second Google account with the same address cannot take an account already linked to Google', async () => {
    expect(
      (await withGoogle({ sub: 'g-linus', email: 'linus@example.com', email_verified: true })).statusCode,
    ).toBe(200);
    const other = await withGoogle({ sub: 'g-other', email: 'linus@example.com', email_verified: true });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('google_account_conflict');
  });
});
