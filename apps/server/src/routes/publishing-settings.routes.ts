import {
  zConnection,
  zConnectionCreate,
  zCustomPlatform,
  zErrorResponse,
  zWebhook,
  zWebhookCreate,
  zWebhookCreated,
  zWebhookDelivery,
} from '@voxpress/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { SIGNATURE_HEADER } from '../services/webhooks/webhook-signature.ts';

const errors = { 400: zErrorResponse, 401: zErrorResponse, 404: zErrorResponse, 422: zErrorResponse };
const zMessage = z.object({ message: z.string() });

/** A user's publishing connections, custom platforms and webhooks. */
export function publishingSettingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/publishing/connections',
      {
        schema: {
          tags: ['publishing'],
          summary: 'Connect a WordPress site (application password) or a Ghost site (Admin API key)',
          description:
            'The site is asked a harmless authenticated question first: a refused key answers 422 `connection_auth_failed`, an address that is not such a site 422 `connection_not_a_site`, a site that cannot be reached 502 `connection_unreachable`. The secret is stored encrypted and never returned.',
          body: zConnectionCreate,
          response: { 201: zConnection, 502: zErrorResponse, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await ctx.connections.create(request.userId, request.body)),
    );

    app.get(
      '/publishing/connections',
      {
        schema: {
          tags: ['publishing'],
          summary: 'Your connected sites (without their secrets)',
          response: { 200: z.object({ items: z.array(zConnection) }), ...errors },
        },
      },
      async (request) => ({ items: await ctx.connections.list(request.userId) }),
    );

    app.delete(
      '/publishing/connections/:id',
      {
        schema: {
          tags: ['publishing'],
          summary: 'Remove a connection (posts already published stay on the site)',
          params: z.object({ id: z.uuid('Connection not found') }),
          response: { 200: zMessage, ...errors },
        },
      },
      async (request) => {
        await ctx.connections.delete(request.userId, request.params.id);
        return { message: 'Connection removed' };
      },
    );

    app.get(
      '/publishing/platforms',
      {
        schema: {
          tags: ['publishing'],
          summary: 'Your custom platforms: their character limits and style notes',
          response: { 200: z.object({ items: z.array(zCustomPlatform) }), ...errors },
        },
      },
      async (request) => ({
        items: (await ctx.renditions.customPlatforms(request.userId)).map((p) => ({
          name: p.name,
          char_limit: p.charLimit,
          style_note: p.styleNote,
        })),
      }),
    );

    app.put(
      '/publishing/platforms',
      {
        schema: {
          tags: ['publishing'],
          summary: 'Describe a custom platform (its renditions follow the limit and the note)',
          body: zCustomPlatform,
          response: { 200: zCustomPlatform, ...errors },
        },
      },
      async (request) => {
        const p = await ctx.renditions.saveCustomPlatform(request.userId, request.body);
        return { name: p.name, char_limit: p.charLimit, style_note: p.styleNote };
      },
    );

    app.post(
      '/publishing/webhooks',
      {
        schema: {
          tags: ['publishing'],
          summary: 'Add a webhook; the answer shows its signing secret, once',
          description: `Each event is POSTed as JSON with \`${SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex>\`, where v1 is HMAC-SHA256 with the secret over \`<t>.<raw body>\`. Refuse signatures older than 5 minutes. Failed deliveries are retried 5 times over about half an hour.`,
          body: zWebhookCreate,
          response: { 201: zWebhookCreated, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await ctx.webhooks.create(request.userId, request.body)),
    );

    app.get(
      '/publishing/webhooks',
      {
        schema: {
          tags: ['publishing'],
          summary: 'Your webhooks (without their secrets)',
          response: { 200: z.object({ items: z.array(zWebhook) }), ...errors },
        },
      },
      async (request) => ({ items: await ctx.webhooks.list(request.userId) }),
    );

    app.get(
      '/publishing/webhooks/:id/deliveries',
      {
        schema: {
          tags: ['publishing'],
          summary: 'The latest 50 deliveries of a webhook, each with every attempt',
          params: z.object({ id: z.uuid('Webhook not found') }),
          response: { 200: z.object({ items: z.array(zWebhookDelivery) }), ...errors },
        },
      },
      async (request) => ({ items: await ctx.webhooks.deliveries(request.userId, request.params.id) }),
    );

    app.delete(
      '/publishing/webhooks/:id',
      {
        schema: {
          tags: ['publishing'],
          summary: 'Remove a webhook and its delivery log',
          params: z.object({ id: z.uuid('Webhook not found') }),
          response: { 200: zMessage, ...errors },
        },
      },
      async (request) => {
        await ctx.webhooks.delete(request.userId, request.params.id);
        return { message: 'Webhook removed' };
      },
    );
  };
}
