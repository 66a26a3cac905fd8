import {
  zErrorResponse,
  zItem,
  zItemList,
  zItemListQuery,
  zItemUpdate,
  zTranscription,
} from '@voxpress/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { searchRoutes } from './search.routes.ts';

const zId = z.object({ id: z.uuid('Item not found') });
const errors = { 400: zErrorResponse, 401: zErrorResponse, 404: zErrorResponse, 422: zErrorResponse };

/** The library's items: recordings, uploads and written documents, each opened on its own page. */
export function itemsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Searching the library (`GET /search`) belongs with its items.
    await app.register(searchRoutes(ctx));

    app.get(
      '/items',
      {
        schema: {
          tags: ['items'],
          summary: "The user's recordings, uploads and documents, newest first",
          querystring: zItemListQuery,
          response: { 200: zItemList, ...errors },
        },
      },
      async (request) => ctx.items.list(request.userId, request.query),
    );

    app.get(
      '/items/:id',
      {
        schema: {
          tags: ['items'],
          summary: 'One item: an audio item with its status, or a written document',
          params: zId,
          response: { 200: zItem, ...errors },
        },
      },
      async (request) => ctx.items.get(request.userId, request.params.id),
    );

    app.put(
      '/items/:id',
      {
        schema: {
          tags: ['items'],
          summary: 'Rename an item or change its description',
          description: 'A title given here is kept: it is never replaced by the transcript’s first words.',
          params: zId,
          body: zItemUpdate,
          response: { 200: zItem, ...errors },
        },
      },
      async (request) => ctx.items.update(request.userId, request.params.id, request.body),
    );

    app.delete(
      '/items/:id',
      {
        schema: {
          tags: ['items'],
          summary: 'Delete an item with its transcript, content and (for audio) its file',
          params: zId,
          response: { 200: z.object({ message: z.string() }), ...errors },
        },
      },
      async (request) => {
        await ctx.items.delete(request.userId, request.params.id);
        return { message: 'Item deleted' };
      },
    );

    app.get(
      '/items/:id/transcription',
      {
        schema: {
          tags: ['items'],
          summary: "The item's text as read: an audio item's transcript, or a document's paragraphs",
          params: zId,
          response: { 200: zTranscription, ...errors },
        },
      },
      async (request) => ctx.items.transcription(request.userId, request.params.id),
    );
  };
}
