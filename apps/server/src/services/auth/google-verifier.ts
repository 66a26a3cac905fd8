import { createRemoteJWKSet, jwtVerify } from 'jose';

export const GOOGLE_CERTS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
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
 * configured client id with `jose`. Google's signing keys are read from its JSON Web Key Set
 * (oauth2/v3/certs) by `createRemoteJWKSet`, which caches them and fetches again when a token
 * names an unknown key id, since Google rotates its keys.
 */
export class GoogleVerifier {
  private readonly keys: ReturnType<typeof createRemoteJWKSet>;

  constructor(
    private readonly clientId: string,
    certsUrl = GOOGLE_CERTS_URL,
  ) {
    this.keys = createRemoteJWKSet(new URL(certsUrl), { timeoutDuration: 10_000 });
  }

  async verify(credential: string): Promise<GoogleIdentity> {
    const { payload } = await jwtVerify(credential, this.keys, {
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
}
