import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals secrets users and the administrator hand us (application passwords, Admin API keys,
 * webhook signing secrets, language-model keys) for storage: AES-256-GCM with a fresh 96-bit nonce each time, under a key derived with HKDF-SHA256
 * from the server secret (VOXPRESS_SECRET). The purpose is bound into the key derivation and the
 * record's id into the authenticated data, so a sealed value cannot be moved to another row or use.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, 'voxpress secret box', `${purpose} v1`, 32));
  }

  seal(plaintext: string, boundTo: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(boundTo));
    const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [
      'v1',
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      sealed.toString('base64url'),
    ].join('.');
  }

  /** The plaintext; throws when the value was altered, bound to another id, or sealed under another secret. */
  open(value: string, boundTo: string): string {
    const [version, iv, tag, sealed] = value.split('.');
    if (version !== 'v1' || !iv || !tag || sealed === undefined) throw new Error('Not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }

  /** Like `open`, but null instead of an error (a value sealed under an earlier server secret). */
  tryOpen(value: string, boundTo: string): string | null {
    try {
      return this.open(value, boundTo);
    } catch {
      return null;
    }
  }
}
