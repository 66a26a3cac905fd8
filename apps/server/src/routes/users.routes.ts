import { zErrorResponse, zUser, zUserSettingsUpdate } from '@voxpress/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';

export function usersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/me',
      {
        schema: {
          tags: ['users'],
          summary: 'The signed-in user',
          response: { 200: zUser, 401: zErrorResponse },
        },
      },
      async (request) => ctx.auth.me(request.userId),
    );

    app.put(
      '/users/me',
      {
        schema: {
          tags: ['users'],
          summary: 'Update the signed-in user: how they write (given to language-model writers)',
          body: zUserSettingsUpdate,
          response: { 200: zUser, 400: zErrorResponse, 401: zErrorResponse },
        },
      },
      async (request) => {
        await ctx.users.update(request.userId, { writingVoice: request.body.writing_voice || null });
        return ctx.auth.me(request.userId);
      },
    );
  };
}
