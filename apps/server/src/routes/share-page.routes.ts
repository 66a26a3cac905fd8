import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { pageLanguage, renderShareGonePage, renderSharePage } from '../services/shares/share-page.ts';
import { sharePageData } from '../services/shares/share-page-data.ts';
import { type OpenShare, ShareGoneError } from '../services/shares/shares.service.ts';
import { parseRange, sendRanged } from './audio.routes.ts';

const zToken = z.object({ token: z.string().max(100) });
const hidden = { hide: true };

/**
 * The public side of share links, for anyone holding the token and signed in or not: the page
 * `/s/<token>` rendered here as plain HTML (it reads without JavaScript and link previews see it),
 * its player's file behind a short-lived ticket, and the images it shows. Unknown or revoked → 404,
 * expired → 410. Every route is rate limited per address.
 */
export function sharePageRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const limit = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
  const publicUrl = ctx.config.publicUrlConfigured ? ctx.config.publicUrl : null;

  /** The link in force, or the 404/410 page sent (null). */
  async function openOr(reply: FastifyReply, token: string, html: boolean): Promise<OpenShare | null> {
    try {
      return await ctx.shares.open(token);
    } catch (err) {
      if (!(err instanceof ShareGoneError)) throw err;
      reply.status(err.status).header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      if (html)
        await reply
          .type('text/html; charset=utf-8')
          .header('vary', 'accept-language')
          .send(renderShareGonePage(err.status, pageLanguage(reply.request.headers['accept-language'])));
      else
        await reply.send({
          detail: err.message,
          code: err.status === 410 ? 'share_expired' : 'share_not_found',
          params: {},
        });
      return null;
    }
  }

  return async (app) => {
    app.get(
      '/s/:token',
      { config: limit(120), schema: { ...hidden, params: zToken } },
      async (request, reply) => {
        const open = await openOr(reply, request.params.token, true);
        if (!open) return reply;
        const data = await sharePageData(open, request.params.token, {
          shares: ctx.shares,
          tickets: ctx.shareTickets,
          // Link previews need absolute addresses: PUBLIC_URL, else the address this request came to
          // (the page is never cached, so a forged Host only ever reaches the one who sent it).
          publicUrl: publicUrl ?? `${request.protocol}://${request.host}`,
        });
        reply
          .header('cache-control', 'private, no-store')
          .header('vary', 'accept-language')
          .header('referrer-policy', 'no-referrer')
          .type('text/html; charset=utf-8');
        if (!data.indexable) reply.header('x-robots-tag', 'noindex, nofollow');
        return reply.send(renderSharePage(data, pageLanguage(request.headers['accept-language'])));
      },
    );

    app.get(
      '/s/:token/audio',
      {
        config: limit(600),
        schema: {
          ...hidden,
          params: zToken,
          querystring: z.object({ ticket: z.string().max(200).optional() }),
        },
      },
      async (request, reply) => {
        const open = await openOr(reply, request.params.token, false);
        if (!open) return reply;
        const { share, item } = open;
        if (
          item.kind !== 'audio' ||
          !share.parts.audio ||
          !request.query.ticket ||
          !ctx.shareTickets.verify(request.query.ticket, share.id, `audio:${item.row.id}`)
        )
          return reply.status(403).send({
            detail: 'This link to the recording has run out or is not for this file; reload the page.',
            code: 'invalid_token',
            params: {},
          });
        const range = parseRange(request.headers.range, item.row.sizeBytes ?? 0);
        const blob = await ctx.blobs.get(item.row.blobKey, range);
        reply
          .header('accept-ranges', 'bytes')
          .header('content-type', item.row.mimeType ?? 'application/octet-stream')
          .header('cache-control', 'private, max-age=900')
          .header('x-robots-tag', 'noindex');
        return sendRanged(reply, range, blob.size, blob.stream);
      },
    );

    app.get(
      '/s/:token/images/:imageId',
      {
        config: limit(300),
        schema: { ...hidden, params: zToken.extend({ imageId: z.string().max(100) }) },
      },
      async (request, reply) => {
        const open = await openOr(reply, request.params.token, false);
        if (!open) return reply;
        if (!open.share.parts.infographicIds.includes(request.params.imageId))
          return reply.status(404).send({ detail: 'Not Found', code: 'not_found', params: {} });
        const { images } = await ctx.shares.partsOf(open);
        const image = images.find((i) => i.id === request.params.imageId);
        if (!image) return reply.status(404).send({ detail: 'Not Found', code: 'not_found', params: {} });
        const blob = await ctx.blobs.get(image.blobKey);
        reply
          .header('content-type', image.mimeType)
          .header('content-length', blob.size)
          .header('cache-control', 'private, max-age=300');
        if (!open.share.allowIndexing) reply.header('x-robots-tag', 'noindex');
        return reply.send(blob.stream);
      },
    );
  };
}
