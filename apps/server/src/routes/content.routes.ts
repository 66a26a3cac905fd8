import {
  type ContentStatusEvent,
  zContent,
  zContentEdit,
  zContentLinks,
  zContentList,
  zContentListQuery,
  zEnhanceRequest,
  zEnhanceResponse,
  zErrorResponse,
  zToken,
} from '@voxpress/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { relayStatus } from '../http/status-stream.ts';
import { contentStatusEvent } from '../mappers/content-mapper.ts';
import { LINK_TTL_S } from '../services/auth/tokens.ts';

const zId = z.object({ id: z.uuid('Content not found') });
const errors = {
  400: zErrorResponse,
  401: zErrorResponse,
  404: zErrorResponse,
  409: zErrorResponse,
  422: zErrorResponse,
};
const DEFAULT_LIMIT = 10;

export function contentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/content/enhance',
      {
        schema: {
          tags: ['content'],
          summary: 'Write content from a transcript, then translate it; follow it on the status stream',
          body: zEnhanceRequest,
          response: { 202: zEnhanceResponse, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await ctx.content.enhance(request.userId, request.body)),
    );

    const list = async (request: { userId: string; query: z.output<typeof zContentListQuery> }) =>
      ctx.content.list(request.userId, {
        page: request.query.page,
        limit: request.query.per_page ?? request.query.limit ?? DEFAULT_LIMIT,
        transcriptionId: request.query.transcription_id,
      });
    const listSchema = {
      tags: ['content'],
      summary: "The user's content, newest first (`per_page` is the same as `limit`)",
      querystring: zContentListQuery,
      response: { 200: zContentList, ...errors },
    };
    app.get('/content', { schema: listSchema }, list);
    // The spec's polling call ends in a slash: GET /content/?transcription_id=…&page=1&per_page=1.
    app.get('/content/', { schema: { ...listSchema, hide: true } }, list);

    app.get(
      '/content/transcription/:id',
      {
        schema: {
          tags: ['content'],
          summary: 'Every piece written from one transcript or document, newest first',
          params: z.object({ id: z.uuid('No transcription available') }),
          response: { 200: z.object({ items: z.array(zContent) }), ...errors },
        },
      },
      async (request) => ({ items: await ctx.content.forTranscription(request.userId, request.params.id) }),
    );

    app.get(
      '/content/:id',
      {
        schema: {
          tags: ['content'],
          summary: 'One piece with its translations',
          params: zId,
          response: { 200: zContent, ...errors },
        },
      },
      async (request) => ctx.content.get(request.userId, request.params.id),
    );

    app.put(
      '/content/:id',
      {
        schema: {
          tags: ['content'],
          summary: "Save an edit of one language's title or text (earlier versions are kept)",
          description: 'Send the `revision` the edit was made on; 409 when the piece changed since.',
          params: zId,
          body: zContentEdit,
          response: { 200: zContent, ...errors },
        },
      },
      async (request) => ctx.content.edit(request.userId, request.params.id, request.body),
    );

    app.delete(
      '/content/:id',
      {
        schema: {
          tags: ['content'],
          summary: 'Delete a piece and its translations',
          params: zId,
          response: { 200: z.object({ message: z.string() }), ...errors },
        },
      },
      async (request) => {
        await ctx.infographics.cleanup.beforeContentDeleted(request.userId, request.params.id);
        await ctx.content.delete(request.userId, request.params.id);
        return { message: 'Content deleted' };
      },
    );

    app.get(
      '/content/:id/links',
      {
        schema: {
          tags: ['content'],
          summary: 'A short-lived link for the status stream, good for its address only',
          params: zId,
          response: { 200: zContentLinks, ...errors },
        },
      },
      async (request) => {
        const row = await ctx.content.owned(request.userId, request.params.id);
        const path = `/api/v1/content/${row.id}/status`;
        return {
          status_url: `${path}?ticket=${await ctx.accessTokens.signLink(request, path)}`,
          expires_in: LINK_TTL_S,
        };
      },
    );

    app.get(
      '/content/:id/status',
      {
        config: { queryToken: true },
        schema: {
          tags: ['content'],
          summary: 'Server-sent events: progress and per-language status, then a `complete` event',
          description:
            'EventSource cannot send headers: open the link from `GET …/links` (a `?ticket=` for this address), or give the access token as `?token=`.',
          params: zId,
          querystring: z.object({ token: zToken(4096).optional(), ticket: zToken(4096).optional() }),
        },
      },
      async (request, reply) => {
        const row = await ctx.content.owned(request.userId, request.params.id);
        await relayStatus(request, reply, ctx.events, {
          topic: `content:${row.id}`,
          read: async () => contentStatusEvent(await ctx.content.owned(request.userId, row.id)),
          idField: 'content_id',
          isFinal: (s: ContentStatusEvent) => s.status === 'completed' || s.status === 'failed',
        });
      },
    );
  };
}
