import type { ValidationIssue } from '@voxpress/contracts';
import { CONTROL_CHARACTERS, MAX_FIELD_CHARS } from '@voxpress/contracts';
import type { FastifyInstance } from 'fastify';
import { ValidationError } from '../lib/http-error.ts';

/**
 * A net under every route's schema: no string anywhere in the path, the query or a parsed body may
 * hold NUL or another control character (tab and line breaks aside), half of a UTF-16 surrogate
 * pair, or run past `MAX_FIELD_CHARS`.
 * The schemas say more per field; this catches what they do not describe (wildcard paths, keys,
 * routes without a schema), so such input is a 422 and never reaches the database.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const issues: ValidationIssue[] = [];
    inspect(decodedParams(request.params), ['path'], issues);
    inspect(asRecord(request.query), ['query'], issues);
    if (isPlain(request.body) || Array.isArray(request.body)) inspect(request.body, ['body'], issues);
    if (issues.length) throw new ValidationError(issues.slice(0, 20));
  });
}

function inspect(value: unknown, loc: (string | number)[], issues: ValidationIssue[]): void {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    if (problem) issues.push({ loc, ...problem });
    return;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) inspect(item, [...loc, i], issues);
    return;
  }
  if (!isPlain(value)) return;
  for (const [key, item] of Object.entries(value)) {
    if (textProblem(key)) {
      issues.push({
        loc,
        msg: 'Field names must not contain control characters',
        type: 'control_characters',
      });
      continue;
    }
    inspect(item, [...loc, key], issues);
  }
}

/** Wildcard path parameters arrive still percent-encoded; judge what the route will decode. */
function decodedParams(params: unknown): unknown {
  return Object.fromEntries(
    Object.entries(asRecord(params)).map(([key, value]) => {
      if (typeof value !== 'string' || !value.includes('%')) return [key, value];
      try {
        return [key, decodeURIComponent(value)];
      } catch {
        return [key, value];
      }
    }),
  );
}

/** With the `u` flag a surrogate class matches only a half without its partner. */
const LONE_SURROGATE = /\p{Cs}/u;

function textProblem(value: string): { msg: string; type: string } | undefined {
  if (value.length > MAX_FIELD_CHARS)
    return { msg: `Must be at most ${MAX_FIELD_CHARS} characters`, type: 'too_big' };
  if (CONTROL_CHARACTERS.test(value))
    return { msg: 'Must not contain control characters', type: 'control_characters' };
  // JSON may carry half of a UTF-16 pair (`"\ud800"`); UTF-8 cannot store it, so the database
  // would keep "\ufffd" in its place and the text would silently change.
  if (LONE_SURROGATE.test(value))
    return { msg: 'Must be valid Unicode text (it holds half of a character pair)', type: 'invalid_unicode' };
  return undefined;
}

/** Path and query parameters come as objects of differing prototypes; only their own entries count. */
function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? { ...value } : {};
}

function isPlain(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
