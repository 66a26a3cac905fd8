import multipart from '@fastify/multipart';
import {
  zDeleteAccount,
  zEmailChange,
  zErrorResponse,
  zMessage,
  zPasswordChange,
  zProfileUpdate,
  zTokenPair,
  zUser,
  zUserSettings,
  zUserSettingsPatch,
} from '@voxpress/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { HttpError } from '../lib/http-error.ts';
import { avatarTooLarge, MAX_AVATAR_BYTES } from '../services/account/avatar.service.ts';
import { formError } from './files.routes.ts';
import { brandRoutes } from './infographics/brand.routes.ts';
import { voiceProfilesRoutes } from './voice-profiles.routes.ts';

const errors = { 400: zErrorResponse, 401: zErrorResponse, 422: zErrorResponse };

/** The signed-in user's own account: defaults, name, picture, email, password, sessions, data. */
export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // Password checks share the sign-in limit per address.
  const limited = { rateLimit: { max: ctx.config.auth.rateLimitPerMinute, timeWindow: '1 minute' } };
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: MAX_AVATAR_BYTES, files: 1, fields: 5 } });
    await app.register(voiceProfilesRoutes(ctx));
    await app.register(brandRoutes(ctx));

    app.get(
      '/users/me/settings',
      {
        schema: {
          tags: ['account'],
          summary: 'The user’s defaults: theme, languages, content type, platforms, writing voice',
          response: { 200: zUserSettings, 401: zErrorResponse },
        },
      },
      async (request) => ctx.account.settings(request.userId),
    );

    app.put(
      '/users/me/settings',
      {
        schema: {
          tags: ['account'],
          summary: 'Change some defaults (fields left out stay; null restores the default)',
          body: zUserSettingsPatch,
          response: { 200: zUserSettings, ...errors },
        },
      },
      async (request) => ctx.account.updateSettings(request.userId, request.body),
    );

    app.put(
      '/users/me/profile',
      {
        schema: {
          tags: ['account'],
          summary: 'Change the name',
          body: zProfileUpdate,
          response: { 200: zUser, ...errors },
        },
      },
      async (request) => ctx.account.updateName(request.userId, request.body.full_name),
    );

    app.put(
      '/users/me/email',
      {
        config: limited,
        schema: {
          tags: ['account'],
          summary: 'Change the email (needs the current password; the address must be free)',
          body: zEmailChange,
          response: { 200: zUser, 403: zErrorResponse, 409: zErrorResponse, 429: zErrorResponse, ...errors },
        },
      },
      async (request) => ctx.account.changeEmail(request.userId, request.body),
    );

    app.put(
      '/users/me/password',
      {
        config: limited,
        schema: {
          tags: ['account'],
          summary: 'Change the password; every other session ends and this one gets new tokens',
          body: zPasswordChange,
          response: { 200: zTokenPair, 403: zErrorResponse, 429: zErrorResponse, ...errors },
        },
      },
      async (request) => ctx.account.changePassword(request.userId, request.body),
    );

    app.post(
      '/users/me/sign-out-everywhere',
      {
        schema: {
          tags: ['account'],
          summary: 'End every session of the account, this one included',
          response: { 200: zMessage, 401: zErrorResponse },
        },
      },
      async (request) => {
        await ctx.account.signOutEverywhere(request.userId);
        return { message: 'Signed out everywhere' };
      },
    );

    app.post(
      '/users/me/avatar',
      {
        schema: {
          tags: ['account'],
          summary:
            'Set the profile picture (multipart field "file": PNG, JPEG, WebP, GIF or AVIF, at most 5 MB)',
          description:
            'Checked by its bytes, cropped to 256×256 and stored as WebP; `profile_image` links to it.',
          consumes: ['multipart/form-data'],
          response: { 200: zUser, 413: zErrorResponse, 415: zErrorResponse, ...errors },
        },
      },
      async (request) => {
        if (Number(request.headers['content-length'] ?? 0) > MAX_AVATAR_BYTES + 64 * 1024)
          throw avatarTooLarge();
        if (!request.isMultipart())
          throw new HttpError(415, 'multipart_required', 'Send the picture as multipart/form-data.');
        let bytes: Buffer | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type !== 'file') continue;
            if (part.fieldname !== 'file' || bytes) {
              part.file.resume();
              throw new HttpError(
                400,
                'file_field_invalid',
                'Send exactly one picture, in the "file" field.',
              );
            }
            bytes = await part.toBuffer().catch((err: unknown) => {
              if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw avatarTooLarge();
              throw err;
            });
          }
        } catch (err) {
          throw formError(err);
        }
        if (!bytes?.length)
          throw new HttpError(400, 'file_missing', 'No picture was uploaded. Choose one and try again.');
        await ctx.avatars.set(request.userId, bytes);
        return ctx.auth.me(request.userId);
      },
    );

    app.delete(
      '/users/me/avatar',
      {
        schema: {
          tags: ['account'],
          summary: 'Remove the profile picture',
          response: { 200: zUser, 401: zErrorResponse },
        },
      },
      async (request) => {
        await ctx.avatars.remove(request.userId);
        return ctx.auth.me(request.userId);
      },
    );

    app.get(
      '/avatars/:userId/:file',
      {
        config: { public: true },
        schema: {
          tags: ['account'],
          summary: 'A profile picture (its link changes with every new picture)',
          params: z.object({ userId: z.uuid(), file: z.string().max(64) }),
          response: { 200: z.unknown().describe('The picture (WebP)'), 404: zErrorResponse },
        },
      },
      async (request, reply) => {
        const { stream, size } = await ctx.avatars.open(request.params.userId, request.params.file);
        return reply
          .header('content-type', 'image/webp')
          .header('content-length', size)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(stream);
      },
    );

    app.get(
      '/users/me/export/link',
      {
        schema: {
          tags: ['account'],
          summary: 'A short-lived link that downloads all the account’s data as a zip',
          response: { 200: z.object({ url: z.string(), expires_in: z.number() }), 401: zErrorResponse },
        },
      },
      async (request) => {
        const path = '/api/v1/users/me/export';
        return {
          url: `${path}?ticket=${await ctx.accessTokens.signLink(request, path)}`,
          expires_in: 900,
        };
      },
    );

    app.get(
      '/users/me/export',
      {
        config: { queryToken: true },
        schema: {
          tags: ['account'],
          summary: 'Download all my data as a zip',
          description:
            'Every record as JSON, the audio files, transcripts as TXT and SRT, content as Markdown. Streamed while it is made.',
          security: [{ bearer: [] }, {}],
          querystring: z.object({
            ticket: z.string().max(2048).optional(),
            token: z.string().max(4096).optional(),
          }),
          response: { 200: z.unknown().describe('The zip'), 401: zErrorResponse },
        },
      },
      async (request, reply) => {
        const user = await ctx.auth.me(request.userId);
        const day = new Date().toISOString().slice(0, 10);
        const zip = await ctx.dataExport.zip(user);
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="voxpress-data-${day}.zip"`)
          .header('cache-control', 'no-store')
          .send(zip);
      },
    );

    app.delete(
      '/users/me',
      {
        config: limited,
        schema: {
          tags: ['account'],
          summary: 'Delete the account and all its data',
          description:
            'Audio, transcripts, content, pictures and every stored file go, for good. Confirm with the account’s email and, when it has one, its password. An administrator’s role passes to the oldest remaining account.',
          body: zDeleteAccount,
          response: {
            200: zMessage,
            403: zErrorResponse,
            429: zErrorResponse,
            503: zErrorResponse,
            ...errors,
          },
        },
      },
      async (request) => {
        await ctx.account.delete(request.userId, request.body);
        return { message: 'Your account and all its data were deleted.' };
      },
    );
  };
}
