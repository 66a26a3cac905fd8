import { BRAND_LOGO_MAX_BYTES, zBrandKit, zBrandKitUpdate, zErrorResponse } from '@voxpress/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';

/** The signed-in user's brand kit (Settings → Brand), applied when a generation asks for it. */
export function brandRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/me/brand',
      {
        schema: {
          tags: ['infographics'],
          summary: 'The brand kit: two colours, a heading font, a footer line and a logo',
          response: { 200: zBrandKit, 401: zErrorResponse },
        },
      },
      async (request) => ctx.infographics.brand.get(request.userId),
    );

    app.put(
      '/users/me/brand',
      {
        // A logo of 1 MB is about 1.4 MB as base64, with the rest of the kit beside it.
        bodyLimit: Math.ceil((BRAND_LOGO_MAX_BYTES * 4) / 3) + 16 * 1024,
        schema: {
          tags: ['infographics'],
          summary: 'Save the brand kit (colours checked for contrast; a PNG, JPEG or SVG logo is rasterised)',
          body: zBrandKitUpdate,
          response: {
            200: zBrandKit,
            400: zErrorResponse,
            401: zErrorResponse,
            413: zErrorResponse,
            422: zErrorResponse,
          },
        },
      },
      async (request) => ctx.infographics.brand.put(request.userId, request.body),
    );
  };
}
