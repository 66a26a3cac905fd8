import { zErrorResponse, zForgotPasswordRequest, zMessage, zResetPasswordRequest } from '@voxpress/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';
import { RESET_REQUESTED } from '../services/account/password-reset.service.ts';

export function passwordResetRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // Asking for mail is limited harder than signing in: each request may send an email.
  const askLimit = {
    rateLimit: {
      max: Math.max(1, Math.ceil(ctx.config.auth.rateLimitPerMinute / 4)),
      timeWindow: '1 minute',
    },
  };
  const limited = { rateLimit: { max: ctx.config.auth.rateLimitPerMinute, timeWindow: '1 minute' } };
  return async (app) => {
    app.post(
      '/auth/password/forgot',
      {
        config: { ...askLimit, public: true },
        schema: {
          tags: ['auth'],
          summary: 'Email a link to choose a new password',
          description:
            'Answers the same whether or not an account uses the address. 503 `email_not_configured` when the server cannot send email (the administrator makes links with `npm run admin -- reset-password EMAIL`).',
          body: zForgotPasswordRequest,
          response: { 202: zMessage, 422: zErrorResponse, 429: zErrorResponse, 503: zErrorResponse },
        },
      },
      async (request, reply) => {
        await ctx.passwordReset.request(request.body.email);
        return reply.status(202).send({ message: RESET_REQUESTED });
      },
    );

    app.post(
      '/auth/password/reset',
      {
        config: { ...limited, public: true },
        schema: {
          tags: ['auth'],
          summary: 'Choose a new password with the token of a reset link; every session ends',
          body: zResetPasswordRequest,
          response: {
            200: zMessage,
            400: zErrorResponse,
            410: zErrorResponse,
            422: zErrorResponse,
            429: zErrorResponse,
          },
        },
      },
      async (request) => {
        await ctx.passwordReset.reset(request.body.token, request.body.password);
        return { message: 'Your password was changed. Sign in with it now.' };
      },
    );
  };
}
