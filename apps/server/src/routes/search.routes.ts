import { zErrorResponse, zSearchQuery, zSearchResults } from '@voxpress/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';
import { SearchService } from '../services/search/search.service.ts';

/** Search across the user's library: titles, descriptions, transcripts (to the second) and written pieces. */
export function searchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const search = new SearchService(ctx.database.db);
  return async (app) => {
    app.get(
      '/search',
      {
        schema: {
          tags: ['items'],
          summary: "Find words in the user's items, best match first",
          description:
            'Web-search syntax: "a quoted phrase", -excluded, one or other. Words are matched by their ' +
            'stem in each item’s language; when none match as typed, similar spellings and the start ' +
            'of a word are found instead (`match: similar`). A transcript hit gives the second its ' +
            'passage starts at and its speaker. Only the user’s own items.',
          querystring: zSearchQuery,
          response: { 200: zSearchResults, 400: zErrorResponse, 401: zErrorResponse, 422: zErrorResponse },
        },
      },
      async (request) => search.search(request.userId, request.query),
    );
  };
}
