import { paint, type IOStreams } from '../io/streams.js';
import { terminalText } from '../output/terminalText.js';
import { ApiError, CancelError, ConfigFileError, ConnectionError, ExitWith, NotLoggedInError, RequestCapError, UsageError, ValidationError, describeWriteError, exitCodeFor, isBrokenPipe, isQuotaExhausted } from '../errors.js';

export { exitCodeFor };

/** sandbox: the request went to the embedded sandbox, whose quota formctl can show and raise */
function hint(err: ApiError, sandbox: boolean): string | undefined {
  if (isQuotaExhausted(err.status, err.message)) {
    return sandbox
      ? "the sandbox's monthly request quota is used up (it counts as the service does). `formctl quota --sandbox` shows it; `formctl sandbox plan business --sandbox` raises it, `formctl sandbox reset --sandbox` starts over. Not retried."
      : 'the monthly request quota is used up; it resets at the start of next month. Not retried.';
  }
  // any command that creates forms (forms create, apply, clone, templates use, ai draft --create)
  if (sandbox && err.status === 400 && /no form in your plan/i.test(err.message)) return 'the embedded sandbox starts on the free plan (10 forms): `formctl sandbox plan business --sandbox` lifts it.';
  if (err.status === 429) return 'rate limited; retries were used up. Try again later.';
  if (err.status === 401) return 'the API key was refused: check it with `formctl auth status`, or log in again with `formctl auth login`.';
  if (err.status === 403) return 'this key\'s role cannot do that (spec: Viewer and Editor limits).';
  if (err.status === 409) return 'the Idempotency-Key was used before with a different body; use a new key.';
  return undefined;
}

/** What a lost answer to a POST may have done, and the command that shows whether it did. */
function lostPostHint(path: string): string {
  const form = /^\/forms\/([A-Z0-9]+)\//.exec(path)?.[1];
  if (path === '/forms') return 'The connection dropped after the request was sent: the form may have been created. Check with `formctl forms list --sort newest` before trying again.';
  if (form && path.endsWith('/clone')) return `The connection dropped after the request was sent: copies may have been made. Check with \`formctl forms list\` before trying again.`;
  if (form && path.endsWith('/uploads')) return `The connection dropped after the request was sent: the file may have been stored. Check before uploading it again.`;
  if (form && path.endsWith('/share')) return `The connection dropped after the request was sent: the e-mail may have gone out. Check with the recipients before sending again.`;
  return 'The connection dropped after the request was sent: it may have been carried out. Check before trying again.';
}

/** What kind of failure, for a script that acts on it (the JSON error's `kind`). */
function kindOf(err: unknown): string {
  if (err instanceof UsageError || err instanceof ConfigFileError) return 'usage';
  if (err instanceof ValidationError) return 'validation';
  if (err instanceof NotLoggedInError) return 'auth';
  if (err instanceof RequestCapError) return 'request-cap';
  if (err instanceof CancelError) return 'cancelled';
  if (err instanceof ConnectionError) return 'connection';
  if (err instanceof ExitWith) return 'verdict';
  if (err instanceof ApiError) {
    if (err.status === 401 || err.status === 403) return 'auth';
    if (err.status === 429) return isQuotaExhausted(err.status, err.message) ? 'quota' : 'rate-limit';
    return err.status === 400 && err.fieldErrors ? 'validation' : 'api';
  }
  return describeWriteError(err) ? 'output' : 'error';
}

/** spec §7 `data.fieldErrors` ({key: {code, message, type?}}) as a list naming each field. */
function fieldErrorList(data: unknown): Array<Record<string, unknown>> {
  const fe = (data as { fieldErrors?: unknown } | undefined)?.fieldErrors;
  if (!fe || typeof fe !== 'object') return [];
  return Object.entries(fe as Record<string, { code?: unknown; message?: unknown; type?: unknown }>).map(([field, e]) => ({
    field,
    message: e?.message,
    code: e?.code,
    ...(e?.type !== undefined ? { type: e.type } : {}),
  }));
}

/**
 * A failure as one JSON object (`-o json`, or FORMCTL_ERROR_FORMAT=json): the service's envelope
 * (status, message, code, data) when it answered one, else the same fields for a local failure
 * (code 0: no answer from the service), plus exitCode and kind; httpStatus and retryAfter (seconds)
 * when the service answered; fieldErrors when answers were refused.
 */
function errorObject(err: unknown): Record<string, unknown> {
  const message = describeWriteError(err) ?? (err as Error)?.message ?? String(err);
  const envelope: Record<string, unknown> =
    err instanceof ValidationError
      ? (err.envelope ?? { status: 'failed', message, code: 0, data: {} }) // found locally: no answer
      : err instanceof ApiError
      ? err.toEnvelope()
      : { status: 'failed', message, code: 0, data: (err instanceof UsageError && err.details.data) || {} };
  const out: Record<string, unknown> = { ...envelope, exitCode: exitCodeFor(err), kind: kindOf(err) };
  if (err instanceof ApiError) out.httpStatus = err.status;
  if (err instanceof ApiError && err.retryAfter !== undefined) out.retryAfter = err.retryAfter;
  const fieldErrors = fieldErrorList(envelope.data);
  if (fieldErrors.length) out.fieldErrors = fieldErrors;
  return out;
}

/** sandbox: the run's requests went to the embedded sandbox (runState.embeddedSandbox) */
export function reportError(io: IOStreams, err: unknown, jsonErrors: boolean, sandbox = false): void {
  if (isBrokenPipe(err)) return; // the reader went away: nothing to say, and nowhere to say it
  // a stop by a signal, after a clean end: only its exit code says it, in any format
  if (err instanceof ExitWith && !err.message) return;
  if (jsonErrors) {
    io.stderr.write(`${JSON.stringify(errorObject(err))}\n`);
    return;
  }
  const p = paint(io.colorErr);
  // a message may carry what the service or a file said: its control characters are shown, not obeyed
  const message = terminalText(describeWriteError(err) ?? (err as Error)?.message ?? String(err));
  if (err instanceof ExitWith) {
    if (message) io.stderr.write(`${message}\n`);
    return;
  }
  if (err instanceof CancelError) {
    io.stderr.write(`${p.yellow('cancelled')}\n`);
    return;
  }
  if (err instanceof ApiError) {
    // a message that already names the status is not followed by it again
    const status = message.includes(`(HTTP ${err.status})`) ? '' : ` ${p.dim(`(HTTP ${err.status})`)}`;
    io.stderr.write(`${p.red('error:')} ${message}${status}\n`);
    for (const [key, fe] of Object.entries(err.fieldErrors ?? {})) {
      io.stderr.write(`  - ${terminalText(`${key}${fe.type ? ` (${fe.type})` : ''}: ${fe.message}`)} ${p.dim(`[${terminalText(String(fe.code))}]`)}\n`);
    }
    const extra = err.data.errors;
    if (Array.isArray(extra) && extra.length > 1) for (const e of extra) io.stderr.write(`  - ${terminalText(String(e))}\n`);
    const h = hint(err, sandbox);
    if (h) io.stderr.write(`${p.dim(h)}\n`);
    return;
  }
  if (err instanceof ValidationError) {
    io.stderr.write(`${p.red('error:')} ${message}\n`);
    for (const line of err.lines) io.stderr.write(`  - ${terminalText(line)}\n`);
    return;
  }
  if (err instanceof ConnectionError) {
    io.stderr.write(`${p.red('error:')} ${message}\n`);
    // a POST whose answer was lost may have been carried out: it was not repeated, so say how to look
    if (err.requestSent && err.method === 'POST') io.stderr.write(`${p.dim(lostPostHint(err.path))}\n`);
    return;
  }
  if (err instanceof UsageError || err instanceof NotLoggedInError || err instanceof ConfigFileError) {
    io.stderr.write(`${p.red('error:')} ${message}\n`);
    if (err instanceof UsageError) for (const line of err.details.lines ?? []) io.stderr.write(`  ${terminalText(line)}\n`);
    return;
  }
  io.stderr.write(`${p.red('error:')} ${message}\n`);
  if (io.env.FORMCTL_DEBUG) io.stderr.write(`${(err as Error)?.stack ?? ''}\n`);
}
