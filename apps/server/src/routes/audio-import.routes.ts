import { zAudioImportRequest, zAudioImportStarted, zErrorResponse, zFeedPreview } from '@voxpress/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';

/** Imports a minute per user at most: each one makes the server fetch from the web. */
const IMPORTS_PER_MINUTE = 30;

export function audioImportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/audio/import',
      {
        config: {
          rateLimit: {
            max: IMPORTS_PER_MINUTE,
            timeWindow: '1 minute',
            keyGenerator: (request) => `import:${request.headers.authorization ?? request.ip}`,
          },
        },
        schema: {
          tags: ['audio'],
          summary: 'Import from a link: a media file, a podcast feed (lists its episodes) or a video page',
          description:
            'A direct audio or video link answers 202 with the new item, whose file a job fetches (size- and time-limited, type checked by its bytes) before transcription; to tell what a link is, only its first 16 KB are asked for (a Range request), so the file is fetched whole once. A feed (RSS or Atom, told by its content) answers 200 with its newest episodes; send the feed again with `episodes` (their media addresses) to import them, each with the title, description and date its feed gives. A video site page is fetched with yt-dlp when the server has it (`import_needs_ytdlp` otherwise), every request of which goes through the same address guard. Private and loopback addresses are refused (after DNS and on every redirect) unless ALLOW_PRIVATE_ADDRESSES is on.',
          body: zAudioImportRequest,
          response: {
            200: zFeedPreview,
            202: zAudioImportStarted,
            400: zErrorResponse,
            401: zErrorResponse,
            413: zErrorResponse,
            415: zErrorResponse,
            422: zErrorResponse,
            429: zErrorResponse,
            502: zErrorResponse,
            504: zErrorResponse,
          },
        },
      },
      async (request, reply) => {
        const result = await ctx.audioImport.import(request.userId, request.body);
        return 'feed' in result ? reply.status(200).send(result) : reply.status(202).send(result);
      },
    );
  };
}
