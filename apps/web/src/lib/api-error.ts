import { type ErrorCode, type ErrorParams, errorCodes, type ValidationIssue } from '@voxpress/contracts';
import { i18n } from '../i18n/i18n.ts';
import { errorMessage, isNoAnswer, isTimeout } from './error-message.ts';
import { codeMessage, translatesErrors } from './error-text.ts';

/** The parts of an error body the browser keeps: the stable `code` and the values in the sentence. */
export interface ErrorInfo {
  /** The server's machine-readable reason; null when absent or not one this build knows. */
  code: ErrorCode | null;
  params: ErrorParams;
}

/**
 * A non-OK answer from the API, keeping the server's `detail` as it came, with its `code` and
 * `params` so the message can be shown in the user's language.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ErrorCode | null;
  readonly params: ErrorParams;
  constructor(
    readonly status: number,
    readonly detail: unknown,
    message: string,
    info: ErrorInfo = { code: null, params: {} },
  ) {
    super(message);
    this.code = info.code;
    this.params = info.params;
  }
}

/** Reads `{detail, code, params}` from an error response's text; anything missing becomes null/{}. */
export function parseErrorBody(text: string): { detail: unknown } & ErrorInfo {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { detail: null, code: null, params: {} };
  }
  if (typeof body !== 'object' || body === null) return { detail: null, code: null, params: {} };
  const b = body as { detail?: unknown; code?: unknown; params?: unknown };
  const params =
    typeof b.params === 'object' && b.params !== null && !Array.isArray(b.params)
      ? (b.params as ErrorParams)
      : {};
  const code = errorCodes.find((c) => c === b.code) ?? null;
  return { detail: b.detail ?? null, code, params };
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

const NO_INFO: ErrorInfo = { code: null, params: {} };

/**
 * The lines that tell the user what went wrong, in the interface language: the server's own
 * sentence in English; elsewhere the message for its `code` (a list of field problems keeps its
 * field lines after it, as the field names are the form's own).
 */
export function errorLines(status: number, detail: unknown, info: ErrorInfo = NO_INFO): string[] {
  const fromCode = info.code ? codeMessage(info.code, info.params) : null;
  const issues = Array.isArray(detail) && detail.length > 0 ? issueLines(detail) : null;
  if (fromCode && translatesErrors()) return issues ? [fromCode, ...issues] : [fromCode];
  if (typeof detail === 'string' && detail.trim()) return [detail];
  if (issues) return issues;
  if (fromCode) return [fromCode];
  return [i18n.t('errors.requestFailed', { status })];
}

/** A readable sentence for an error body, used as the `ApiError` message. */
export function detailMessage(status: number, detail: unknown, info: ErrorInfo = NO_INFO): string {
  return errorLines(status, detail, info).join('\n');
}

/**
 * Auth error text (spec section 8): the server's detail if a string; if a list, one line per item
 * as `field: message`; no answer from the server in words; else the error's message; else
 * 'Authentication failed'. In another
 * interface language the code's message stands in for the server's English.
 */
export function formatAuthError(error: unknown): string[] {
  if (error instanceof ApiError && (error.code !== null || error.detail !== null)) {
    const hasDetail =
      (typeof error.detail === 'string' && error.detail.trim()) ||
      (Array.isArray(error.detail) && error.detail.length > 0);
    if (hasDetail || (error.code && translatesErrors())) {
      return errorLines(error.status, error.detail, { code: error.code, params: error.params });
    }
  }
  // No answer, or none in time: say so in words rather than the browser's "Failed to fetch".
  if (isNoAnswer(error) || isTimeout(error)) return [errorMessage(error)];
  if (error instanceof Error && error.message.trim()) return [error.message];
  return [i18n.t('errors.authFailed')];
}
