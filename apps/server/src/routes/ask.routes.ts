import { zAskAnswer, zAskRequest, zErrorResponse } from '@voxpress/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';
import { openSse } from '../http/sse.ts';
import { AskService } from '../services/ask/ask.service.ts';

/** Questions one user may ask a minute: each may keep a language model busy for seconds. */
export const ASK_PER_MINUTE = 20;

/** `POST /ask`: a question answered from the user's own recordings, with the second each part was said. */
export function askRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const ask = new AskService({
    db: ctx.database.db,
    languageModel: () => ctx.writer.languageModel(),
    llm: { timeoutMs: ctx.config.llm.timeoutMs, maxRetries: ctx.config.llm.maxRetries },
    logger: ctx.logger,
    meaning: ctx.meaning,
  });
  return async (app) => {
    app.post(
      '/ask',
      {
        config: {
          // A question changes nothing: a read-only API token may ask it.
          tokenScope: 'read',
          // Counted per user once signed in, so people behind one address do not share a limit.
          rateLimit: {
            max: ASK_PER_MINUTE,
            timeWindow: '1 minute',
            hook: 'preHandler',
            keyGenerator: (request) => `ask:${request.userId}`,
          },
        },
        schema: {
          tags: ['items'],
          summary: "Ask the user's recordings a question",
          description:
            'Finds the transcript passages of the user’s own items that best match the question ' +
            '(full-text rank, fused with the passages closest in meaning when an embedding model is ready: ' +
            '`retrieval` says which, and each passage’s `matched` how it was found), then, when a language ' +
            'model is ready, writes a short answer from those ' +
            'passages alone: every sentence cites the passages it rests on, resolved to ' +
            '`{item_id, start, end, speaker}`, and a sentence citing none is dropped (`mode: unsupported` ' +
            'when nothing is left: "The recordings don’t say."). Without a language model the passages ' +
            'themselves are the answer (`mode: passages`, `note: no_language_model`). `engine` names what ' +
            'answered. With `Accept: text/event-stream` the answer streams as server-sent events: ' +
            '`passages`, then `sentence` per checked sentence, then `answer` (final) or `error`.',
          body: zAskRequest,
          response: {
            200: zAskAnswer,
            400: zErrorResponse,
            401: zErrorResponse,
            404: zErrorResponse,
            422: zErrorResponse,
            429: zErrorResponse,
          },
        },
      },
      async (request, reply) => {
        // A client that goes away stops the work, from the question's embedding on.
        const stop = new AbortController();
        reply.raw.once('close', () => {
          if (!reply.raw.writableEnded) stop.abort(new Error('The client went away'));
        });
        const prepared = await ask.prepare(request.userId, request.body, stop.signal);
        const streamed = request.headers.accept?.includes('text/event-stream') ?? false;
        if (!streamed) return ask.answer(prepared, stop.signal);
        const channel = openSse(request, reply);
        void channel.closed.then(() => stop.abort(new Error('The client went away')));
        try {
          const answer = await ask.answer(prepared, stop.signal, (event) => channel.send(event, event.event));
          channel.send({ event: 'answer', answer }, 'answer');
        } catch (err) {
          if (!stop.signal.aborted) {
            request.log.error({ err }, 'answering a question failed');
            channel.send(
              { event: 'error', code: 'internal_error', detail: 'The question could not be answered.' },
              'error',
            );
          }
        }
        channel.close();
        return reply;
      },
    );
  };
}
