import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode, ErrorParams } from '@voxpress/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * Requests Node refuses before Fastify sees them (headers past `maxHeaderSize`, a request line it
 * cannot parse, a request that took too long), answered in the same `{detail, code, params}`
 * shape as every other error; pass as Fastify's `clientErrorHandler` option.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  err: Error & { code?: string },
  socket: Socket,
): void {
  // A connection the client reset has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body] = answer(err.code);
  this.log.debug({ err }, 'request refused before routing');
  if (socket.writable) {
    const json = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(err);
}

function answer(
  code: string | undefined,
): [number, { detail: string; code: ErrorCode; params: ErrorParams }] {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [
        431,
        {
          detail: `Request headers are too large: at most ${maxHeaderSize} bytes in all. Clear this site's cookies and try again.`,
          code: 'headers_too_large',
          params: { max_bytes: maxHeaderSize },
        },
      ];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, { detail: 'The request took too long to arrive', code: 'bad_request', params: {} }];
    default:
      return [400, { detail: 'Bad request: the request could not be read', code: 'bad_request', params: {} }];
  }
}
