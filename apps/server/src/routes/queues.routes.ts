import { zErrorResponse, zQueueOverview, zRetriedJob } from '@voxpress/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { HttpError } from '../lib/http-error.ts';
import { QueueAdminService } from '../services/queues/queue-admin.service.ts';

const errors = { 401: zErrorResponse, 403: zErrorResponse };

/** The administrator's view of the job queues: counts, failures, and running a failed job again. */
export function queuesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // Runs after the scope has signed the request in (`requireSignIn`).
  const adminOnly = async (request: FastifyRequest) => {
    if (!(await ctx.auth.isAdmin(request.userId)))
      throw new HttpError(403, 'forbidden', 'Only the administrator of this server can do this.');
  };
  const queues = new QueueAdminService({ db: ctx.database.db, queue: ctx.queue });
  return async (app) => {
    app.get(
      '/system/queues',
      {
        preHandler: adminOnly,
        schema: {
          tags: ['system'],
          summary: 'Jobs per kind and state, what the queue engine holds, and the latest failed jobs',
          description:
            'For the administrator. Counts come from the job records (either queue); `engine` holds BullMQ’s own counts in Redis, null for the embedded queue.',
          response: { 200: zQueueOverview, ...errors },
        },
      },
      async () => queues.overview(),
    );

    app.post(
      '/system/queues/jobs/:id/retry',
      {
        preHandler: adminOnly,
        schema: {
          tags: ['system'],
          summary: 'Run a failed job again, from its first attempt',
          params: z.object({ id: z.uuid() }),
          response: {
            200: zRetriedJob,
            404: zErrorResponse,
            409: zErrorResponse,
            422: zErrorResponse,
            ...errors,
          },
        },
      },
      async (request) => queues.retry(request.params.id),
    );
  };
}
