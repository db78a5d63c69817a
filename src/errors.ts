// The error classes and the exit-code table, on the ground floor: any layer may throw them; only
// cli/report.ts turns them into messages.

/** Bad input found before any request: exit 2. */
export class UsageError extends Error {
  /**
   * `lines`: shown under the message on a terminal (e.g. the expression with a caret under the
   * error); `data`: the same facts for a script, as the JSON error's `data`.
   */
  constructor(
    message: string,
    readonly details: { lines?: string[]; data?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The user said no, or pressed Ctrl-C: exit 130. */
export class CancelError extends Error {
  constructor(message = 'cancelled') {
    super(message);
    this.name = 'CancelError';
  }
}

export const EXIT = {
  ok: 0,
  error: 1,
  usage: 2,
  validation: 3,
  auth: 4,
  rateLimit: 5,
  /** SIGHUP: the terminal was closed */
  hangup: 129,
  interrupted: 130,
  /** stdout was closed by its reader (`| head`), as a process killed by SIGPIPE */
  brokenPipe: 141,
  /** SIGTERM (CI timeouts) */
  terminated: 143,
} as const;

/** The reader of stdout went away (`formctl … | head -1`): not an error to report. */
export function isBrokenPipe(err: unknown): boolean {
  return (err as NodeJS.ErrnoException | undefined)?.code === 'EPIPE';
}

const WRITE_ERRORS: Record<string, string> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EIO: 'input/output error',
  EFBIG: 'file too large',
  EROFS: 'read-only file system',
  EACCES: 'permission denied',
  EBADF: 'the output is closed',
};

/** A system error writing output, in one sentence ("cannot write the output: no space left on device"). */
export function describeWriteError(err: unknown): string | undefined {
  const e = err as NodeJS.ErrnoException | undefined;
  const what = e?.code ? WRITE_ERRORS[e.code] : undefined;
  return what && (e?.syscall === 'write' || e?.syscall === undefined) ? `cannot write the output: ${what} (${e!.code})` : undefined;
}

/** Answers refused by validation, locally or by the API (exit 3); lines name each field by its label. */
export class ValidationError extends Error {
  constructor(
    message: string,
    readonly lines: string[],
    readonly envelope?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ValidationError';
  }
}

/** A command's own verdict with its exit code (e.g. `webhook verify`: 1 when the signature differs). */
export class ExitWith extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ExitWith';
  }
}

/** --max-requests reached: the command stopped before sending one more request (exit 5). */
export class RequestCapError extends Error {
  /** what stopped: the cap, and the requests sent before it (each caller says what to do next) */
  readonly stopped: string;

  constructor(readonly cap: number, readonly sent: number, next: string) {
    const stopped = `stopped before request ${sent + 1}: --max-requests ${cap} reached (${sent} request${sent === 1 ? '' : 's'} sent)`;
    super(`${stopped}; ${next}`);
    this.name = 'RequestCapError';
    this.stopped = stopped;
  }
}

/** No profile, base URL or key to talk to the service with (exit 4). */
export class NotLoggedInError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotLoggedInError';
  }
}

/** A failure answered by the API in its error envelope (spec §7). */
export class ApiError extends Error {
  /** seconds the service asked to wait (Retry-After), when it said */
  retryAfter?: number;

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
const QUOTA_EXHAUSTED = /request limit has been reached/i;

export function isQuotaExhausted(status: number, message: string): boolean {
  return status === 429 && QUOTA_EXHAUSTED.test(message);
}

/**
 * No HTTP answer: refused, reset, timed out, TLS refused. `requestSent` tells whether the server may
 * have acted; `reached` whether it can have seen any of the request at all (false when the connection
 * or its TLS handshake failed: such an attempt costs no quota).
 */
export class ConnectionError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly requestSent: boolean,
    readonly method: string,
    readonly path: string,
    readonly reached = true,
  ) {
    super(message);
    this.name = 'ConnectionError';
  }
}

/** The profile file is damaged: names the file and the property (exit 2). */
export class ConfigFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigFileError';
  }
}

/** The one place that maps failures to exit codes (README "Exit codes"). */
export function exitCodeFor(err: unknown): number {
  if (err instanceof ExitWith) return err.code;
  if (isBrokenPipe(err)) return EXIT.brokenPipe;
  if (err instanceof UsageError || err instanceof ConfigFileError) return EXIT.usage;
  if (err instanceof ValidationError) return EXIT.validation;
  if (err instanceof CancelError) return EXIT.interrupted;
  if (err instanceof NotLoggedInError) return EXIT.auth;
  if (err instanceof RequestCapError) return EXIT.rateLimit;
  if (err instanceof ApiError) {
    if (err.status === 400 && err.fieldErrors) return EXIT.validation;
    if (err.status === 401 || err.status === 403) return EXIT.auth;
    if (err.status === 429) return EXIT.rateLimit;
    return EXIT.error;
  }
  return EXIT.error;
}
