import {
  zErrorResponse,
  zGoogleRequest,
  zLoginForm,
  zRefreshRequest,
  zRegisterRequest,
  zRegisterResponse,
  zTokenPair,
} from '@voxpress/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';

const errors = {
  400: zErrorResponse,
  401: zErrorResponse,
  409: zErrorResponse,
  422: zErrorResponse,
  429: zErrorResponse,
};

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const limited = { rateLimit: { max: ctx.config.auth.rateLimitPerMinute, timeWindow: '1 minute' } };
  return async (app) => {
    app.post(
      '/auth/register',
      {
        config: { ...limited, public: true },
        schema: {
          tags: ['auth'],
          summary: 'Create an account with email and password',
          body: zRegisterRequest,
          response: { 201: zRegisterResponse, ...errors },
        },
      },
      async (request, reply) => {
        const { tokens, user } = await ctx.auth.register(request.body);
        return reply.status(201).send({ message: 'Account created', data: { ...tokens, user } });
      },
    );

    app.post(
      '/auth/login',
      {
        config: { ...limited, public: true },
        schema: {
          tags: ['auth'],
          summary: 'Sign in (form-encoded: username is the email)',
          consumes: ['application/x-www-form-urlencoded'],
          body: zLoginForm,
          response: { 200: zTokenPair, ...errors },
        },
      },
      async (request) => ctx.auth.login(request.body.username, request.body.password),
    );

    app.post(
      '/auth/google',
      {
        config: { ...limited, public: true },
        schema: {
          tags: ['auth'],
          summary: 'Sign in or sign up with a Google ID token',
          body: zGoogleRequest,
          response: { 200: zTokenPair, ...errors },
        },
      },
      async (request) => ctx.auth.loginWithGoogle(request.body.credential),
    );

    app.post(
      '/auth/refresh',
      {
        config: { ...limited, public: true },
        schema: {
          tags: ['auth'],
          summary: 'Rotate the refresh token and get a new access token',
          body: zRefreshRequest,
          response: { 200: zTokenPair, ...errors },
        },
      },
      async (request) => ctx.auth.refresh(request.body.refresh_token),
    );

    app.post(
      '/auth/logout',
      {
        config: { public: true },
        schema: {
          tags: ['auth'],
          summary: 'End the session the refresh token belongs to',
          body: zRefreshRequest,
          response: { 200: z.object({ message: z.string() }), 422: zErrorResponse },
        },
      },
      async (request) => {
        await ctx.auth.logout(request.body.refresh_token);
        return { message: 'Signed out' };
      },
    );
  };
}
