import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { catalogRoutes } from './catalog.routes.ts';
import { generateRoutes } from './generate.routes.ts';
import { libraryRoutes } from './library.routes.ts';
import { queueRoutes } from './queue.routes.ts';
import { templatesRoutes } from './templates.routes.ts';

/** Every infographic route of spec §7, under `/api/v1/infographics`. */
export function infographicsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(catalogRoutes());
    await app.register(templatesRoutes(ctx));
    await app.register(generateRoutes(ctx));
    await app.register(queueRoutes(ctx));
    await app.register(libraryRoutes(ctx));
  };
}
