import { z } from 'zod';
import { zText, zToken } from './text.ts';
import { zUserSettings } from './user-settings.ts';

export const zEmail = z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address'));
/**
 * The length and strength rules (at least 8 characters, not common or breached) are checked by the
 * server after this, so their message reaches the form as one sentence without a field name.
 */
export const zPassword = zText({
  min: { length: 1, message: 'Password is required' },
  max: 256,
  maxMessage: 'Password must be at most 256 characters',
});

/** `POST /api/v1/auth/register` (JSON). */
export const zRegisterRequest = z.object({
  email: zEmail,
  password: zPassword,
  full_name: zText({ trim: true, min: { length: 1, message: 'Full name is required' }, max: 120 }),
});
export type RegisterRequest = z.infer<typeof zRegisterRequest>;

/** `POST /api/v1/auth/login` (form-encoded, OAuth2 password style: `username` is the email). */
export const zLoginForm = z.object({
  username: zText({ trim: true, min: { length: 1, message: 'Email is required' }, max: 254 }),
  password: zText({
    min: { length: 1, message: 'Password is required' },
    max: 256,
    maxMessage: 'Password must be at most 256 characters',
  }),
});
export type LoginForm = z.infer<typeof zLoginForm>;

/** `POST /api/v1/auth/google`: a Google ID token from the Google Identity Services button. */
export const zGoogleRequest = z.object({
  credential: zToken(8192, { length: 10, message: 'credential is required' }),
});
export type GoogleRequest = z.infer<typeof zGoogleRequest>;

/** `POST /api/v1/auth/refresh` and `POST /api/v1/auth/logout`. */
export const zRefreshRequest = z.object({
  refresh_token: zToken(512, { length: 10, message: 'refresh_token is required' }),
});
export type RefreshRequest = z.infer<typeof zRefreshRequest>;

/** Tokens: a short-lived JWT access token and a rotating opaque refresh token. */
export const zTokenPair = z
  .object({
    access_token: z.string(),
    refresh_token: z.string(),
    token_type: z.literal('bearer'),
    /** Seconds until the access token expires. */
    expires_in: z.number().int(),
  })
  .meta({ id: 'TokenPair' });
export type TokenPair = z.infer<typeof zTokenPair>;

/** `GET /api/v1/users/me`. `name` is what greetings show (full name, else the email's local part). */
export const zUser = z
  .object({
    id: z.string(),
    email: z.string(),
    full_name: z.string(),
    name: z.string(),
    profile_image: z.string().nullable(),
    /** How the user writes, in their words; language-model writers follow it. */
    writing_voice: z.string().nullable(),
    created_at: z.string(),
    /** The administrator (the first account) sees engine diagnostics and server paths. */
    is_admin: z.boolean(),
    /** False for an account made with Google that never set a password. */
    has_password: z.boolean(),
    /** The user's defaults (theme, languages, content), kept on the server. */
    settings: zUserSettings,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof zUser>;

/** Register answers tokens inside `data` (spec section 7), with the new profile. */
export const zRegisterResponse = z.object({
  message: z.string(),
  data: zTokenPair.extend({ user: zUser }),
});
export type RegisterResponse = z.infer<typeof zRegisterResponse>;
