import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that authorize a request by themselves: access tokens (`?token=` on streams and
 * playback), stream tickets, our signed upload links and S3 presigned links. Whoever reads a log
 * line holding one could replay it, so their values never reach the logs.
 */
const SECRET_PARAMS = [
  'token',
  'access_token',
  'refresh_token',
  'ticket',
  'sig',
  'signature',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
];

const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_PARAMS.join('|')}))=[^&#]*`, 'gi');

/** The URL with the value of every secret query parameter replaced by `[REDACTED]`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1=[REDACTED]');
}

/** Pino serializers for request logs: Fastify's own fields, with the URL redacted. */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

/** Headers that carry credentials, for pino's `redact`. */
export const REDACTED_HEADERS = ['req.headers.authorization', 'req.headers.cookie'];
