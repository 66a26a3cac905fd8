import { createHash, createHmac, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 60 * 60;
const ISSUER = 'voxpress';
const AUDIENCE = 'voxpress-api';
/** Links carry a ticket for one address, never an access token. */
const LINK_AUDIENCE = 'voxpress-link';
/** How long a playback or status-stream link works. */
export const LINK_TTL_S = 15 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a token no longer counts: the account is gone, its sessions were ended after the token
 * was issued, or the token's own session (`sessionId`, when it carries one) was signed out.
 * Checked on every request, so revoking sessions takes effect at once, not when tokens expire.
 */
export type SessionCheck = (
  userId: string,
  issuedAtMs: number,
  sessionId: string | undefined,
) => Promise<boolean>;

/** Signs and checks short-lived JWT access tokens (HS256, key derived from the server secret). */
export class AccessTokens {
  private readonly key: Uint8Array;
  /** Checks personal access tokens (`vxp_…`) when the server keeps them; see `authenticate`. */
  personal?: PersonalTokenCheck;

  constructor(
    secret: string,
    private readonly revoked: SessionCheck = async () => false,
  ) {
    this.key = createHmac('sha256', secret).update('voxpress access tokens v1').digest();
  }

  /** An access token; with `sessionId` (the refresh-token family) it ends when that session does. */
  sign(userId: string, ttlS = ACCESS_TOKEN_TTL_S, sessionId?: string): Promise<string> {
    // `iat` has whole seconds; the milliseconds tell a token made just after a revocation from one
    // made just before it.
    return new SignJWT({ iat_ms: Date.now(), ...(sessionId ? { sid: sessionId } : {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlS)
      .sign(this.key);
  }

  /**
   * A ticket for one address (`path`, e.g. `/api/v1/audio/<id>/download`): what a link carries in
   * its query where a browser cannot send headers (`<audio>`, EventSource). It opens that address
   * only, for `LINK_TTL_S`, so a link that leaks (logs, history, a shared screen) is worth little.
   * Made for a signed-in request (`{ userId, sessionId }`), it carries that session and stops
   * working as soon as the session ends (sign-out), like the session's access tokens.
   */
  signLink(owner: string | TokenIdentity, path: string, ttlS = LINK_TTL_S): Promise<string> {
    const { userId, sessionId } = typeof owner === 'string' ? { userId: owner, sessionId: undefined } : owner;
    return new SignJWT({ path, iat_ms: Date.now(), ...(sessionId ? { sid: sessionId } : {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(LINK_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlS)
      .sign(this.key);
  }

  /** The user id in a valid ticket for `path`; throws `InvalidTokenError` otherwise. */
  async verifyLink(ticket: string, path: string): Promise<string> {
    return (await this.verifyLinkIdentity(ticket, path)).userId;
  }

  /** The user and session of a valid ticket for `path`; throws `InvalidTokenError` otherwise. */
  verifyLinkIdentity(ticket: string, path: string): Promise<TokenIdentity> {
    return this.check(ticket, LINK_AUDIENCE, (payload) => payload.path === path);
  }

  /** The user id in a valid token; throws `InvalidTokenError` with the reason otherwise. */
  async verify(token: string): Promise<string> {
    return (await this.verifyIdentity(token)).userId;
  }

  /** The user and session of a valid access token; throws `InvalidTokenError` otherwise. */
  verifyIdentity(token: string): Promise<TokenIdentity> {
    return this.check(token, AUDIENCE, () => true);
  }

  private async check(
    token: string,
    audience: string,
    fits: (payload: Record<string, unknown>) => boolean,
  ): Promise<TokenIdentity> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience,
        algorithms: ['HS256'],
      });
      // Only a UUID can name an account; anything else would reach the database as a bad id.
      if (!payload.sub || !UUID.test(payload.sub) || !fits(payload))
        throw new InvalidTokenError('Invalid token');
      const issuedAtMs = typeof payload.iat_ms === 'number' ? payload.iat_ms : (payload.iat ?? 0) * 1000;
      // A session id names a refresh-token family, which the database looks up as a UUID.
      const sid = payload.sid;
      if (sid !== undefined && (typeof sid !== 'string' || !UUID.test(sid)))
        throw new InvalidTokenError('Invalid token');
      if (await this.revoked(payload.sub, issuedAtMs, sid)) throw new InvalidTokenError('Session has ended');
      return { userId: payload.sub, sessionId: sid };
    } catch (err) {
      if (err instanceof InvalidTokenError) throw err;
      if (err instanceof errors.JWTExpired) throw new InvalidTokenError('Token has expired', true);
      throw new InvalidTokenError('Invalid token');
    }
  }
}

/** The account and scopes of a personal access token in force; throws `InvalidTokenError` otherwise. */
export type PersonalTokenCheck = (token: string) => Promise<{ userId: string; scopes: ('read' | 'write')[] }>;

/** Who a token or ticket is for: the account, and the session (refresh-token family) if it names one. */
export interface TokenIdentity {
  userId: string;
  sessionId?: string | undefined;
}

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
  constructor(
    message: string,
    /** True when the token was genuine but has run out (the client should refresh it). */
    readonly expired = false,
  ) {
    super(message);
  }
}

export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
