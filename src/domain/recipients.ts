// spec §4.1 / §8: `recipients` is ONE comma-separated string of at most 5 addresses (not an array).
export const MAX_RECIPIENTS = 5;
const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}

export type RecipientsCheck = { ok: true; addresses: string[] } | { ok: false; message: string };

export function parseRecipients(raw: string): RecipientsCheck {
  const addresses = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  if (addresses.length === 0) return { ok: false, message: 'recipients: at least one e-mail address is required' };
  if (addresses.length > MAX_RECIPIENTS) {
    return { ok: false, message: `recipients: at most ${MAX_RECIPIENTS} addresses are allowed, got ${addresses.length}` };
  }
  const bad = addresses.filter((a) => !isEmail(a));
  if (bad.length > 0) return { ok: false, message: `recipients: not an e-mail address: ${bad.join(', ')}` };
  return { ok: true, addresses };
}
