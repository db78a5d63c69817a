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

/** A command ran but the thing it looked for is not there (exit 1). */
export class NotFoundError extends Error {}

export const EXIT = {
  ok: 0,
  error: 1,
  usage: 2,
  validation: 3,
  auth: 4,
  rateLimit: 5,
  interrupted: 130,
} as const;

export const EXIT_CODES_HELP = `Exit codes:
  0    success
  1    API error or unexpected failure (including 400 business rules, 404, 409, 5xx, network)
  2    usage or bad input, found before any request was made
  3    submission validation failed (the API answered "Submission validation failed.")
  4    authentication or permission: 401 (missing/invalid key) or 403 (role cannot do this)
  5    rate limit or monthly quota (429)
  130  interrupted (Ctrl-C) or cancelled at a prompt
`;
