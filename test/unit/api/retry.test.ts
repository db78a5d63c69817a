import { describe, expect, it } from 'vitest';
import { backoffMs, decideRetry, MAX_RETRY_AFTER_MS, networkFailureKind, parseRetryAfter, type RetryInput } from '../../../src/api/retry.js';

const base = (over: Partial<RetryInput>): RetryInput => ({
  attempt: 1,
  maxRetries: 3,
  safeToRepeat: true,
  outcome: { kind: 'status', status: 503, message: '' },
  random: () => 0.5,
  nowMs: () => Date.parse('2026-11-21T12:00:00Z'),
  ...over,
});

describe('spec §7: retry only 429 and transient 5xx', () => {
  it.each([400, 401, 403, 404, 409, 422])('never retries %i', (status) => {
    expect(decideRetry(base({ outcome: { kind: 'status', status, message: 'x' } })).retry).toBe(false);
  });

  it.each([500, 502, 503, 504])('retries %i on a call that is safe to repeat', (status) => {
    expect(decideRetry(base({ outcome: { kind: 'status', status, message: '' } })).retry).toBe(true);
  });

  it('does not retry a 5xx on a POST without an idempotency key (it could duplicate)', () => {
    const d = decideRetry(base({ safeToRepeat: false, outcome: { kind: 'status', status: 503, message: '' } }));
    expect(d.retry).toBe(false);
  });

  it('retries a throttling 429 even on a POST: the request was not processed', () => {
    const d = decideRetry(base({ safeToRepeat: false, outcome: { kind: 'status', status: 429, message: 'Too many requests. Please try again later.' } }));
    expect(d.retry).toBe(true);
  });

  it('treats the monthly-quota 429 as final: retrying cannot succeed', () => {
    const d = decideRetry(base({ outcome: { kind: 'status', status: 429, message: 'Sorry, your API request limit has been reached' } }));
    expect(d).toEqual({ retry: false, reason: 'monthly quota exhausted' });
  });

  it('stops after maxRetries', () => {
    expect(decideRetry(base({ attempt: 3 })).retry).toBe(true);
    expect(decideRetry(base({ attempt: 4 })).retry).toBe(false);
    expect(decideRetry(base({ attempt: 1, maxRetries: 0 })).retry).toBe(false);
  });
});

describe('backoff: exponential 1, 2, 4 s with jitter', () => {
  it('doubles per attempt around the base', () => {
    expect(backoffMs(1, () => 0.5)).toBe(1000);
    expect(backoffMs(2, () => 0.5)).toBe(2000);
    expect(backoffMs(3, () => 0.5)).toBe(4000);
  });
  it('jitters within ±25 %', () => {
    expect(backoffMs(1, () => 0)).toBe(750);
    expect(backoffMs(1, () => 0.999999)).toBe(1250);
  });
  it('scales with the base delay', () => {
    expect(backoffMs(3, () => 0.5, 10)).toBe(40);
  });
});

describe('spec §7: honour Retry-After', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  it('reads seconds', () => expect(parseRetryAfter('3', now)).toBe(3000));
  it('reads an HTTP date', () => expect(parseRetryAfter('Sat, 21 Nov 2026 12:00:05 GMT', now)).toBe(5000));
  it('ignores garbage', () => expect(parseRetryAfter('soon', now)).toBeUndefined());
  it('uses the hint instead of the backoff', () => {
    const d = decideRetry(base({ outcome: { kind: 'status', status: 429, message: 'Too many', retryAfter: '2' } }));
    expect(d).toMatchObject({ retry: true, delayMs: 2000 });
  });
  it('gives up rather than sleeping through a very long hint', () => {
    const d = decideRetry(base({ outcome: { kind: 'status', status: 429, message: 'Too many', retryAfter: String(MAX_RETRY_AFTER_MS / 1000 + 1) } }));
    expect(d.retry).toBe(false);
  });
});

describe('connection failures', () => {
  it('retries a refused connection for any method: nothing reached the server', () => {
    expect(decideRetry(base({ safeToRepeat: false, outcome: { kind: 'network', code: 'ECONNREFUSED', requestSent: false } })).retry).toBe(true);
  });
  it('does not repeat a POST whose answer was lost after sending', () => {
    expect(decideRetry(base({ safeToRepeat: false, outcome: { kind: 'network', code: 'ECONNRESET', requestSent: true } })).retry).toBe(false);
  });
  it('repeats an idempotent call whose answer was lost', () => {
    expect(decideRetry(base({ outcome: { kind: 'network', code: 'ETIMEDOUT', requestSent: true } })).retry).toBe(true);
  });
  it.each([
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls-certificate'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'tls-certificate'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'tls-certificate'],
    ['CERT_HAS_EXPIRED', 'tls-certificate'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls-certificate'],
    ['EPROTO', 'tls-handshake'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'tls-handshake'],
    ['ENOTFOUND', 'unknown-host'],
  ])('never repeats what fails the same way every time: %s (%s)', (code, kind) => {
    expect(networkFailureKind(code)).toBe(kind);
    const d = decideRetry(base({ outcome: { kind: 'network', code, requestSent: false } }));
    expect(d).toEqual({ retry: false, reason: `${code} cannot succeed by repeating` });
  });
  it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EAI_AGAIN', 'EPIPE'])('repeats what may pass on the next attempt: %s', (code) => {
    expect(networkFailureKind(code)).toBe('transient');
    expect(decideRetry(base({ outcome: { kind: 'network', code, requestSent: false } })).retry).toBe(true);
  });
});
