import { createHmac, timingSafeEqual } from 'node:crypto';
import { assertValidKey } from './blob-store.ts';

/** What a signed upload link allows: one PUT of at most `maxBytes` with `contentType`. */
export interface UploadGrant {
  key: string;
  contentType: string;
  maxBytes: number;
}

export class InvalidUploadLinkError extends Error {
  override name = 'InvalidUploadLinkError';
}

/**
 * Signs and checks the local store's upload links: an HMAC of the key, content type, size limit
 * and expiry, so checking a link needs no state. Whether the link was already used is the
 * caller's question (`storage.routes.ts` asks the audio service).
 */
export class UploadLinkSigner {
  private readonly signingKey: Buffer;

  constructor(
    secret: string,
    /** Milliseconds since the epoch; links expire by this clock. */
    private readonly clock: () => number = Date.now,
  ) {
    this.signingKey = createHmac('sha256', secret).update('voxpress blob upload links').digest();
  }

  /** The query string of a link for `key`. */
  sign(key: string, options: { contentType: string; maxBytes: number; expiresInS: number }): URLSearchParams {
    const query = new URLSearchParams({
      expires: String(Math.floor(this.clock() / 1000) + options.expiresInS),
      max: String(options.maxBytes),
      type: options.contentType,
    });
    query.set('sig', this.mac(key, query));
    return query;
  }

  /**
   * Checks a link; throws `InvalidBlobKeyError` for a key that is not a plain path (even a
   * correctly signed one) and `InvalidUploadLinkError` with the reason for a bad or old link.
   */
  verify(key: string, query: Record<string, string | undefined>, now = this.clock()): UploadGrant {
    assertValidKey(key);
    const params = new URLSearchParams({
      expires: query.expires ?? '',
      max: query.max ?? '',
      type: query.type ?? '',
    });
    const expected = Buffer.from(this.mac(key, params));
    const given = Buffer.from(query.sig ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new InvalidUploadLinkError('The upload link is not valid. Start the upload again.');
    }
    if (Number(query.expires) * 1000 < now) {
      throw new InvalidUploadLinkError('The upload link has expired. Start the upload again.');
    }
    return { key, contentType: query.type ?? '', maxBytes: Number(query.max) };
  }

  private mac(key: string, params: URLSearchParams): string {
    return createHmac('sha256', this.signingKey)
      .update(['PUT', key, params.get('expires'), params.get('max'), params.get('type')].join('\n'))
      .digest('base64url');
  }
}
