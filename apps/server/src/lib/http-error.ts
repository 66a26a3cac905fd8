/** An error with an HTTP status and a message meant for the user (`{"detail": message}`). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what = 'Not Found') => new HttpError(404, what);
export const unauthorized = (message = 'Authentication required') =>
  new HttpError(401, message, { 'www-authenticate': 'Bearer' });
