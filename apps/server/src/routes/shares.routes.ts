import { zErrorResponse, zShare, zShareCreate, zShareList } from '@voxpress/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';

const errors = { 400: zErrorResponse, 401: zErrorResponse, 404: zErrorResponse, 422: zErrorResponse };

/**
 * The owner's side of share links: make one for an item, list an item's or all of them, revoke.
 * The public page they open is served by `sharePageRoutes`.
 */
export function sharesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/items/:id/shares',
      {
        schema: {
          tags: ['shares'],
          summary: 'Make a public read-only link to the item (`/s/<token>`) showing the parts chosen',
          description:
            'Parts default to the transcript and the recording; `content_ids` and `infographic_ids` must be the item’s own (else 422 `share_part_invalid`). The page carries `noindex` unless `allow_indexing`; after `expires_at` it answers 410.',
          params: z.object({ id: z.string() }),
          body: zShareCreate,
          response: { 201: zShare, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await ctx.shares.create(request.userId, request.params.id, request.body)),
    );

    app.get(
      '/items/:id/shares',
      {
        schema: {
          tags: ['shares'],
          summary: 'The item’s share links in force, newest first',
          params: z.object({ id: z.string() }),
          response: { 200: zShareList, ...errors },
        },
      },
      async (request) => ({ shares: await ctx.shares.listForItem(request.userId, request.params.id) }),
    );

    app.get(
      '/users/me/shares',
      {
        schema: {
          tags: ['shares'],
          summary: 'Every share link of the user in force (neither revoked nor expired), newest first',
          response: { 200: zShareList, 401: zErrorResponse },
        },
      },
      async (request) => ({ shares: await ctx.shares.list(request.userId) }),
    );

    app.delete(
      '/shares/:token',
      {
        schema: {
          tags: ['shares'],
          summary: 'Revoke a share link (by its token or its id): its page answers 404 at once',
          params: z.object({ token: z.string().max(100) }),
          response: { 200: z.object({ message: z.string() }), ...errors },
        },
      },
      async (request) => {
        await ctx.shares.revoke(request.userId, request.params.token);
        return { message: 'Share link revoked' };
      },
    );
  };
}
