import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/**
 * A local stand-in for Google's key endpoint (same wire format as oauth2/v3/certs: a JSON Web Key
 * Set of RS256 public keys with a Cache-Control max-age) plus a signer for ID tokens made with the
 * matching private key.
 */
export async function startGoogleCertsServer(): Promise<{
  url: string;
  sign(
    claims: Record<string, unknown>,
    options?: { audience?: string; expiresInS?: number },
  ): Promise<string>;
  close(): Promise<void>;
}> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const kid = 'test-key-1';
  const body = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] });
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    sign(claims, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer('https://accounts.google.com')
        .setAudience(options.audience ?? 'voxpress-test-client.apps.googleusercontent.com')
        .setIssuedAt(now)
        .setExpirationTime(now + (options.expiresInS ?? 3600))
        .sign(privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
