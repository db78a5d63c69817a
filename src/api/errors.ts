/** A failure answered by the API in its error envelope (spec §7). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: number,
    readonly data: Record<string, unknown>,
    readonly method: string,
    readonly path: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** spec §7: `data.fieldErrors` of a submission validation failure */
  get fieldErrors(): Record<string, { code: string; message: string; type?: string }> | undefined {
    const fe = this.data.fieldErrors;
    return fe && typeof fe === 'object' ? (fe as Record<string, { code: string; message: string; type?: string }>) : undefined;
  }

  toEnvelope() {
    return { status: 'failed', message: this.message, code: this.code, data: this.data };
  }
}

/** spec §7/§8: the monthly quota is exhausted; retrying cannot succeed until the quota resets. */
export const QUOTA_EXHAUSTED = /request limit has been reached/i;

export function isQuotaExhausted(status: number, message: string): boolean {
  return status === 429 && QUOTA_EXHAUSTED.test(message);
}

/** No HTTP answer: refused, reset, timed out. `requestSent` tells whether the server may have acted. */
export class ConnectionError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly requestSent: boolean,
    readonly method: string,
    readonly path: string,
  ) {
    super(message);
    this.name = 'ConnectionError';
  }
}
