import type { ValidationIssue } from '@voxpress/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error.ts';

/**
 * Every error leaves as `{"detail": "..."}` or `{"detail": [{loc, msg, type}]}` with a fitting status.
 * Client mistakes (bad JSON, wrong content type, validation) are 4xx and never 500.
 */
/** Fastify's names for the parts of a request, as the spec's `loc` names them. */
const LOCATION: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = LOCATION[error.validationContext ?? 'body'] ?? 'body';
      const detail: ValidationIssue[] = error.validation.map((v) => ({
        loc: [where, ...instancePath(v.instancePath), ...missingProperty(v.params)],
        msg: v.message ?? 'Invalid value',
        type: v.keyword,
      }));
      return reply.status(422).send({ detail });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ detail: 'Internal server error' });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send({ detail: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ detail: 'Internal server error' });
    }
    return reply.status(status).send({ detail: clientMessage(error) });
  });
}

/**
 * 404 for unknown routes. With `spa`, a GET for a page (not an API call, not a file) answers the web
 * app's `index.html` so client-side routes and deep links work.
 */
export function registerNotFound(app: FastifyInstance, spa: boolean): void {
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      url !== '/api' &&
      !/\.[a-z0-9]+$/i.test(url);
    if (spa && isPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ detail: `Not Found: ${request.method} ${url}` });
  });
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return `Malformed JSON body: ${error.message}`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `Unsupported content type: ${error.message}`;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    default:
      if (error instanceof SyntaxError) return `Malformed JSON body: ${error.message}`;
      return error.message;
  }
}

function instancePath(path: string): string[] {
  return path
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function missingProperty(params: unknown): string[] {
  const p = params as { missingProperty?: string } | undefined;
  return p?.missingProperty ? [p.missingProperty] : [];
}
