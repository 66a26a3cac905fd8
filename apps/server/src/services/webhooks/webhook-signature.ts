import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Header carrying the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const SIGNATURE_HEADER = 'x-voxpress-signature';
/** How old a signature a receiver should accept, at most (replay protection). */
export const SIGNATURE_TOLERANCE_S = 300;

/** A new signing secret, shown to its owner once. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * The signature of one delivery: HMAC-SHA256 with the webhook's secret over the timestamp, a dot
 * and the exact body bytes. The timestamp is signed too, so a receiver that refuses signatures
 * older than five minutes cannot be fed a recorded delivery again.
 */
export function signWebhook(secret: string, body: string, timestampS: number): string {
  const mac = createHmac('sha256', secret).update(`${timestampS}.${body}`).digest('hex');
  return `t=${timestampS},v1=${mac}`;
}

/** What a receiver does (and what tests do): check the signature and its age. */
export function verifyWebhook(
  secret: string,
  body: string,
  header: string,
  nowS = Math.floor(Date.now() / 1000),
  toleranceS = SIGNATURE_TOLERANCE_S,
): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowS - t) > toleranceS || !parts.v1) return false;
  const expected = Buffer.from(signWebhook(secret, body, t).split('v1=')[1] ?? '', 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
