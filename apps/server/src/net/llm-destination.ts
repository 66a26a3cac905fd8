import type { lookup as dnsLookup } from 'node:dns';
import { listModels, type ModelList, type ModelListKind } from '../engines/writer/llm/llm-models.ts';
import { HttpError } from '../lib/http-error.ts';
import { metadataReason } from './address-policy.ts';
import { ForbiddenDestinationError, GuardedFetch, OutboundRequestError } from './guarded-fetch.ts';

export interface LlmDestinationOptions {
  /** `ALLOW_PRIVATE_ADDRESSES=true`: nothing is refused. */
  allowPrivate: boolean;
  /** Resolves host names (tests pass their own). Default: the system resolver. */
  lookup?: typeof dnsLookup;
}

function forbidden(err: ForbiddenDestinationError): HttpError {
  return new HttpError(
    422,
    'destination_forbidden',
    `${err.host} is a ${err.reason} address, where cloud metadata services answer: the connection test does not ask it.`,
    { host: err.host },
  );
}

/**
 * Refuses, with 422 `destination_forbidden`, a language-model server address the administrator's
 * connection test may not ask: a link-local one, where cloud metadata services answer
 * (169.254.169.254, fe80::/10), checked on the address typed and on every address its name
 * resolves to. This machine and private networks stay allowed (Ollama usually runs there); with
 * `allowPrivate` (`ALLOW_PRIVATE_ADDRESSES=true`) nothing is refused.
 */
export async function checkLlmDestination(
  url: string,
  allowPrivate: boolean,
  lookup?: typeof dnsLookup,
): Promise<void> {
  const guard = new GuardedFetch({ allowPrivate, policy: metadataReason, ...(lookup ? { lookup } : {}) });
  try {
    await guard.checkResolved(url);
  } catch (err) {
    if (err instanceof ForbiddenDestinationError) throw forbidden(err);
    if (err instanceof OutboundRequestError) throw new HttpError(422, 'bad_request', err.message);
    throw err;
  } finally {
    await guard.close();
  }
}

/**
 * The administrator's connection test: the server's models (`listModels`), asked only of an
 * address `checkLlmDestination` allows, and the same rule held all the way: the connection goes
 * to the addresses that were checked when the name was resolved for it (a name cannot resolve to
 * a harmless address for the check and to 169.254.169.254 for the request), and every redirect is
 * followed by hand and checked again. A refusal on the way is 422 `destination_forbidden`, as
 * when the address is typed.
 */
export async function testLlmConnection(
  kind: ModelListKind,
  baseUrl: string,
  apiKey: string | undefined,
  options: LlmDestinationOptions,
): Promise<ModelList> {
  await checkLlmDestination(baseUrl, options.allowPrivate, options.lookup);
  const guard = new GuardedFetch({
    allowPrivate: options.allowPrivate,
    policy: metadataReason,
    ...(options.lookup ? { lookup: options.lookup } : {}),
  });
  try {
    return await listModels(kind, baseUrl, apiKey, undefined, async (url, init) => {
      try {
        return (await guard.fetch(url, init)) as unknown as Response;
      } catch (err) {
        if (err instanceof ForbiddenDestinationError) throw forbidden(err);
        // The reason underneath (refused, not found, timed out) is what the test reports.
        if (err instanceof OutboundRequestError && err.kind !== 'redirect' && err.cause) throw err.cause;
        throw err;
      }
    });
  } finally {
    await guard.close();
  }
}
