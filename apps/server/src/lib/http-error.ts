import type { ErrorCode, ErrorParams } from '@voxpress/contracts';

/**
 * An error with an HTTP status, a stable `code`, and a message meant for the user. It leaves as
 * `{"detail": message, "code": code, "params": params}`; `params` holds the values the message was
 * built from, so a client can say the same in another language.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly params: ErrorParams = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message = 'Not Found', code: ErrorCode = 'not_found') =>
  new HttpError(404, code, message);
export const unauthorized = (message = 'Authentication required', code: ErrorCode = 'unauthorized') =>
  new HttpError(401, code, message, {}, { 'www-authenticate': 'Bearer' });
