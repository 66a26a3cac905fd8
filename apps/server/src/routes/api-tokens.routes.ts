import { zApiTokenCreate, zApiTokenCreated, zApiTokenList, zErrorResponse } from '@voxpress/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';

/**
 * The signed-in user's personal access tokens (`vxp_…`) for scripts and other programs. These
 * routes are for a signed-in person: a personal access token cannot make, list or revoke tokens.
 */
export function apiTokensRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/me/tokens',
      {
        schema: {
          tags: ['account'],
          summary: 'The user’s API tokens in force: name, scopes, dates, last use (never the token)',
          response: { 200: zApiTokenList, 401: zErrorResponse, 403: zErrorResponse },
        },
      },
      async (request) => ({ tokens: await ctx.apiTokens.list(request.userId) }),
    );

    app.post(
      '/users/me/tokens',
      {
        schema: {
          tags: ['account'],
          summary: 'Make an API token (shown this once; send it as `Authorization: Bearer vxp_…`)',
          description:
            '`read` opens GET and HEAD routes, `write` every other method; account management (email, password, sessions, tokens, deleting the account, administration) answers 403 `forbidden` to a token. A revoked or unknown token answers 401 `invalid_token`, an expired one 401 `token_expired`.',
          body: zApiTokenCreate,
          response: {
            201: zApiTokenCreated,
            400: zErrorResponse,
            401: zErrorResponse,
            403: zErrorResponse,
            422: zErrorResponse,
          },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await ctx.apiTokens.create(request.userId, request.body)),
    );

    app.delete(
      '/users/me/tokens/:id',
      {
        schema: {
          tags: ['account'],
          summary: 'Revoke an API token: it stops working at once',
          params: z.object({ id: z.string() }),
          response: {
            200: z.object({ message: z.string() }),
            401: zErrorResponse,
            403: zErrorResponse,
            404: zErrorResponse,
          },
        },
      },
      async (request) => {
        await ctx.apiTokens.revoke(request.userId, request.params.id);
        return { message: 'API token revoked' };
      },
    );
  };
}
