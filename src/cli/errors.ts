/** Bad input found before any request: exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
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
  interrupted: 130,
} as const;

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
