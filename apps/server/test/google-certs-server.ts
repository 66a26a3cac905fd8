import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importPKCS8, SignJWT } from 'jose';

/** A self-signed RSA certificate and its key, made with openssl as Google's certificates are X.509. */
function makeCertificate(): { cert: string; key: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'voxpress-google-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        '/CN=securetoken.system.gserviceaccount.com',
        '-days',
        '2',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
      key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A local stand-in for Google's certificate endpoint (same wire format as oauth2/v1/certs:
 * `{kid: X.509 PEM}` with a Cache-Control max-age) plus a signer for ID tokens made with the
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
  const { cert, key } = makeCertificate();
  const privateKey = await importPKCS8(key, 'RS256');
  const kid = 'test-key-1';
  const body = JSON.stringify({ [kid]: cert });
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/oauth2/v1/certs`,
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
