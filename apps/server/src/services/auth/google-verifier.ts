import { type CryptoKey, importSPKI, importX509, type JWTHeaderParameters, jwtVerify } from 'jose';

export const GOOGLE_CERTS_URL = 'https://www.googleapis.com/oauth2/v1/certs';
const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** What a verified Google ID token tells us about the person. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string | undefined;
  picture: string | undefined;
}

/**
 * Verifies Google ID tokens (the `credential` from the Sign in with Google button) against the
 * configured client id with `jose`. Google's signing certificates (`{kid: PEM}` as
 * oauth2/v1/certs serves them) are fetched from `certsUrl` and cached for as long as its
 * Cache-Control allows; a token naming an unknown key id fetches them again once, since Google
 * rotates its keys.
 */
export class GoogleVerifier {
  private cache: { keys: Map<string, CryptoKey>; until: number } | undefined;

  constructor(
    private readonly clientId: string,
    private readonly certsUrl = GOOGLE_CERTS_URL,
  ) {}

  async verify(credential: string): Promise<GoogleIdentity> {
    const { payload } = await jwtVerify(credential, (header) => this.key(header), {
      issuer: GOOGLE_ISSUERS,
      audience: this.clientId,
      algorithms: ['RS256'],
    });
    if (!payload.sub || typeof payload.email !== 'string')
      throw new Error('Google token has no account email');
    return {
      sub: payload.sub,
      email: payload.email.toLowerCase(),
      emailVerified: payload.email_verified === true,
      name: typeof payload.name === 'string' ? payload.name : undefined,
      picture: typeof payload.picture === 'string' ? payload.picture : undefined,
    };
  }

  private async key(header: JWTHeaderParameters): Promise<CryptoKey> {
    if (!header.kid) throw new Error('Google token names no signing key');
    let keys = await this.keys(false);
    if (!keys.has(header.kid)) keys = await this.keys(true);
    const key = keys.get(header.kid);
    if (!key) throw new Error('Google token is signed with an unknown key');
    return key;
  }

  private async keys(refresh: boolean): Promise<Map<string, CryptoKey>> {
    if (!refresh && this.cache && this.cache.until > Date.now()) return this.cache.keys;
    const response = await fetch(this.certsUrl, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`Could not fetch Google certificates (HTTP ${response.status})`);
    const pems = (await response.json()) as Record<string, string>;
    const keys = new Map<string, CryptoKey>();
    for (const [kid, pem] of Object.entries(pems)) {
      // Google serves X.509 certificates; a bare public key is accepted too.
      keys.set(
        kid,
        pem.includes('BEGIN CERTIFICATE') ? await importX509(pem, 'RS256') : await importSPKI(pem, 'RS256'),
      );
    }
    const maxAge = /max-age=(\d+)/.exec(response.headers.get('cache-control') ?? '')?.[1];
    this.cache = { keys, until: Date.now() + (maxAge ? Number(maxAge) * 1000 : 60 * 60 * 1000) };
    return keys;
  }
}
