import { createHmac, timingSafeEqual } from 'node:crypto';

// spec §6: X-Service-Signature is `sha256=` + the hex HMAC-SHA256 of the raw body bytes keyed by the
// webhook secret; receivers compare in constant time (rule 1).
export const SIGNATURE_PREFIX = 'sha256=';

export function signWebhook(secret: string, rawBody: Buffer | string): string {
  return SIGNATURE_PREFIX + createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** True when `header` is the signature of exactly these bytes; constant time in the signature. */
export function verifyWebhook(secret: string, rawBody: Buffer | string, header: string | undefined | null): boolean {
  if (!header || !header.startsWith(SIGNATURE_PREFIX)) return false;
  const given = Buffer.from(header.slice(SIGNATURE_PREFIX.length).trim(), 'hex');
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  // a wrong length is already a mismatch; timingSafeEqual needs equal lengths
  if (given.length !== expected.length) return false;
  return timingSafeEqual(given, expected);
}
