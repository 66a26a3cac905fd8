import { PublishError } from '../../engines/publisher/publisher.ts';
import { HttpError } from '../../lib/http-error.ts';

/**
 * A publishing failure as the API answers it: a refused key or an address that is not such a
 * site is the user's to fix (422); a site that is down or failing is a bad gateway (502). The
 * message says what happened and what to do; nothing of the piece is lost either way.
 */
export function publishHttpError(err: unknown): unknown {
  if (!(err instanceof PublishError)) return err;
  const params = { remote_status: err.status };
  switch (err.failure) {
    case 'auth':
      return new HttpError(422, 'connection_auth_failed', err.message, params);
    case 'not_a_site':
      return new HttpError(422, 'connection_not_a_site', err.message, params);
    case 'forbidden':
      return new HttpError(422, 'destination_forbidden', err.message, params);
    case 'unreachable':
      return new HttpError(502, 'connection_unreachable', err.message, params);
    case 'rejected':
      return new HttpError(502, 'publish_failed', err.message, params);
  }
}
