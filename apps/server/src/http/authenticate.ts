import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/http-error.ts';
import type { AccessTokens } from '../services/auth/tokens.ts';
import { InvalidTokenError } from '../services/auth/tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id, set by `authenticate`. */
    userId: string;
  }
}

/**
 * A preHandler that requires a valid access token: `Authorization: Bearer <token>`, or with
 * `allowQueryToken` a `?token=` parameter (EventSource cannot send headers, so the status streams
 * take the token that way, as the spec does).
 */
export function authenticate(tokens: AccessTokens, options: { allowQueryToken?: boolean } = {}) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization;
    let token: string | undefined;
    if (header?.toLowerCase().startsWith('bearer ')) token = header.slice(7).trim();
    if (!token && options.allowQueryToken) {
      const q = (request.query as Record<string, unknown> | undefined)?.token;
      if (typeof q === 'string' && q) token = q;
    }
    if (!token) throw unauthorized('Authentication required', 'unauthorized');
    try {
      request.userId = await tokens.verify(token);
    } catch (err) {
      throw unauthorized(
        err instanceof InvalidTokenError ? err.message : 'Invalid token',
        err instanceof InvalidTokenError && err.expired ? 'token_expired' : 'invalid_token',
      );
    }
  };
}

/** The signed-in user's id when the request carries a valid bearer token, else undefined. */
export async function optionalUserId(
  tokens: AccessTokens,
  request: FastifyRequest,
): Promise<string | undefined> {
  const header = request.headers.authorization;
  if (!header?.toLowerCase().startsWith('bearer ')) return undefined;
  try {
    return await tokens.verify(header.slice(7).trim());
  } catch {
    return undefined;
  }
}
