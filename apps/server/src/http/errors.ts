import type { ErrorCode, ErrorParams, ValidationIssue } from '@voxpress/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError, ValidationError } from '../lib/http-error.ts';
import { isStorageFull, STORAGE_FULL_DETAIL } from '../storage/storage-full.ts';

/** Fastify's names for the parts of a request, as the spec's `loc` names them. */
const LOCATION: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

/**
 * Every error leaves as `{"detail": "...", "code", "params"}` or `{"detail": [{loc, msg, type}],
 * "code": "validation_failed", "params": {}}` with a fitting status. Client mistakes (bad JSON,
 * wrong content type, validation) are 4xx and never 500.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = LOCATION[error.validationContext ?? 'body'] ?? 'body';
      const detail: ValidationIssue[] = error.validation.map((v) => ({
        loc: [where, ...instancePath(v.instancePath), ...missingProperty(v.params)],
        msg: v.message ?? 'Invalid value',
        type: v.keyword,
      }));
      return reply.status(422).send({ detail, code: 'validation_failed', params: {} });
    }
    if (error instanceof ValidationError) {
      return reply.status(422).send({ detail: error.issues, code: 'validation_failed', params: {} });
    }
    // A write that found the disk full, wherever it happened and whatever wrapped it: the
    // administrator's problem, said so, never the sender's file.
    if (isStorageFull(error)) {
      request.log.error({ err: error }, 'out of disk space');
      // A body still arriving cannot be stored either: close rather than read the rest of it.
      if (!request.raw.complete) reply.header('connection', 'close');
      return reply.status(507).send({ detail: STORAGE_FULL_DETAIL, code: 'storage_full', params: {} });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(INTERNAL);
    }
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ detail: error.message, code: error.code, params: error.params });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(INTERNAL);
    }
    return reply.status(status).send(clientError(error, status));
  });
}

/**
 * Errors Fastify raises before any route runs (a URL whose percent-encoding is broken), in the
 * same shape as every other error; pass as Fastify's `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .status(status)
    .send({ detail: `Bad request: ${error.message}`, code: 'bad_request', params: {} });
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
    return reply.status(404).send({
      detail: `Not Found: ${request.method} ${url}`,
      code: 'not_found',
      params: { method: request.method, path: url },
    });
  });
}

const INTERNAL = { detail: 'Internal server error', code: 'internal_error', params: {} } as const;

/** Fastify's and its plugins' own client errors, in the spec's words and with a code. */
function clientError(
  error: FastifyError,
  status: number,
): { detail: string; code: ErrorCode; params: ErrorParams } {
  const body = (code: ErrorCode, detail: string, params: ErrorParams = {}) => ({ detail, code, params });
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return body('malformed_json', `Malformed JSON body: ${error.message}`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return body('unsupported_media_type', `Unsupported content type: ${error.message}`);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return body('body_too_large', 'Request body is too large');
  }
  if (error instanceof SyntaxError) return body('malformed_json', `Malformed JSON body: ${error.message}`);
  if (status === 429) {
    const retry = (error as { retryAfterS?: unknown }).retryAfterS;
    return body('rate_limited', error.message, typeof retry === 'number' ? { retry_after_s: retry } : {});
  }
  if (status === 413) return body('body_too_large', error.message);
  if (status === 415) return body('unsupported_media_type', error.message);
  if (status === 404) return body('not_found', error.message);
  if (status === 401) return body('unauthorized', error.message);
  return body('bad_request', error.message);
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
