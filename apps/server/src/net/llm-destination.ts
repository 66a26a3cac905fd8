import { HttpError } from '../lib/http-error.ts';
import { metadataReason } from './address-policy.ts';
import { ForbiddenDestinationError, GuardedFetch, OutboundRequestError } from './guarded-fetch.ts';

/**
 * Refuses, with 422 `destination_forbidden`, a language-model server address the administrator's
 * connection test may not ask: a link-local one, where cloud metadata services answer
 * (169.254.169.254, fe80::/10), checked on the address typed and on every address its name
 * resolves to. This machine and private networks stay allowed (Ollama usually runs there); with
 * `allowPrivate` (`PUBLISH_ALLOW_PRIVATE=true`) nothing is refused.
 */
export async function checkLlmDestination(url: string, allowPrivate: boolean): Promise<void> {
  const guard = new GuardedFetch({ allowPrivate, policy: metadataReason });
  try {
    await guard.checkResolved(url);
  } catch (err) {
    if (err instanceof ForbiddenDestinationError)
      throw new HttpError(
        422,
        'destination_forbidden',
        `${err.host} is a ${err.reason} address, where cloud metadata services answer: the connection test does not ask it.`,
        { host: err.host },
      );
    if (err instanceof OutboundRequestError) throw new HttpError(422, 'bad_request', err.message);
    throw err;
  } finally {
    await guard.close();
  }
}
