import type { IncomingMessage, ServerResponse } from 'node:http';
import { jsonDepth } from '../domain/jsonDepth.js';

/** An error answered in the API's exact envelope (spec §7). */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** A non-JSON success (spec §1: the download route returns raw bytes). */
export class RawReply {
  constructor(
    readonly contentType: string,
    readonly body: Buffer | string,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** A JSON answer serialised already (a list page spliced from stored JSON): sent as it is. */
export class JsonText {
  constructor(readonly text: string) {}
}

/** A success whose envelope carries more than `data` (spec §4.4: list and get add a top-level `form`). */
export class EnvelopeReply {
  constructor(
    readonly data: unknown,
    readonly extra: Record<string, unknown>,
  ) {}
}

export const MAX_JSON_BODY = 1024 * 1024;

export function readBody(req: IncomingMessage, limit = MAX_JSON_BODY): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        reject(new ApiFailure(400, `Request body is larger than ${limit} bytes`));
        req.resume();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
    onClientGone(req, () => reject(new ApiFailure(400, 'The client closed the connection before its request body was read')));
  });
}

/**
 * `gone` when the client leaves before its request body has been read to its end: at once for a
 * request destroyed already (a client that left while a route or the public pages loaded, or during
 * an injected latency), else at its 'close'. A destroyed request ends with neither 'end' nor 'error':
 * a body reader that did not ask would wait for ever, and the sandbox's close() with it.
 */
export function onClientGone(req: IncomingMessage, gone: () => void): void {
  const check = () => {
    if (!req.readableEnded) gone();
  };
  if (req.destroyed) check();
  else req.on('close', check);
}

/**
 * Arrays and objects a request body may nest (docs/sandbox.md "Sandbox assumptions"): the deepest
 * body of the API, a ten-level cascade of a form, needs some 25; what reads a body (validation, the
 * idempotency hash) walks it by recursion, which a body thousands deep would overflow.
 */
export const MAX_JSON_DEPTH = 64;

export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const raw = await readBody(req);
  if (raw.length === 0) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new ApiFailure(400, 'Invalid JSON body', { fieldErrors: { _form: { code: 'invalid_body', message: 'Body is not valid JSON' } } });
  }
  if (jsonDepth(raw, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw new ApiFailure(400, `JSON body nested deeper than ${MAX_JSON_DEPTH} levels`, { fieldErrors: { _form: { code: 'invalid_body', message: `arrays and objects nest at most ${MAX_JSON_DEPTH} deep` } } });
  }
  return parsed;
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = body instanceof JsonText ? body.text : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function success(data: unknown): { status: 'success'; data: unknown } {
  return { status: 'success', data };
}

export function failure(status: number, message: string, data: Record<string, unknown> = {}) {
  return { status: 'failed' as const, message, code: status, data };
}

/** A handler's result as the JSON to send: the envelope, with extra top-level members when asked. */
export function envelopeOf(data: unknown): Record<string, unknown> {
  return data instanceof EnvelopeReply ? { ...success(data.data), ...data.extra } : success(data);
}

export function sendRaw(res: ServerResponse, data: RawReply): void {
  res.writeHead(200, { 'content-type': data.contentType, 'content-length': Buffer.byteLength(data.body), ...data.headers });
  res.end(data.body);
}

/** An integer query parameter from 1 to max, or the default; anything else is a 400. */
export function intParam(query: URLSearchParams, name: string, fallback: number, max: number): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > max) throw new ApiFailure(400, `Invalid ${name}: expected an integer from 1 to ${max}`);
  return Number(raw);
}

/** A plain-text page for the public routes (not the API: no envelope). */
export function sendText(res: ServerResponse, status: number, text: string, type = 'text/plain'): void {
  res.writeHead(status, { 'content-type': type }).end(text);
}
