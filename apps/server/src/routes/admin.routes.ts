import {
  type AdminJob,
  zAdminJob,
  zAdminModels,
  zAdminSettings,
  zAdminSettingsUpdate,
  zErrorResponse,
  zLlmTestRequest,
  zLlmTestResponse,
  zStorageSpace,
  zToken,
  zWhisperDownloadStarted,
  zWhisperModelChoice,
  zWhisperModelSetting,
  zWhisperModels,
} from '@voxpress/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { relayStatus } from '../http/status-stream.ts';
import { HttpError } from '../lib/http-error.ts';
import { AdminService } from '../services/admin/admin.service.ts';
import { storageSpace } from '../services/admin/storage-space.ts';
import { WhisperModelSettingService } from '../services/admin/whisper-model-setting.ts';

const errors = { 401: zErrorResponse, 403: zErrorResponse };

/** What only the administrator may see and change: server settings, models, connection tests. */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // Runs after the scope has signed the request in (`requireSignIn`).
  const adminOnly = async (request: FastifyRequest) => {
    if (!(await ctx.auth.isAdmin(request.userId)))
      throw new HttpError(403, 'forbidden', 'Only the administrator of this server can do this.');
  };
  const admin = new AdminService({
    database: ctx.database,
    queue: ctx.queue,
    config: ctx.config,
    serverSettings: ctx.serverSettings,
    speech: ctx.speech,
    writer: ctx.writer,
    meaning: ctx.meaning,
  });
  const whisperModel = new WhisperModelSettingService(ctx.config.speech.whisper, ctx.serverSettings);
  return async (app) => {
    app.get(
      '/admin/settings',
      {
        preHandler: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'Server settings in force and where each comes from (keys are never sent)',
          response: { 200: zAdminSettings, ...errors },
        },
      },
      async () => (await ctx.serverSettings.current()).view,
    );

    app.put(
      '/admin/settings',
      {
        preHandler: adminOnly,
        schema: {
          tags: ['admin'],
          summary:
            'Change server settings (sign-ups, storage quota, language models); null restores the environment’s value',
          description: 'Applies to every process within seconds, without a restart.',
          body: zAdminSettingsUpdate,
          response: { 200: zAdminSettings, 400: zErrorResponse, 422: zErrorResponse, ...errors },
        },
      },
      async (request) => ctx.serverSettings.update(request.body),
    );

    app.get(
      '/admin/storage',
      {
        preHandler: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'Free space on the disk of the data folder, and whether it is low',
          response: { 200: zStorageSpace, ...errors },
        },
      },
      async () => storageSpace(ctx.config.dataDir, ctx.blobs.driver),
    );

    app.post(
      '/admin/llm/test',
      {
        preHandler: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'Ask a language-model server for its models (the connection test)',
          body: zLlmTestRequest,
          response: { 200: zLlmTestResponse, 400: zErrorResponse, 422: zErrorResponse, ...errors },
        },
      },
      async (request) => admin.testLlm(request.body),
    );

    app.get(
      '/admin/whisper-models',
      {
        preHandler: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'whisper.cpp models: which are installed, which is in use, downloads under way',
          response: { 200: zWhisperModels, ...errors },
        },
      },
      async () => admin.whisperModels(),
    );

    app.post(
      '/admin/whisper-models/:name/download',
      {
        preHandler: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'Download a whisper.cpp model (a job: follow it at status_url)',
          params: z.object({ name: z.string().max(64) }),
          response: { 202: zWhisperDownloadStarted, 404: zErrorResponse, ...errors },
        },
      },
      async (request, reply) => {
        const started = await admin.downloadWhisperModel(request.params.name);
        const path = `/api/v1/admin/jobs/${started.job_id}/status`;
        const ticket = await ctx.accessTokens.signLink(request.userId, path);
        return reply.status(202).send({ ...started, stream_url: `${path}?ticket=${ticket}` });
      },
    );

    app.get(
      '/admin/models/whisper',
      {
        preHandler: adminOnly,
        schema: {
          tags: ['admin'],
          summary:
            'The whisper.cpp model in use, and whether it was chosen here, by WHISPER_MODEL or for this machine',
          response: { 200: zWhisperModelSetting, ...errors },
        },
      },
      async () => whisperModel.get(),
    );

    app.put(
      '/admin/models/whisper',
      {
        preHandler: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'Choose the whisper.cpp model to transcribe with; null goes back to the default',
          description:
            'A catalogue model or a ggml-<name>.bin already in the models folder. Applies to every process within seconds, without a restart; a model not yet downloaded is downloaded by the next transcription (or start its download at POST /admin/models/{name}/download).',
          body: zWhisperModelChoice,
          response: { 200: zWhisperModelSetting, 400: zErrorResponse, 422: zErrorResponse, ...errors },
        },
      },
      async (request) => whisperModel.set(request.body.name),
    );

    app.get(
      '/admin/models',
      {
        preHandler: adminOnly,
        schema: {
          tags: ['admin'],
          summary:
            'Every model of every kind (whisper.cpp speech models, built-in language models, sherpa-onnx speaker models): size, state, downloads under way',
          response: { 200: zAdminModels, ...errors },
        },
      },
      async () => admin.models(),
    );

    app.post(
      '/admin/models/:name/download',
      {
        preHandler: adminOnly,
        schema: {
          tags: ['admin'],
          summary:
            'Download a model of any kind (a job: follow it at status_url); an interrupted download resumes',
          params: z.object({ name: z.string().max(64) }),
          response: { 202: zWhisperDownloadStarted, 404: zErrorResponse, ...errors },
        },
      },
      async (request, reply) => {
        const started = await admin.downloadAnyModel(request.params.name);
        const path = `/api/v1/admin/jobs/${started.job_id}/status`;
        const ticket = await ctx.accessTokens.signLink(request.userId, path);
        return reply.status(202).send({ ...started, stream_url: `${path}?ticket=${ticket}` });
      },
    );

    app.get(
      '/admin/jobs/:id/status',
      {
        config: { queryToken: true },
        preHandler: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'Server-sent events: a download’s progress, then a `complete` event',
          description:
            'EventSource cannot send headers: open `stream_url` from the download’s answer (a `?ticket=` for this address).',
          params: z.object({ id: z.uuid() }),
          querystring: z.object({ ticket: zToken(4096).optional(), token: zToken(4096).optional() }),
        },
      },
      async (request, reply) => {
        const id = request.params.id;
        await admin.job(id);
        await relayStatus(request, reply, ctx.events, {
          topic: `job:${id}`,
          read: () => admin.job(id),
          idField: 'job_id',
          isFinal: (s: AdminJob) => s.status !== 'queued' && s.status !== 'running',
        });
      },
    );

    app.get(
      '/admin/jobs/:id',
      {
        preHandler: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'Progress of an administration job (a model download)',
          params: z.object({ id: z.uuid() }),
          response: { 200: zAdminJob, 404: zErrorResponse, ...errors },
        },
      },
      async (request) => admin.job(request.params.id),
    );
  };
}
