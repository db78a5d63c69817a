import type { Envelope } from '../domain/contract/schemas.js';
import { ApiError } from '../errors.js';

// A response's text as the envelope of spec §1, or the ApiError it says: for the API client
// (http.ts), `formctl api` and the pages that sync's SQLite worker parses itself (which load no client).

/** The success envelope (a 2xx whose status is "success"); anything else is thrown as its ApiError. */
export function envelopeOf<T>(status: number, text: string, method: string, path: string): Envelope<T> {
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (status >= 200 && status < 300 && (body as { status?: unknown } | undefined)?.status === 'success') return body as Envelope<T>;
  throw apiErrorOf(status, body, text, method, path);
}

/**
 * spec §7: a failed answer as an ApiError, from its error envelope when it has one (a body that is
 * not an envelope is quoted, shortened).
 */
export function apiErrorOf(status: number, body: unknown, text: string, method: string, path: string): ApiError {
  const env = body as { status?: string; message?: string; code?: number; data?: unknown } | undefined;
  if (env && typeof env === 'object' && (env.status === 'failed' || typeof env.message === 'string')) {
    return new ApiError(status, env.message ?? `HTTP ${status}`, env.code ?? status, (env.data as Record<string, unknown>) ?? {}, method, path);
  }
  const snippet = text.slice(0, 200).replace(/\s+/g, ' ');
  return new ApiError(status, `unexpected response (HTTP ${status})${snippet ? `: ${snippet}` : ''}`, status, {}, method, path);
}

