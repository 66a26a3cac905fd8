import {
  ENHANCE_LANGUAGES,
  type Engines,
  zClientConfig,
  zEngines,
  zErrorResponse,
  zHealth,
  zSpeechLanguages,
  zTranslationLanguages,
  zTranslationLanguagesQuery,
} from '@voxpress/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';
import { clientConfig } from '../config/config.ts';
import { VERSION } from '../lib/version.ts';
import { describeEngines } from '../services/engines/engines.service.ts';

/** What every signed-in user may see of the engines: names, states and plain reasons, no server internals. */
function withoutDiagnostics(engines: Engines): Engines {
  return {
    ports: engines.ports.map((port) => ({
      ...port,
      implementations: port.implementations.map(({ id, kind, name, state, reason, model }) => ({
        id,
        kind,
        name,
        state,
        reason,
        ...(model ? { model } : {}),
      })),
    })),
  };
}

export function systemRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        config: { public: true },
        schema: {
          tags: ['system'],
          summary: 'Liveness and database reachability',
          response: { 200: zHealth, 503: zHealth },
        },
      },
      async (_request, reply) => {
        let ok = true;
        let latency = -1;
        try {
          latency = await ctx.database.ping();
        } catch (err) {
          ok = false;
          ctx.logger.error({ err }, 'health check: database unreachable');
        }
        return reply.status(ok ? 200 : 503).send({
          status: ok ? 'ok' : 'degraded',
          version: VERSION,
          uptime_s: Math.round(process.uptime()),
          database: { driver: ctx.database.driver, ok, latency_ms: Math.round(latency * 100) / 100 },
          queue: { driver: ctx.queue.driver },
        });
      },
    );

    app.get(
      '/system/engines',
      {
        schema: {
          tags: ['system'],
          summary: 'Which engine serves each port, and what is missing',
          description:
            'Signed-in users see each engine with its state and a plain reason. Diagnostics (`detail`: paths, hosts) and how to enable an engine (`enable`: settings and commands) are only given to the administrator.',
          response: { 200: zEngines, 401: zErrorResponse, 500: zErrorResponse },
        },
        // What this server runs is not for whoever finds its address.
      },
      async (request) => {
        const engines = await describeEngines({
          config: ctx.config,
          logger: ctx.logger,
          database: ctx.database,
          queue: ctx.queue,
          blobs: ctx.blobs,
          speech: ctx.speech,
          writer: ctx.writer,
          translators: ctx.translators,
          renderer: ctx.renderer,
          audioImport: ctx.audioImport,
          meaning: ctx.meaning,
        });
        return (await ctx.auth.isAdmin(request.userId)) ? engines : withoutDiagnostics(engines);
      },
    );

    app.get(
      '/system/config',
      {
        config: { public: true },
        schema: { tags: ['system'], summary: 'Client-safe configuration', response: { 200: zClientConfig } },
      },
      async () => ({
        ...clientConfig(ctx.config),
        signups_open: await ctx.serverSettings.signupsOpen(),
        max_upload_bytes: await ctx.serverSettings.maxUploadBytes(),
      }),
    );

    app.get(
      '/system/speech-languages',
      {
        config: { public: true },
        schema: {
          tags: ['system'],
          summary: 'The languages the speech engines on this server can hear',
          description:
            'Each usable speech engine in order of preference with the primary language codes it hears; `languages` null: any language.',
          response: { 200: zSpeechLanguages },
        },
      },
      async () => ({ engines: await ctx.speech.hearing() }),
    );

    app.get(
      '/system/translation-languages',
      {
        config: { public: true },
        schema: {
          tags: ['system'],
          summary: 'The content languages no translator on this server serves from a source language',
          description:
            'Of the languages content can be asked in, those that `POST /content/enhance` would refuse with `translation_unavailable` when `source` is written first.',
          querystring: zTranslationLanguagesQuery,
          response: { 200: zTranslationLanguages },
        },
      },
      async (request) => {
        const source = request.query.source.toLowerCase();
        return { source, unavailable: await ctx.translators.unavailable(source, ENHANCE_LANGUAGES) };
      },
    );
  };
}
