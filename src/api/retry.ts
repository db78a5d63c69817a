// The retry policy (spec §7 "Retry guidance"), pure so it is tested with an injected clock and random.
import { isQuotaExhausted } from '../errors.js';

export type Outcome =
  | { kind: 'status'; status: number; message: string; retryAfter?: string | null }
  | { kind: 'network'; code: string; requestSent: boolean };

export interface RetryInput {
  /** attempts already made, 1 after the first */
  attempt: number;
  maxRetries: number;
  /** true for idempotent methods, and for a POST that carries an Idempotency-Key */
  safeToRepeat: boolean;
  outcome: Outcome;
  random: () => number;
  nowMs: () => number;
  /** base of the exponential backoff: 1 s gives 1, 2, 4 s */
  baseDelayMs?: number;
}

export type RetryDecision = { retry: true; delayMs: number; reason: string } | { retry: false; reason: string };

/** Retry-After waits longer than this are not slept through; the command fails and says so. */
export const MAX_RETRY_AFTER_MS = 60_000;
const TRANSIENT_5XX = new Set([500, 502, 503, 504]);

// OpenSSL's certificate verification failures as Node names them, and Node's own name mismatch
const TLS_CERT_CODES = new Set([
  'UNABLE_TO_GET_ISSUER_CERT', 'UNABLE_TO_GET_CRL', 'UNABLE_TO_DECRYPT_CERT_SIGNATURE', 'UNABLE_TO_DECRYPT_CRL_SIGNATURE',
  'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY', 'CERT_SIGNATURE_FAILURE', 'CRL_SIGNATURE_FAILURE', 'CERT_NOT_YET_VALID', 'CERT_HAS_EXPIRED',
  'CRL_NOT_YET_VALID', 'CRL_HAS_EXPIRED', 'ERROR_IN_CERT_NOT_BEFORE_FIELD', 'ERROR_IN_CERT_NOT_AFTER_FIELD',
  'ERROR_IN_CRL_LAST_UPDATE_FIELD', 'ERROR_IN_CRL_NEXT_UPDATE_FIELD', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'CERT_CHAIN_TOO_LONG', 'CERT_REVOKED', 'INVALID_CA',
  'PATH_LENGTH_EXCEEDED', 'INVALID_PURPOSE', 'CERT_UNTRUSTED', 'CERT_REJECTED', 'HOSTNAME_MISMATCH', 'ERR_TLS_CERT_ALTNAME_INVALID',
]);

export type NetworkFailureKind = 'tls-certificate' | 'tls-handshake' | 'unknown-host' | 'proxy' | 'transient';

/**
 * What a failure without an answer is. A certificate the client does not trust, a server that does
 * not speak TLS, a host name that does not exist and a proxy that refuses the tunnel fail the same
 * way on every attempt; refused, reset and timed-out connections, a resolver's EAI_AGAIN and a
 * proxy's 5xx may pass on the next.
 */
export function networkFailureKind(code: string): NetworkFailureKind {
  if (TLS_CERT_CODES.has(code)) return 'tls-certificate';
  if (code === 'EPROTO' || code.startsWith('ERR_SSL_')) return 'tls-handshake';
  if (code === 'ENOTFOUND') return 'unknown-host';
  // a proxy that refused the tunnel (407 credentials, 403 a host it does not allow); its 5xx may pass
  if (code === 'EPROXYAUTH' || code === 'EPROXYREFUSED') return 'proxy';
  return 'transient';
}

/** spec §7: honour Retry-After, given in seconds or as an HTTP date. */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

export function backoffMs(attempt: number, random: () => number, baseDelayMs = 1000): number {
  // 1, 2, 4 s … with ±25 % jitter so that many clients do not retry in step
  const base = baseDelayMs * 2 ** (attempt - 1);
  return Math.round(base * (0.75 + random() * 0.5));
}

export function decideRetry(input: RetryInput): RetryDecision {
  const { outcome, attempt, maxRetries } = input;
  let reason: string;
  if (outcome.kind === 'status') {
    const { status } = outcome;
    if (status === 429) {
      // the monthly quota cannot recover by retrying: final
      if (isQuotaExhausted(status, outcome.message)) return { retry: false, reason: 'monthly quota exhausted' };
      reason = '429 rate limited';
      // a 429 was not processed, so repeating any method is safe
    } else if (TRANSIENT_5XX.has(status)) {
      if (!input.safeToRepeat) return { retry: false, reason: `${status} on a request that is not safe to repeat` };
      reason = `${status} server error`;
    } else {
      // spec §7: never retry 400, 401, 403, 404, 409 (nor anything else)
      return { retry: false, reason: `${status} is final` };
    }
    if (attempt > maxRetries) return { retry: false, reason: `${reason}; gave up after ${attempt} attempts` };
    const hinted = parseRetryAfter(outcome.retryAfter, input.nowMs());
    if (hinted !== undefined) {
      if (hinted > MAX_RETRY_AFTER_MS) return { retry: false, reason: `${reason}; server asked to wait ${Math.ceil(hinted / 1000)} s` };
      return { retry: true, delayMs: hinted, reason: `${reason} (Retry-After)` };
    }
    return { retry: true, delayMs: backoffMs(attempt, input.random, input.baseDelayMs), reason };
  }
  // no answer: what fails the same way on every attempt is not repeated
  if (networkFailureKind(outcome.code) !== 'transient') return { retry: false, reason: `${outcome.code} cannot succeed by repeating` };
  // a refused connection never reached the server; anything else may have been processed
  if (outcome.requestSent && !input.safeToRepeat) return { retry: false, reason: `${outcome.code} after the request was sent; not safe to repeat` };
  if (attempt > maxRetries) return { retry: false, reason: `${outcome.code}; gave up after ${attempt} attempts` };
  return { retry: true, delayMs: backoffMs(attempt, input.random, input.baseDelayMs), reason: outcome.code };
}
