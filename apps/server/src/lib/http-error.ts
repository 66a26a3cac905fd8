import type { ErrorCode, ErrorParams, ValidationIssue } from '@voxpress/contracts';
import type { ZodError } from 'zod';

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

/** Input that breaks the contract outside a route's schema (multipart fields, the text guard): 422. */
export class ValidationError extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super(issues.map((i) => `${i.loc.join('.')}: ${i.msg}`).join('; '));
    this.name = 'ValidationError';
  }

  /** The problems zod found, each placed under `where` (e.g. `body`), as schema errors are. */
  static fromZod(error: ZodError, where: string, prefix: (string | number)[] = []): ValidationError {
    return new ValidationError(
      error.issues.map((issue) => ({
        loc: [where, ...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
        msg: issue.message,
        type: issue.code,
      })),
    );
  }
}
