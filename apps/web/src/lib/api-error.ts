import type { ValidationIssue } from '@voxpress/contracts';

/** A non-OK answer from the API, keeping the server's `detail` as it came. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly detail: unknown,
    message: string,
  ) {
    super(message);
  }
}

function isIssue(value: unknown): value is ValidationIssue {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { loc?: unknown; msg?: unknown };
  return Array.isArray(v.loc) && typeof v.msg === 'string';
}

/** One line per validation problem: `field: message`, the field being the last element of `loc`. */
export function issueLines(detail: readonly unknown[]): string[] {
  return detail.map((item) => {
    if (!isIssue(item)) return typeof item === 'string' ? item : JSON.stringify(item);
    const field = item.loc.length > 0 ? item.loc[item.loc.length - 1] : undefined;
    return field === undefined ? item.msg : `${field}: ${item.msg}`;
  });
}

/** A readable sentence for an error body, used as the `ApiError` message. */
export function detailMessage(status: number, detail: unknown): string {
  if (typeof detail === 'string' && detail.trim()) return detail;
  if (Array.isArray(detail) && detail.length > 0) return issueLines(detail).join('\n');
  return `Request failed with status ${status}`;
}

/**
 * Auth error text (spec section 8): the server's detail if a string; if a list, one line per item
 * as `field: message`; else the error's message; else 'Authentication failed'.
 */
export function formatAuthError(error: unknown): string[] {
  if (error instanceof ApiError) {
    if (typeof error.detail === 'string' && error.detail.trim()) return [error.detail];
    if (Array.isArray(error.detail) && error.detail.length > 0) return issueLines(error.detail);
  }
  if (error instanceof Error && error.message.trim()) return [error.message];
  return ['Authentication failed'];
}
