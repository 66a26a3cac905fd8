import { api, tokens } from '../../lib/api.ts';

export const ME_KEY = ['users', 'me'] as const;
export const CLIENT_CONFIG_KEY = ['system', 'config'] as const;

export interface Credentials {
  email: string;
  password: string;
  fullName?: string;
}

/** `POST /auth/login`, form-encoded with the email as `username`. */
export function login({ email, password }: Credentials) {
  return api.post('/api/v1/auth/login', { auth: false, form: { username: email, password } });
}

/** `POST /auth/register`; the tokens come inside `data`. */
export async function register({ email, password, fullName }: Credentials) {
  const res = await api.post('/api/v1/auth/register', {
    auth: false,
    json: { email, password, full_name: fullName ?? '' },
  });
  return res.data;
}

/** `POST /auth/google` with the ID token from the Google button. */
export function loginWithGoogle(credential: string) {
  return api.post('/api/v1/auth/google', { auth: false, json: { credential } });
}

/** `GET /users/me`. At startup the check must not redirect: a failure just means "signed out". */
export function fetchMe(options: { redirectOnExpiry?: boolean } = {}) {
  return api.get('/api/v1/users/me', { redirectOnExpiry: options.redirectOnExpiry ?? true });
}

/** `POST /auth/logout`; failures are ignored because the tokens are dropped locally anyway. */
export async function logout(): Promise<void> {
  const refreshToken = tokens.getRefreshToken();
  if (!refreshToken) return;
  try {
    await api.post('/api/v1/auth/logout', { auth: false, json: { refresh_token: refreshToken } });
  } catch {
    // The session ends on this device regardless.
  }
}

/** `GET /system/config`: the client-safe settings (e.g. the Google client id). */
export function fetchClientConfig() {
  return api.get('/api/v1/system/config', { auth: false });
}
