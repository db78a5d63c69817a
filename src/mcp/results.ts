import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ApiError, ConnectionError, NotLoggedInError, RequestCapError, UsageError, isQuotaExhausted } from '../errors.js';
import type { ToolOutput } from './tool.js';

// Tool results: the API's data with a sentence, and failures as MCP tool errors (isError: true),
// never JSON-RPC errors, so that the model reads what went wrong and what to do next. Every text
// that leaves the server goes through a Scrub: the session's secrets never appear in it.

/** Properties never passed on, whatever carries them (spec §2.10: webhook secret; passwords). */
const SECRET_PROPERTIES = new Set(['secret', 'password', 'pass', 'oldPass', 'newPass', 'confirmPass', 'apiKey', 'authorization']);

export type Scrub = (text: string) => string;

/** Replaces each known secret (the API key, a webhook secret seen) in a text. */
export function scrubber(secrets: () => Iterable<string | undefined>): Scrub {
  return (text) => {
    let out = text;
    for (const s of secrets()) if (s && s.length >= 8) out = out.split(s).join('[redacted]');
    return out;
  };
}

/** A copy without the secret properties, all the way down. */
function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([k]) => !SECRET_PROPERTIES.has(k)).map(([k, v]) => [k, withoutSecrets(v)]));
  return value;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

export function successResult(out: ToolOutput, scrub: Scrub): CallToolResult {
  const content: CallToolResult['content'] = [{ type: 'text', text: scrub(out.summary) }];
  const data = out.data === undefined ? undefined : withoutSecrets(out.data);
  if (data !== undefined) content.push({ type: 'text', text: scrub(JSON.stringify(data, null, 2)) });
  if (out.image) content.push({ type: 'image', data: out.image.data, mimeType: out.image.mimeType });
  if (out.resource) {
    const r = out.resource;
    content.push({ type: 'resource', resource: r.text !== undefined ? { uri: r.uri, mimeType: r.mimeType, text: scrub(r.text) } : { uri: r.uri, mimeType: r.mimeType, blob: r.blob ?? '' } });
  }
  const result: CallToolResult = { content };
  if (data !== undefined) result.structuredContent = JSON.parse(scrub(JSON.stringify(isRecord(data) ? data : { items: data }))) as Record<string, unknown>;
  return result;
}

/** What to do next after an API failure, for the statuses a model can act on. */
function nextStep(err: ApiError): string | undefined {
  if (isQuotaExhausted(err.status, err.message)) return 'The monthly request quota is used up; it resets at the start of next month. Do not retry; tell the user.';
  if (err.status === 429) return 'Rate limited, and the retries were used up: wait a minute before calling again, and send fewer requests.';
  // spec §4.4: an unknown form is a 400 "not found", not a 404
  if (err.status === 404 || /not found/i.test(err.message)) return 'Nothing has that id: look it up with forms_list (or submissions_list) and call again.';
  if (err.status === 400) return err.fieldErrors ? 'Fix the answers named above (submissions_schema shows what each field takes) and call again.' : 'Fix the input the message names and call again.';
  if (err.status === 401) return "The API key was refused: the user must check formctl's profile (formctl auth status).";
  if (err.status === 403) return "This API key's role cannot do that (Viewer and Editor limits): ask the user to act as the owner or an admin; do not retry.";
  if (err.status === 409) return 'The Idempotency-Key was used before with another body.';
  return undefined;
}

/** The text of a failure: what went wrong, where it was found, and what to do. */
function describe(err: unknown): { text: string; error: Record<string, unknown> } {
  if (err instanceof UsageError) return { text: `${err.message} (checked locally: no request was sent)`, error: { kind: 'input', message: err.message } };
  if (err instanceof RequestCapError) {
    return { text: `${err.stopped}. The session's request cap (--max-requests) is reached: no more API requests in this session.`, error: { kind: 'request-cap', message: err.stopped } };
  }
  if (err instanceof ApiError) {
    const fields = Object.entries(err.fieldErrors ?? {}).map(([k, fe]) => `  - ${k}: ${fe.message} [${fe.code}]`);
    const step = nextStep(err);
    const text = [`The service answered HTTP ${err.status} to ${err.method} ${err.path}: ${err.message}`, ...fields, ...(step ? [step] : [])].join('\n');
    return { text, error: { kind: 'api', status: err.status, code: err.code, message: err.message, ...(err.fieldErrors ? { fieldErrors: err.fieldErrors } : {}) } };
  }
  if (err instanceof ConnectionError) {
    const step = err.requestSent ? 'The request may have been carried out: check before calling again.' : 'Nothing reached the service: call again later.';
    return { text: `${err.message}\n${step}`, error: { kind: 'connection', code: err.code, message: err.message } };
  }
  const message = err instanceof Error ? err.message : String(err);
  return { text: message, error: { kind: err instanceof NotLoggedInError ? 'not-logged-in' : 'error', message } };
}

export function errorResult(err: unknown, scrub: Scrub): CallToolResult {
  const { text, error } = describe(err);
  return { isError: true, content: [{ type: 'text', text: scrub(text) }], structuredContent: JSON.parse(scrub(JSON.stringify({ error }))) as Record<string, unknown> };
}
