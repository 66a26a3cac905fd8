import { type ApiTokenScope, zErrorResponse } from '@voxpress/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, unauthorized } from '../lib/http-error.ts';
import { isApiToken } from '../services/auth/api-tokens.service.ts';
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
    /** Set when the request was made with a personal access token (`vxp_…`) rather than a session. */
    apiToken?: boolean;
  }
}

/** Account management: routes a personal access token never opens, whatever its scopes. */
const ACCOUNT_ROUTES = [
  /^\/api\/v1\/admin(\/|$)/,
  /^\/api\/v1\/auth(\/|$)/,
  /^\/api\/v1\/users\/me\/(email|password|sign-out-everywhere|tokens|sessions)(\/|$)/,
];

/**
 * Why a personal access token with `scopes` may not call `method url` (the route's pattern, e.g.
 * `/api/v1/items/:id`), or undefined when it may: reading (GET, HEAD) needs `read`, anything else
 * `write` unless the route declares the scope it needs (`tokenScope`: a POST that only reads, such
 * as asking the library a question), and the routes that manage the account itself (its email,
 * password, sessions, tokens, deleting it, administration) are for a signed-in person only.
 */
export function apiTokenRefusal(
  method: string,
  url: string,
  scopes: readonly string[],
  declared?: ApiTokenScope,
): string | undefined {
  if (ACCOUNT_ROUTES.some((re) => re.test(url)) || (method === 'DELETE' && url === '/api/v1/users/me'))
    return 'API tokens cannot manage the account; sign in to do this.';
  const needed = declared ?? (method === 'GET' || method === 'HEAD' ? 'read' : 'write');
  if (!scopes.includes(needed)) return `This API token does not have the ${needed} scope.`;
  return undefined;
}

/**
 * Checks the personal access token a request carries and signs the request in as its owner, or
 * throws: 401 `invalid_token` (unknown or revoked), 401 `token_expired`, 403 `forbidden` (a scope
 * it lacks, or account management).
 */
async function signInWithApiToken(
  tokens: AccessTokens,
  request: FastifyRequest,
  token: string,
): Promise<void> {
  if (!tokens.personal) throw unauthorized('Invalid token', 'invalid_token');
  let identity: Awaited<ReturnType<NonNullable<AccessTokens['personal']>>>;
  try {
    identity = await tokens.personal(token);
  } catch (err) {
    if (!(err instanceof InvalidTokenError)) throw err;
    throw unauthorized(err.message, err.expired ? 'token_expired' : 'invalid_token');
  }
  const refusal = apiTokenRefusal(
    request.method,
    request.routeOptions.url ?? '',
    identity.scopes,
    request.routeOptions.config?.tokenScope,
  );
  if (refusal) throw new HttpError(403, 'forbidden', refusal);
  request.userId = identity.userId;
  request.sessionId = undefined;
  request.apiToken = true;
}

/**
 * Judges a request that carries a personal access token (`Authorization: Bearer vxp_…`) as soon as
 * its route is known, before its body is read or validated: a token without the scope, revoked,
 * expired or aimed at account management is turned away there, and `authenticate` then finds the
 * request already signed in.
 */
export function registerApiTokens(app: FastifyInstance, tokens: AccessTokens): void {
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.toLowerCase().startsWith('bearer ')) return;
    const token = header.slice(7).trim();
    if (isApiToken(token)) await signInWithApiToken(tokens, request, token);
  });
}

/**
 * A request hook that requires a valid access token: `Authorization: Bearer <token>`, or with
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
    if (token && isApiToken(token)) {
      // Only in the header: a personal token in an address would end up in logs and history.
      if (!header) throw unauthorized('Invalid token', 'invalid_token');
      if (!request.apiToken) await signInWithApiToken(tokens, request, token);
      return;
    }
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

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open to anyone: `requireSignIn` leaves the route alone (sign-in itself, health, catalogs). */
    public?: boolean;
    /**
     * Also accept the address's own `?ticket=` (or the spec's `?token=`), for what a browser opens
     * without headers: `<audio>`, images, EventSource.
     */
    queryToken?: boolean;
    /**
     * The scope a personal access token needs for this route, when not the method's own (GET and
     * HEAD read, the rest write): `read` for a POST that changes nothing, such as a question.
     */
    tokenScope?: ApiTokenScope;
  }
}

const BEARER = [{ bearer: [] }];

/**
 * Makes signing in the default for every route later registered in `scope` (and its children):
 * each route, unless its config says `public: true`, checks the access token first thing on
 * request (before its body is read or validated, and before the route's own preHandlers, which
 * find `request.userId` set), and its OpenAPI entry says it needs a bearer token (unless it takes a
 * `queryToken`) and may answer 401. API tokens keep their scope checks (`registerApiTokens`).
 */
export function requireSignIn(scope: FastifyInstance, tokens: AccessTokens): void {
  const checks = [authenticate(tokens), authenticate(tokens, { allowQueryToken: true })] as const;
  scope.addHook('onRoute', (route) => {
    if (route.config?.public) return;
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    // Fastify adds a GET route's HEAD twin with the same options: check once.
    if (own.some((hook) => (checks as readonly unknown[]).includes(hook))) return;
    route.onRequest = [checks[route.config?.queryToken ? 1 : 0], ...own];
    if (!route.schema) return;
    // An address opened by a browser states its own (its ticket is no security scheme).
    if (!route.config?.queryToken) route.schema.security ??= BEARER;
    const response = route.schema.response as Record<string, unknown> | undefined;
    if (response && !(401 in response) && !('4xx' in response)) response[401] = zErrorResponse;
  });
}
