import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleCertsServer } from '../../test/google-certs-server.ts';
import { createTestContext, drivers, type TestContext } from '../../test/harness.ts';
import { signUp } from '../../test/http.ts';

const CLIENT_ID = 'voxpress-test-client.apps.googleusercontent.com';

describe.each(drivers)('auth on %s', (driver) => {
  let t: TestContext;
  let google: Awaited<ReturnType<typeof startGoogleCertsServer>>;
  beforeAll(async () => {
    google = await startGoogleCertsServer();
    t = await createTestContext(driver, {
      env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CERTS_URL: google.url, AUTH_RATE_LIMIT: '1000' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  const register = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body });
  const login = (username: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username, password }).toString(),
    });
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: `Bearer ${token}` } });
  const refresh = (refresh_token: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refresh_token } });

  it('registers, returns tokens inside data, and the profile answers', async () => {
    const res = await register({
      email: ' Ada@Example.com ',
      password: 'correct horse',
      full_name: 'Ada Lovelace',
    });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({
      token_type: 'bearer',
      user: { email: 'ada@example.com', full_name: 'Ada Lovelace' },
    });
    const profile = await me(data.access_token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      email: 'ada@example.com',
      full_name: 'Ada Lovelace',
      name: 'Ada Lovelace',
      profile_image: null,
    });
  });

  it('refuses a second account with the same email without saying more than needed', async () => {
    const res = await register({ email: 'ada@example.com', password: 'another one', full_name: 'Someone' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/could not be created/);
  });

  it('lists every validation problem with its field', async () => {
    const res = await register({ email: 'not-an-email', password: 'short' });
    expect(res.statusCode).toBe(422);
    const fields = (res.json().detail as { loc: string[]; msg: string }[]).map(
      (d) => `${d.loc.at(-1)}: ${d.msg}`,
    );
    expect(fields).toEqual(
      expect.arrayContaining(['email: Enter a valid email address', expect.stringMatching(/^full_name: /)]),
    );
  });

  it('refuses short, common and breached passwords with one sentence that names no field', async () => {
    const cases: Array<[string, RegExp]> = [
      ['short', /^Password must be at least 8 characters$/],
      ['password1', /too common or has appeared in data breaches/],
      ['qwertyuiop', /too common/],
      ['iloveyou2', /too common/],
      ['Password123!', /too common/],
      ['curiemarie', /too common/], // the person's own name
    ];
    for (const [password, message] of cases) {
      const res = await register({ email: 'marie.curie@example.com', password, full_name: 'Marie Curie' });
      expect(res.statusCode, password).toBe(422);
      expect(res.json()).toMatchObject({ code: 'password_too_weak', detail: expect.stringMatching(message) });
      expect(res.body).not.toMatch(/password:/i);
    }
    const strong = await register({
      email: 'marie.curie@example.com',
      password: 'radium polonium sorbonne',
      full_name: 'Marie Curie',
    });
    expect(strong.statusCode).toBe(201);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^Malformed JSON body/);
  });

  it('signs in with the form-encoded email and password', async () => {
    const res = await login('ADA@example.com', 'correct horse');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'bearer', expires_in: 900 });
    expect((await me(res.json().access_token)).statusCode).toBe(200);
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const wrong = await login('ada@example.com', 'wrong password');
    const unknown = await login('nobody@example.com', 'whatever1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      detail: 'Incorrect email or password',
      code: 'invalid_credentials',
      params: {},
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('rotates refresh tokens and ends the session when a spent one comes back', async () => {
    const first = (await login('ada@example.com', 'correct horse')).json();
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const pair = second.json();
    expect(pair.refresh_token).not.toBe(first.refresh_token);
    expect((await me(pair.access_token)).statusCode).toBe(200);

    const reuse = await refresh(first.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().detail).toMatch(/already used/);
    // The thief's reuse also revoked the legitimate newer token of the same session.
    expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
    // Other sessions are untouched.
    const other = (await login('ada@example.com', 'correct horse')).json();
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('signs out: the refresh token stops working', async () => {
    const pair = (await login('ada@example.com', 'correct horse')).json();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { refresh_token: pair.refresh_token },
    });
    expect(out.statusCode).toBe(200);
    expect((await refresh(pair.refresh_token)).json()).toEqual({
      detail: 'Invalid refresh token',
      code: 'refresh_token_invalid',
      params: {},
    });
  });

  it('signs out: the access tokens of that session stop working at once, other sessions go on', async () => {
    const pair = (await login('ada@example.com', 'correct horse')).json();
    const other = (await login('ada@example.com', 'correct horse')).json();
    // The answer is now cached in this process; signing out must not wait for it to run out.
    expect((await me(pair.access_token)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { refresh_token: pair.refresh_token },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(pair.access_token)).json()).toEqual({
      detail: 'Session has ended',
      code: 'invalid_token',
      params: {},
    });
    expect((await me(other.access_token)).statusCode).toBe(200);
  });

  it('ends the access tokens of a session whose refresh token was used twice', async () => {
    const first = (await login('ada@example.com', 'correct horse')).json();
    const rotated = (await refresh(first.refresh_token)).json();
    expect((await me(first.access_token)).statusCode).toBe(200);
    expect((await me(rotated.access_token)).statusCode).toBe(200);
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    for (const token of [first.access_token, rotated.access_token])
      expect((await me(token)).json()).toMatchObject({ code: 'invalid_token', detail: 'Session has ended' });
  });

  it('rejects missing, expired and tampered access tokens', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/users/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: 'Authentication required', code: 'unauthorized', params: {} });
    expect(none.headers['www-authenticate']).toBe('Bearer');

    const user = (await login('ada@example.com', 'correct horse')).json();
    const userId = (await me(user.access_token)).json().id;
    const expired = await t.ctx.accessTokens.sign(userId, -10);
    expect((await me(expired)).json()).toEqual({
      detail: 'Token has expired',
      code: 'token_expired',
      params: {},
    });

    const [h, p, s] = user.access_token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = Buffer.from(
      JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000' }),
    ).toString('base64url');
    expect((await me(`${h}.${forged}.${s}`)).json()).toEqual({
      detail: 'Invalid token',
      code: 'invalid_token',
      params: {},
    });
  });

  it('answers 401, not 500, for a validly signed token whose subject is not an account id', async () => {
    for (const subject of ['not-a-uuid', "1' or '1'='1", '12345']) {
      const res = await me(await t.ctx.accessTokens.sign(subject));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Invalid token', code: 'invalid_token', params: {} });
    }
  });

  it('signs up and back in with a Google credential', async () => {
    const claims = {
      sub: 'google-123',
      email: 'grace@example.com',
      email_verified: true,
      name: 'Grace Hopper',
    };
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/google',
      payload: { credential: await google.sign({ ...claims, picture: 'https://example.com/grace.png' }) },
    });
    expect(first.statusCode).toBe(200);
    const profile = (await me(first.json().access_token)).json();
    expect(profile).toMatchObject({
      email: 'grace@example.com',
      full_name: 'Grace Hopper',
      profile_image: 'https://example.com/grace.png',
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/google',
      payload: { credential: await google.sign(claims) },
    });
    expect((await me(again.json().access_token)).json().id).toBe(profile.id);
  });

  it('links Google to an existing password account with the same verified email', async () => {
    const credential = await google.sign({
      sub: 'google-ada',
      email: 'ada@example.com',
      email_verified: true,
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/google', payload: { credential } });
    expect(res.statusCode).toBe(200);
    expect((await me(res.json().access_token)).json()).toMatchObject({
      email: 'ada@example.com',
      full_name: 'Ada Lovelace',
    });
  });

  it('rejects a Google token for another audience, or an expired one', async () => {
    const claims = { sub: 'google-999', email: 'mallory@example.com', email_verified: true };
    for (const credential of [
      await google.sign(claims, { audience: 'someone-else.apps.googleusercontent.com' }),
      await google.sign(claims, { expiresInS: -600 }),
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/google', payload: { credential } });
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toMatch(/Google sign-in failed/);
    }
  });
});

describe('auth rate limiting', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext('pglite', { env: { AUTH_RATE_LIMIT: '3' }, startWorkers: false });
  });
  afterAll(async () => t?.close());

  it('answers 429 with Retry-After once an address exceeds the limit', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: 'x@example.com', password: 'nope' },
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().detail).toMatch(/Too many attempts/);
  });
});

describe.each(drivers)('per-account sign-in throttling on %s', (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    // A high per-address limit: only the per-account throttle stands in the attacker's way.
    t = await createTestContext(driver, { env: { AUTH_RATE_LIMIT: '1000' }, startWorkers: false });
    await signUp(t.app, 'victim@example.com');
    await signUp(t.app, 'bystander@example.com');
  });
  afterAll(async () => t?.close());

  const login = (username: string, password: string, address: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: address,
      payload: { username, password },
    });

  it('does not let the right password in at once after 65 wrong ones from many addresses', async () => {
    const codes = new Set<number>();
    for (let i = 0; i < 65; i++)
      codes.add((await login('victim@example.com', `guess-${i}-x`, `198.51.100.${i}`)).statusCode);
    expect([...codes].sort()).toEqual([401, 429]);

    const right = await login('Victim@example.com', 'correct horse battery', '192.0.2.7');
    expect(right.statusCode).toBe(429);
    const seconds = Number(right.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(right.json().detail).toBe(
      `Too many failed sign-in attempts for this account. Please wait ${seconds} seconds and try again.`,
    );
    // Another account on the same server signs in as usual.
    expect((await login('bystander@example.com', 'correct horse battery', '192.0.2.7')).statusCode).toBe(200);
  });
});
