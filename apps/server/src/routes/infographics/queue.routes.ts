import {
  type InfographicJobEvent,
  zErrorResponse,
  zInfographicJob,
  zInfographicJobList,
  zInfographicJobListQuery,
  zInfographicJobSubmit,
  zInfographicJobSubmitted,
  zToken,
} from '@voxpress/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { relayStatus } from '../../http/status-stream.ts';
import { jobTopic } from '../../services/infographics/generation/infographic-jobs.service.ts';
import { toJobEvent } from '../../services/infographics/library/infographic-mapper.ts';

const errors = { 400: zErrorResponse, 401: zErrorResponse, 404: zErrorResponse, 503: zErrorResponse };
const zJobId = z.object({ id: z.uuid('Job not found') });
const tags = ['infographic jobs'];

/** Sets generated in the background: submit, status, the status stream, the list. */
export function queueRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const jobs = ctx.infographics.jobs;
  return async (app) => {
    app.post(
      '/queue/submit',
      {
        schema: {
          tags,
          summary: 'Queue a set of variations as a durable job; follow it on its status stream',
          description:
            'The generate payload plus `priority` (1–10, default 5). The job goes pending → analyzing → designing → generating → completed or failed, survives a restart, and keeps every variation drawn before one.',
          body: zInfographicJobSubmit,
          response: { 202: zInfographicJobSubmitted, ...errors },
        },
      },
      async (request, reply) => reply.status(202).send(await jobs.submit(request.userId, request.body)),
    );

    app.get(
      '/queue/status/:id',
      {
        schema: {
          tags,
          summary: 'A job: status, progress, the spec’s step message and the variations made so far',
          description: 'Poll every 2000 ms when the status stream cannot be used.',
          params: zJobId,
          response: { 200: zInfographicJob, ...errors },
        },
      },
      async (request) => jobs.status(request.userId, request.params.id),
    );

    app.get(
      '/queue/status/:id/stream',
      {
        config: { queryToken: true },
        schema: {
          tags,
          summary: 'Server-sent events: the job at every change, then a `complete` event',
          description:
            'EventSource cannot send headers: open the `stream_url` from submit (a ticket for this address) or give the access token as `?token=`. Events carry the job without its results; read them with GET /queue/status/{id} at the end.',
          params: zJobId,
          querystring: z.object({ token: zToken(4096).optional(), ticket: zToken(4096).optional() }),
        },
      },
      async (request, reply) => {
        const row = await jobs.owned(request.userId, request.params.id);
        await relayStatus(request, reply, ctx.events, {
          topic: jobTopic(row.id),
          read: async () => toJobEvent(await jobs.current(request.userId, row.id)),
          idField: 'job_id',
          isFinal: (s: InfographicJobEvent) => s.status === 'completed' || s.status === 'failed',
        });
      },
    );

    app.get(
      '/queue/jobs',
      {
        schema: {
          tags,
          summary: 'Your infographic jobs, newest first (filter by status or content)',
          querystring: zInfographicJobListQuery,
          response: { 200: zInfographicJobList, ...errors },
        },
      },
      async (request) => jobs.list(request.userId, request.query),
    );
  };
}
