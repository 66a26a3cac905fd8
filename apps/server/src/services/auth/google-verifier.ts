import { OAuth2Client } from 'google-auth-library';

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
 * configured client id. Google's signing certificates are fetched from `certsUrl` and cached for as
 * long as its Cache-Control allows.
 */
export class GoogleVerifier {
  private readonly client = new OAuth2Client();
  private cache: { certs: Record<string, string>; until: number } | undefined;

  constructor(
    private readonly clientId: string,
    private readonly certsUrl = GOOGLE_CERTS_URL,
  ) {}

  async verify(credential: string): Promise<GoogleIdentity> {
    const certs = await this.certs();
    const ticket = await this.client.verifySignedJwtWithCertsAsync(
      credential,
      certs,
      this.clientId,
      GOOGLE_ISSUERS,
    );
    const payload = ticket.getPayload();
    if (!payload?.sub || !payload.email) throw new Error('Google token has no account email');
    return {
      sub: payload.sub,
      email: payload.email.toLowerCase(),
      emailVerified: payload.email_verified === true,
      name: payload.name,
      picture: payload.picture,
    };
  }

  private async certs(): Promise<Record<string, string>> {
    if (this.cache && this.cache.until > Date.now()) return this.cache.certs;
    const response = await fetch(this.certsUrl, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`Could not fetch Google certificates (HTTP ${response.status})`);
    const certs = (await response.json()) as Record<string, string>;
    const maxAge = /max-age=(\d+)/.exec(response.headers.get('cache-control') ?? '')?.[1];
    this.cache = { certs, until: Date.now() + (maxAge ? Number(maxAge) * 1000 : 60 * 60 * 1000) };
    return certs;
  }
}
