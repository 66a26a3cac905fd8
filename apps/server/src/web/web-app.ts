import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { serverRoot } from '../lib/paths.ts';

/**
 * Serves the built single-page app: hashed assets with a one-year immutable cache, the rest
 * revalidated. Returns false (API only) when the web app has not been built.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { webDistDir: string | undefined; logger: FastifyBaseLogger },
): Promise<boolean> {
  const root = path.resolve(options.webDistDir ?? path.join(serverRoot(), '..', 'web', 'dist'));
  if (!existsSync(path.join(root, 'index.html'))) {
    options.logger.warn({ root }, 'web app is not built; serving the API only (run `npm run build`)');
    return false;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
