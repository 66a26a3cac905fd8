import type { Response } from 'undici';
import {
  ForbiddenDestinationError,
  type GuardedFetch,
  type GuardedInit,
  OutboundRequestError,
  readLimited,
} from '../../net/guarded-fetch.ts';
import { PublishError } from './publisher.ts';

/** A JSON answer from a site, with its status. */
export interface SiteAnswer {
  status: number;
  body: unknown;
  response: Response;
}

/**
 * One request to a user's site through the guarded fetch, read as JSON. Network failures and the
 * guard's refusals become `PublishError`s that say what happened in words a user can act on.
 */
export async function siteRequest(
  http: GuardedFetch,
  site: string,
  url: string,
  init: GuardedInit,
): Promise<SiteAnswer> {
  let response: Response;
  try {
    response = await http.fetch(url, init);
  } catch (err) {
    if (err instanceof ForbiddenDestinationError)
      throw new PublishError(
        'forbidden',
        `${site} is on a private network address, which this server does not publish to.`,
        null,
        { cause: err },
      );
    if (err instanceof OutboundRequestError)
      throw new PublishError(
        'unreachable',
        err.kind === 'timeout'
          ? `${site} did not answer in time. Check that the site is online and try again.`
          : err.kind === 'dns'
            ? `${site} was not found. Check the address.`
            : `${site} could not be reached. Check the address and that the site is online.`,
        null,
        { cause: err },
      );
    throw err;
  }
  const text = await readLimited(response).catch(() => '');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: response.status, body, response };
}

/** A request to a site's JSON API with the site's own `auth` headers; `body`, when given, goes as JSON. */
export function siteJsonRequest(
  http: GuardedFetch,
  site: string,
  url: string,
  request: { method: string; auth: Record<string, string>; body: unknown; signal?: AbortSignal | undefined },
): Promise<SiteAnswer> {
  const { method, auth, body, signal } = request;
  return siteRequest(http, site, url, {
    method,
    headers: {
      ...auth,
      accept: 'application/json',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    ...(signal ? { signal } : {}),
  });
}

/**
 * Whether the site did what was asked: any 2xx (a site, a plugin or a proxy in front of it may
 * answer 201 or 202 where the API documents 200) with the JSON object the publisher reads.
 */
export function succeeded(res: SiteAnswer): boolean {
  return res.status >= 200 && res.status < 300 && typeof res.body === 'object' && res.body !== null;
}

/**
 * The error for an answer that is neither what was expected nor a refusal of the credentials:
 * while checking a connection, an address that does not answer as the site (`notASite` says so);
 * otherwise the site's refusal, with its own message.
 */
export function unexpectedAnswer(
  res: SiteAnswer,
  site: string,
  doing: 'check' | 'publish',
  notASite: string,
): PublishError {
  if (doing === 'check' && (res.status === 404 || typeof res.body !== 'object' || res.body === null))
    return new PublishError('not_a_site', notASite, res.status);
  const said = remoteMessage(res.body);
  return new PublishError(
    'rejected',
    `${site} answered ${res.status}${said ? `: ${said}` : ''}.`,
    res.status,
  );
}

/** The remote message of an error answer, short. */
export function remoteMessage(body: unknown): string {
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; errors?: { message?: unknown; context?: unknown }[] };
    const m = b.errors?.[0]?.message ?? b.message;
    if (typeof m === 'string') return m.replace(/<[^>]+>/g, '').slice(0, 200);
  }
  return '';
}
