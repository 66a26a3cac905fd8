import { zErrorResponse, zUser } from '@voxpress/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';
import { authenticate } from '../http/authenticate.ts';

export function usersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/me',
      {
        preHandler: authenticate(ctx.accessTokens),
        schema: {
          tags: ['users'],
          summary: 'The signed-in user',
          security: [{ bearer: [] }],
          response: { 200: zUser, 401: zErrorResponse },
        },
      },
      async (request) => ctx.auth.me(request.userId),
    );
  };
}
