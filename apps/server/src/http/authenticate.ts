import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/http-error.ts';
import type { AccessTokens } from '../services/auth/tokens.ts';
import { InvalidTokenError } from '../services/auth/tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id, set by `authenticate`. */
    userId: string;
    /**
     * The session the request's token or ticket belongs to, when it names one; links made for
     * the request carry it, so that they end with the session (`AccessTokens.signLink`).
     */
    sessionId?: string | undefined;
  }
}

/**
 * A preHandler that requires a valid access token: `Authorization: Bearer <token>`, or with
 * `allowQueryToken` (addresses a browser opens without headers: `<audio>`, EventSource) a
 * `?ticket=` made for this very address (`GET …/links`), or the spec's `?token=` with the access
 * token itself, kept working for existing clients (both are redacted from the logs).
 */
export function authenticate(tokens: AccessTokens, options: { allowQueryToken?: boolean } = {}) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization;
    const query = options.allowQueryToken
      ? (request.query as Record<string, unknown> | undefined)
      : undefined;
    let token: string | undefined;
    if (header?.toLowerCase().startsWith('bearer ')) token = header.slice(7).trim();
    const ticket = !token && typeof query?.ticket === 'string' && query.ticket ? query.ticket : undefined;
    if (!token && !ticket && typeof query?.token === 'string' && query.token) token = query.token;
    if (!token && !ticket) throw unauthorized('Authentication required', 'unauthorized');
    try {
      const identity = ticket
        ? await tokens.verifyLinkIdentity(ticket, request.url.split('?')[0] ?? '')
        : await tokens.verifyIdentity(token as string);
      request.userId = identity.userId;
      request.sessionId = identity.sessionId;
    } catch (err) {
      throw unauthorized(
        err instanceof InvalidTokenError ? err.message : 'Invalid token',
        err instanceof InvalidTokenError && err.expired ? 'token_expired' : 'invalid_token',
      );
    }
  };
}
