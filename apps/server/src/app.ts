import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { AppContext } from './app-context.ts';
import type { Config } from './config/config.ts';
import { registerApiTokens, requireSignIn } from './http/authenticate.ts';
import { clientErrorHandler } from './http/client-errors.ts';
import { frameworkErrors, registerErrorHandling, registerNotFound } from './http/errors.ts';
import { keepReferencedSchemas, wrapRefsWithSiblings } from './http/openapi-components.ts';
import { closeStreamsOnShutdown } from './http/sse.ts';
import { registerTextGuard } from './http/text-guard.ts';
import { VERSION } from './lib/version.ts';
import { registerMetrics } from './metrics/metrics.ts';
import { accountRoutes } from './routes/account.routes.ts';
import { adminRoutes } from './routes/admin.routes.ts';
import { apiTokensRoutes } from './routes/api-tokens.routes.ts';
import { askRoutes } from './routes/ask.routes.ts';
import { audioRoutes } from './routes/audio.routes.ts';
import { audioImportRoutes } from './routes/audio-import.routes.ts';
import { authRoutes } from './routes/auth.routes.ts';
import { contentRoutes } from './routes/content.routes.ts';
import { contentPublishingRoutes } from './routes/content-publishing.routes.ts';
import { filesRoutes } from './routes/files.routes.ts';
import { infographicsRoutes } from './routes/infographics/infographics.routes.ts';
import { itemsRoutes } from './routes/items.routes.ts';
import { passwordResetRoutes } from './routes/password-reset.routes.ts';
import { publishingSettingsRoutes } from './routes/publishing-settings.routes.ts';
import { queuesRoutes } from './routes/queues.routes.ts';
import { sharePageRoutes } from './routes/share-page.routes.ts';
import { sharesRoutes } from './routes/shares.routes.ts';
import { speakersRoutes } from './routes/speakers.routes.ts';
import { storageRoutes } from './routes/storage.routes.ts';
import { systemRoutes } from './routes/system.routes.ts';
import { tusUploadsRoutes } from './routes/tus-uploads.routes.ts';
import { usersRoutes } from './routes/users.routes.ts';
import { LocalDiskBlobStore } from './storage/local-disk.blob-store.ts';
import { registerWebApp } from './web/web-app.ts';

export interface BuildAppOptions {
  /** Serve the built web app (production); off in API tests. */
  web?: boolean;
}

/** Builds the HTTP application around already-open parts; does not listen. */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.logger,
    // Forwarding headers are believed only from the proxies TRUST_PROXY names; otherwise anyone
    // could pick their own address (and escape the sign-in rate limit) with X-Forwarded-For.
    trustProxy: trustProxy(ctx.config.trustProxy),
    bodyLimit: 1024 * 1024,
    requestTimeout: 180_000,
    ajv: { customOptions: { coerceTypes: 'array' } },
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  closeStreamsOnShutdown(app);
  registerMetrics(app, {
    db: ctx.database.db,
    events: ctx.events,
    queue: ctx.queue,
    token: ctx.config.metricsToken,
  });
  registerTextGuard(app);
  registerApiTokens(app, ctx.accessTokens);
  // OAuth2-style sign-in posts form-encoded fields; parse them without another dependency.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  // With Redis, the counters are shared, so a limit holds across every API process.
  const limiterStore = ctx.config.redisUrl
    ? new Redis(ctx.config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 })
    : undefined;
  if (limiterStore) {
    limiterStore.on('error', (err) => ctx.logger.warn({ err }, 'rate limit store unreachable'));
    app.addHook('onClose', async () => void (await limiterStore.quit().catch(() => {})));
  }
  await app.register(rateLimit, {
    global: false,
    ...(limiterStore
      ? { redis: limiterStore, nameSpace: `${ctx.config.redisPrefix}:rate-limit:`, skipOnError: true }
      : {}),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.ceil(context.ttl / 1000);
      return {
        statusCode: 429,
        retryAfterS: seconds,
        message: `Too many attempts. Please wait ${seconds} seconds and try again.`,
      };
    },
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'", 'https://accounts.google.com/gsi/client'],
        'frame-src': ["'self'", 'https://accounts.google.com/gsi/'],
        // Browsers PUT uploads straight to an S3 bucket when one is configured.
        'connect-src': [
          "'self'",
          'https://accounts.google.com/gsi/',
          'blob:',
          'data:',
          ...uploadOrigins(ctx),
        ],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'media-src': ["'self'", 'blob:', 'data:'],
        'style-src': ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
        'upgrade-insecure-requests': null,
      },
    },
    // HSTS over plain HTTP would only break a local or LAN installation that never has a certificate.
    hsts: ctx.config.publicUrl.startsWith('https:') ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Voxpress API',
        version: VERSION,
        description: 'Voice to Content, Simplified: audio in, transcripts, content and infographics out.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: (route) => {
      const { schema, url } = jsonSchemaTransform(route);
      return { schema: wrapRefsWithSiblings(schema), url };
    },
    // Contract schemas with a registered id (`.meta({ id })`) become shared components referenced by
    // $ref; only those the routes actually reach are published.
    transformObject: (document) => keepReferencedSchemas(jsonSchemaTransformObject(document)),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      // Every API route needs a signed-in user unless its config says `public: true`.
      requireSignIn(api, ctx.accessTokens);
      await api.register(systemRoutes(ctx));
      await api.register(queuesRoutes(ctx));
      await api.register(authRoutes(ctx));
      await api.register(usersRoutes(ctx));
      await api.register(accountRoutes(ctx));
      await api.register(apiTokensRoutes(ctx));
      await api.register(passwordResetRoutes(ctx));
      await api.register(adminRoutes(ctx));
      await api.register(audioRoutes(ctx));
      await api.register(audioImportRoutes(ctx));
      await api.register(speakersRoutes(ctx));
      await api.register(contentRoutes(ctx));
      await api.register(contentPublishingRoutes(ctx));
      await api.register(publishingSettingsRoutes(ctx));
      await api.register(filesRoutes(ctx));
      await api.register(tusUploadsRoutes(ctx));
      await api.register(itemsRoutes(ctx));
      await api.register(sharesRoutes(ctx));
      await api.register(askRoutes(ctx));
      await api.register(infographicsRoutes(ctx), { prefix: '/infographics' });
      if (ctx.blobs instanceof LocalDiskBlobStore)
        await api.register(
          storageRoutes(ctx.blobs, { acceptsUpload: (key) => ctx.audio.acceptsUpload(key) }),
        );
    },
    { prefix: '/api/v1' },
  );
  // Share pages live outside the API (`/s/<token>`), before the web app's catch-all.
  await app.register(sharePageRoutes(ctx));

  registerNotFound(
    app,
    options.web
      ? await registerWebApp(app, { webDistDir: ctx.config.webDistDir, logger: ctx.logger })
      : false,
  );
  return app;
}

/** A hop count as the function Fastify runs for one (its types leave the number form out). */
function trustProxy(
  setting: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** Where presigned upload links point besides this server: the S3 endpoint, or AWS itself. */
function uploadOrigins(ctx: AppContext): string[] {
  const s3 = ctx.config.s3;
  if (!s3) return [];
  return [s3.endpoint ? new URL(s3.endpoint).origin : 'https://*.amazonaws.com'];
}
