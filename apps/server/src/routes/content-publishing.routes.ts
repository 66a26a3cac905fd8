import {
  zErrorResponse,
  zExportQuery,
  zPlatformParam,
  zPublication,
  zPublishRequest,
  zPublishResult,
  zRendition,
  zRenditionEdit,
  zRenditionList,
  zRenditionQuery,
  zRenditionRegenerate,
} from '@voxpress/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import {
  contentDisposition,
  EXPORT_TYPES,
  exportPiece,
  fileNameFor,
} from '../services/publishing/content-export.ts';
import { readyLanguage } from '../services/publishing/piece-language.ts';

const zId = z.object({ id: z.uuid('Content not found') });
const errors = { 400: zErrorResponse, 401: zErrorResponse, 404: zErrorResponse, 422: zErrorResponse };

/** A piece's renditions per platform, its exports, and publishing it to a connected site. */
export function contentPublishingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/content/:id/renditions',
      {
        schema: {
          tags: ['publishing'],
          summary: "The piece's version for each of its platforms in one language",
          description:
            'X threads come as numbered posts (each at most 280 as X counts: URLs 23, emoji and CJK 2), other platforms as one part; WordPress and Medium as Markdown with `html`. The first call makes them: `status` is `pending` until they are ready (poll).',
          params: zId,
          querystring: zRenditionQuery,
          response: { 200: zRenditionList, ...errors },
        },
      },
      async (request) => ctx.renditions.list(request.userId, request.params.id, request.query.language),
    );

    app.put(
      '/content/:id/renditions/:platform',
      {
        schema: {
          tags: ['publishing'],
          summary: 'Save your own wording of one rendition (checked against the platform limits)',
          description:
            'A post over the limit is refused with 422 `rendition_too_long`, naming the post, its length and the limit; more posts than the platform takes (one outside X, 25 in a thread) with 422 `rendition_too_many_posts`, naming the count and the limit.',
          params: zPlatformParam,
          body: zRenditionEdit,
          response: { 200: zRendition, ...errors },
        },
      },
      async (request) =>
        ctx.renditions.edit(request.userId, request.params.id, request.params.platform, request.body),
    );

    app.post(
      '/content/:id/renditions/regenerate',
      {
        schema: {
          tags: ['publishing'],
          summary: 'Make renditions again (one platform or all; hand edits are replaced)',
          params: zId,
          body: zRenditionRegenerate,
          response: { 200: zRenditionList, ...errors },
        },
      },
      async (request) =>
        ctx.renditions.regenerate(
          request.userId,
          request.params.id,
          request.body.language,
          request.body.platform,
        ),
    );

    app.get(
      '/content/:id/export',
      {
        schema: {
          tags: ['publishing'],
          summary: 'Download the piece in one language as Markdown, HTML, plain text or DOCX',
          params: zId,
          querystring: zExportQuery,
          response: { 200: z.any().describe('The file'), ...errors },
        },
      },
      async (request, reply) => {
        const row = await ctx.content.owned(request.userId, request.params.id);
        const { language, translation } = readyLanguage(row, request.query.language);
        const { format } = request.query;
        const title = translation.title || row.title;
        const file = await exportPiece({ title, markdown: translation.text, language }, format);
        return reply
          .header('content-type', EXPORT_TYPES[format])
          .header('content-disposition', contentDisposition(fileNameFor(title, format)))
          .header('cache-control', 'no-store')
          .send(file);
      },
    );

    app.post(
      '/content/:id/publish',
      {
        schema: {
          tags: ['publishing'],
          summary: 'Publish the piece to a connected WordPress or Ghost site (again: updates the same post)',
          description:
            'Creates the post (title, HTML body, tags from the keywords, the chosen infographic as featured image) or updates the one made before. 422 when the site refuses the key, 502 when it cannot be reached or fails; the piece is unchanged either way.',
          params: zId,
          body: zPublishRequest,
          response: { 200: zPublishResult, 502: zErrorResponse, ...errors },
        },
      },
      async (request) => ctx.publishing.publish(request.userId, request.params.id, request.body),
    );

    app.get(
      '/content/:id/publications',
      {
        schema: {
          tags: ['publishing'],
          summary: 'Where the piece was published (per connection and language)',
          params: zId,
          response: { 200: z.object({ items: z.array(zPublication) }), ...errors },
        },
      },
      async (request) => ({ items: await ctx.publishing.publications(request.userId, request.params.id) }),
    );
  };
}
