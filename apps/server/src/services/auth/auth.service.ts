import { randomUUID } from 'node:crypto';
import type { RegisterRequest, TokenPair, User, UserSettings } from '@voxpress/contracts';
import { HttpError, unauthorized } from '../../lib/http-error.ts';
import type { RefreshTokensRepository } from '../../repositories/refresh-tokens.repository.ts';
import type { UserSettingsRepository } from '../../repositories/user-settings.repository.ts';
import type { NewUser, UserRow, UsersRepository } from '../../repositories/users.repository.ts';
import type { GoogleIdentity, GoogleVerifier } from './google-verifier.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { assertStrongPassword } from './password-rules.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import type { SessionGate } from './session-gate.ts';
import {
  ACCESS_TOKEN_TTL_S,
  type AccessTokens,
  hashRefreshToken,
  newRefreshToken,
  REFRESH_TOKEN_TTL_S,
} from './tokens.ts';

const BAD_CREDENTIALS = 'Incorrect email or password';
export const SIGNUPS_CLOSED =
  'Sign-ups are closed on this server. Ask its administrator to create an account for you.';

export interface AuthServiceDeps {
  users: UsersRepository;
  refreshTokens: RefreshTokensRepository;
  accessTokens: AccessTokens;
  /** Unset when Google sign-in is not configured. */
  google: GoogleVerifier | undefined;
  throttle: LoginThrottle;
  /** Tells every process when a session ends, so its access tokens stop working at once. */
  sessions: SessionGate;
  settings: UserSettingsRepository;
  /** Whether sign-ups are open (the setting in force); when closed only the very first account may still be created. */
  signupsOpen: () => Promise<boolean>;
}

/** Accounts and sessions: sign-up, sign-in (password or Google), token rotation, sign-out. */
export class AuthService {
  private readonly users: UsersRepository;
  private readonly refreshTokens: RefreshTokensRepository;
  private readonly accessTokens: AccessTokens;
  private readonly google: GoogleVerifier | undefined;
  private readonly throttle: LoginThrottle;

  constructor(private readonly deps: AuthServiceDeps) {
    this.users = deps.users;
    this.refreshTokens = deps.refreshTokens;
    this.accessTokens = deps.accessTokens;
    this.google = deps.google;
    this.throttle = deps.throttle;
  }

  async register(request: RegisterRequest): Promise<{ tokens: TokenPair; user: User }> {
    await this.checkSignupsOpen();
    assertStrongPassword(request.password, [request.email, ...request.full_name.split(/\s+/)]);
    const passwordHash = await hashPassword(request.password);
    const row = await this.createAccount({
      email: request.email,
      passwordHash,
      fullName: request.full_name,
    });
    if (!row) {
      throw new HttpError(
        409,
        'email_unavailable',
        'An account could not be created with this email. If you already have one, sign in instead.',
      );
    }
    return { tokens: await this.startSession(row.id), user: await this.me(row.id) };
  }

  async login(email: string, password: string): Promise<TokenPair> {
    const key = email.trim().toLowerCase();
    const row = await this.users.findByEmail(key);
    // Unknown accounts are throttled too, and verified against a dummy hash, so neither the
    // answers nor their timing reveal which accounts exist.
    const ok = await this.throttle.guard(key, async () => {
      const valid = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash), password);
      return valid && Boolean(row?.passwordHash);
    });
    if (!row || !ok) throw unauthorized(BAD_CREDENTIALS, 'invalid_credentials');
    return this.startSession(row.id);
  }

  async loginWithGoogle(credential: string): Promise<TokenPair> {
    if (!this.google)
      throw new HttpError(400, 'google_disabled', 'Google sign-in is not enabled on this server');
    let identity: Awaited<ReturnType<GoogleVerifier['verify']>>;
    try {
      identity = await this.google.verify(credential);
    } catch {
      throw unauthorized(
        'Google sign-in failed: the credential is invalid or expired',
        'google_credential_invalid',
      );
    }
    const row = (await this.users.findByGoogleSub(identity.sub)) ?? (await this.claimWithGoogle(identity));
    if (!row)
      throw new HttpError(
        409,
        'google_sign_in_failed',
        'Could not sign in with this Google account. Please try again.',
      );
    return this.startSession(row.id);
  }

  /** Swaps a refresh token for a new pair. A token presented twice ends its whole session. */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const row = await this.refreshTokens.findByHash(hashRefreshToken(refreshToken));
    if (!row || row.revokedAt) throw unauthorized('Invalid refresh token', 'refresh_token_invalid');
    if (row.expiresAt.getTime() <= Date.now())
      throw unauthorized('Refresh token has expired', 'refresh_token_expired');
    if (!(await this.refreshTokens.markUsed(row.id))) {
      await this.endSession(row.userId, row.familyId);
      throw unauthorized(
        'This refresh token was already used, so the session was signed out. Please sign in again.',
        'refresh_token_reused',
      );
    }
    return this.issue(row.userId, row.familyId);
  }

  async logout(refreshToken: string): Promise<void> {
    const row = await this.refreshTokens.findByHash(hashRefreshToken(refreshToken));
    if (row) await this.endSession(row.userId, row.familyId);
  }

  /** Revokes the session's refresh tokens; its access tokens stop working on every process. */
  private async endSession(userId: string, familyId: string): Promise<void> {
    await this.refreshTokens.revokeFamily(familyId);
    await this.deps.sessions.announce(userId);
  }

  /**
   * A Google account seen for the first time. Only an address Google has verified may name an
   * account here; otherwise a Google account made with someone else's address could take their
   * account, or hold the address before they sign up.
   *
   * Policy: the verified owner of the address takes the password account that carries it. Nobody
   * ever proved that password's address, so whoever set it may have registered first to wait for
   * the real owner: the password is removed and every session of the account ends.
   */
  private async claimWithGoogle(identity: GoogleIdentity): Promise<UserRow | undefined> {
    if (!identity.emailVerified)
      throw unauthorized('Your Google account email is not verified', 'google_email_unverified');
    const existing = await this.users.findByEmail(identity.email);
    if (existing?.googleSub) {
      throw new HttpError(
        409,
        'google_account_conflict',
        'This email belongs to an account linked to a different Google account.',
      );
    }
    if (existing) {
      const now = new Date();
      const row = await this.users.update(existing.id, {
        googleSub: identity.sub,
        passwordHash: null,
        sessionsValidFrom: now,
        profileImage: existing.profileImage ?? identity.picture ?? null,
      });
      await this.refreshTokens.revokeAllOfUser(existing.id);
      return row;
    }
    await this.checkSignupsOpen();
    return this.createAccount({
      email: identity.email,
      fullName: identity.name ?? identity.email.split('@')[0] ?? identity.email,
      googleSub: identity.sub,
      profileImage: identity.picture ?? null,
    });
  }

  /** Whether the account administers this installation (false for unknown ids). */
  async isAdmin(userId: string): Promise<boolean> {
    return (await this.users.findById(userId))?.role === 'admin';
  }

  private async checkSignupsOpen(): Promise<void> {
    if ((await this.deps.signupsOpen()) || (await this.users.none())) return;
    throw new HttpError(403, 'signups_closed', SIGNUPS_CLOSED);
  }

  /** Inserts the account; the first one of the installation becomes its administrator. */
  private async createAccount(values: NewUser): Promise<UserRow | undefined> {
    const row = await this.users.create(values);
    if (!row) return undefined;
    return (await this.users.promoteIfFirst(row.id)) ?? row;
  }

  async me(userId: string): Promise<User> {
    const row = await this.users.findById(userId);
    if (!row) throw unauthorized('Account not found', 'account_not_found');
    return toUser(row, await this.deps.settings.get(userId));
  }

  /** A new session (token family, whose id the access tokens carry) for the account. */
  startSession(userId: string): Promise<TokenPair> {
    return this.issue(userId, randomUUID());
  }

  private async issue(userId: string, familyId: string): Promise<TokenPair> {
    const refresh = newRefreshToken();
    await this.refreshTokens.insert({
      userId,
      familyId,
      tokenHash: refresh.hash,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_S * 1000),
    });
    return {
      access_token: await this.accessTokens.sign(userId, ACCESS_TOKEN_TTL_S, familyId),
      refresh_token: refresh.token,
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_TTL_S,
    };
  }
}

export function toUser(row: UserRow, settings: UserSettings): User {
  return {
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    name: row.fullName.trim() || row.email.split('@')[0] || 'User',
    profile_image: row.profileImage,
    writing_voice: row.writingVoice,
    created_at: row.createdAt.toISOString(),
    is_admin: row.role === 'admin',
    has_password: row.passwordHash !== null,
    settings,
  };
}
