import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { Envelope } from '../domain/contract/schemas.js';
import { ApiError, ConnectionError } from '../errors.js';
import type { Proxy } from './proxy.js';
import { decideRetry, parseRetryAfter, type Outcome } from './retry.js';
import { readChunks, readText, textOf } from './bodyText.js';
import { envelopeOf } from './envelope.js';
import { describeNetworkError, NodeHttpTransport, type Method, type Transport, type TransportResponse } from './transport.js';

// the methods are the transport's; the client's callers take them from here
export type { Method };
export type Query = Record<string, string | number | boolean | undefined | Array<string | number>>;

export interface RequestOptions {
  method: Method;
  /** path below the base URL, e.g. /forms/ABC */
  path: string;
  query?: Query;
  body?: unknown;
  idempotencyKey?: string;
  /** override: a POST that is safe to repeat (or a GET that is not) */
  safeToRepeat?: boolean;
  headers?: Record<string, string>;
  /** a non-JSON body (multipart uploads): opened again for each attempt, never held in memory */
  stream?: { contentType: string; length: number; open: () => NodeJS.ReadableStream };
}

export interface ClientOptions {
  transport?: Transport;
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  retries?: number;
  userAgent?: string;
  /** the proxy to go through (api/proxy.ts reads it from the environment); none: direct */
  proxy?: Proxy;
  /** request log line sink (--verbose); never given the key */
  log?: (line: string) => void;
  /** told before each retry's wait (a terminal shows it, so long retries are not silent) */
  onRetry?: (r: { method: Method; path: string; attempt: number; delayMs: number; why: string }) => void;
  /** told before each request goes out (retries included); may throw to stop it (--max-requests) */
  beforeSend?: (sent: number) => void;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
  baseDelayMs?: number;
}

export type { Envelope };

type RawResponse = TransportResponse;

const IDEMPOTENT: ReadonlySet<Method> = new Set(['GET', 'PUT', 'DELETE']);

export function buildQuery(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    // spec §4.1: list parameters are repeated once per value (ids=A&ids=B), never comma-joined
    if (Array.isArray(v)) for (const item of v) params.append(k, String(item));
    else params.append(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/**
 * The one HTTP layer: base URL + Bearer key, JSON envelope decoding into data or ApiError, the retry
 * policy, Idempotency-Key, a request log with the key never in it, and a count of requests made
 * (each one costs quota). Transport is node:http(s): see docs/benchmarks.md "undici or node:http" for why not undici.
 */
export class ApiClient {
  readonly base: URL;
  private readonly transport: Transport;
  private readonly key: string;
  /** requests that may have reached the service (each costs quota); attempts that never connected are not counted */
  requestCount = 0;
  private closed = false;

  constructor(private readonly opts: ClientOptions) {
    this.base = new URL(opts.baseUrl.replace(/\/+$/, ''));
    this.key = opts.apiKey;
    this.transport = opts.transport ?? new NodeHttpTransport(this.base.protocol === 'https:', opts.proxy);
  }

  /**
   * Ends the client's connections; from then on it sends nothing and retries nothing (a run stopped
   * by Ctrl-C closes it first: the requests the signal cut are not tried again meanwhile).
   */
  close(): void {
    this.closed = true;
    this.transport.close();
  }

  /** the key this client sends, for scrubbing it out of text shown to others (never to print) */
  get keyForScrubbing(): string {
    return this.key;
  }

  /** Absolute URL of a path; the key is only ever sent to this origin. */
  url(path: string, query?: Query): URL {
    if (!path.startsWith('/')) path = `/${path}`;
    return new URL(`${this.base.pathname.replace(/\/$/, '')}${path}${buildQuery(query)}`, this.base.origin);
  }

  async request<T>(opts: RequestOptions): Promise<Envelope<T>> {
    return (await this.exchange<T>(opts)).envelope;
  }

  /** The envelope and the response headers (e.g. Idempotent-Replayed). */
  async exchange<T>(opts: RequestOptions): Promise<{ envelope: Envelope<T>; headers: IncomingMessage['headers'] }> {
    const res = await this.send(opts);
    return { envelope: await this.decode<T>(opts, res), headers: res.headers };
  }

  /**
   * A success's body as the bytes that came, read now (the connection is free again); an error status
   * is thrown now, its ApiError decoded as by request. For pages fetched ahead of their turn
   * (pageWalker.ts): bytes wait outside V8's heap, where the objects of a parsed page would be copied
   * by every young-generation collection until their turn came, and make it grow (an export's peak
   * RSS); and a page can be handed on undecoded (sync's SQLite worker parses its own).
   */
  async requestChunks(opts: RequestOptions): Promise<Buffer[]> {
    const res = await this.send(opts);
    const chunks = await readChunks(res.stream);
    // an answer outside 2xx is never a success: its ApiError is thrown now (decoded only for that)
    if (res.status < 200 || res.status >= 300) this.decodeText(opts, res, textOf(chunks));
    return chunks;
  }

  async data<T>(opts: RequestOptions): Promise<T> {
    return (await this.request<T>(opts)).data;
  }

  /** For the one binary route (spec §1): returns the body stream un-buffered on success. */
  async stream(opts: RequestOptions): Promise<{ contentType: string; length?: number; body: IncomingMessage }> {
    const res = await this.send(opts);
    const type = String(res.headers['content-type'] ?? '');
    if (res.status >= 200 && res.status < 300 && !type.includes('application/json')) {
      const len = res.headers['content-length'];
      return { contentType: type, length: len ? Number(len) : undefined, body: res.stream };
    }
    await this.decode(opts, res); // throws the ApiError (or a protocol error)
    throw new ApiError(res.status, 'expected a binary response, got JSON', res.status, {}, opts.method, opts.path);
  }

  /** Any response after the retry policy, undecoded: for `formctl api`. */
  async raw(opts: RequestOptions): Promise<{ status: number; contentType: string; body: IncomingMessage }> {
    const res = await this.send(opts);
    return { status: res.status, contentType: String(res.headers['content-type'] ?? ''), body: res.stream };
  }

  private async decode<T>(opts: RequestOptions, res: RawResponse): Promise<Envelope<T>> {
    return this.decodeText<T>(opts, res, await readText(res.stream));
  }

  /** A response's envelope from its text (envelope.ts), an ApiError with the wait the service asked for. */
  private decodeText<T>(opts: RequestOptions, res: Pick<RawResponse, 'status' | 'headers'>, text: string): Envelope<T> {
    try {
      return envelopeOf<T>(res.status, text, opts.method, opts.path);
    } catch (err) {
      const wait = parseRetryAfter(headerValue(res.headers['retry-after']), (this.opts.now ?? Date.now)());
      if (wait !== undefined) (err as ApiError).retryAfter = Math.ceil(wait / 1000);
      throw err;
    }
  }

  private async send(opts: RequestOptions): Promise<RawResponse> {
    const safeToRepeat = opts.safeToRepeat ?? (IDEMPOTENT.has(opts.method) || opts.idempotencyKey !== undefined);
    const sleep = this.opts.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
    // the request as the log shows it: made only when there is a log (an export sends thousands)
    const shown = this.opts.log ? `${opts.method} ${this.url(opts.path, opts.query).pathname}${buildQuery(opts.query)}` : '';
    for (let attempt = 1; ; attempt++) {
      if (this.closed) throw new Error(`${opts.method} ${opts.path}: not sent, the client was closed (the run is ending)`);
      const started = Date.now();
      let outcome: Outcome;
      let failure: Error;
      try {
        const res = await this.once(opts);
        const ms = Math.round(Date.now() - started);
        if (res.status < 400) {
          this.opts.log?.(`${shown} → ${res.status} (${ms} ms)`);
          return res;
        }
        // peek at the error envelope to tell a quota 429 from a transient one, then hand it on
        const text = await readText(res.stream);
        let message = '';
        try {
          message = String(JSON.parse(text).message ?? '');
        } catch { /* not JSON */ }
        outcome = { kind: 'status', status: res.status, message, retryAfter: headerValue(res.headers['retry-after']) };
        const decision = this.decide(attempt, safeToRepeat, outcome);
        this.opts.log?.(`${shown} → ${res.status} (${ms} ms)${decision.retry ? `; retrying in ${(decision.delayMs / 1000).toFixed(1)} s: ${decision.reason}` : ''}`);
        if (!decision.retry || this.closed) return { ...res, stream: replay(res.stream, text) };
        this.opts.onRetry?.({ method: opts.method, path: opts.path, attempt, delayMs: decision.delayMs, why: `HTTP ${res.status}${message ? ` (${message})` : ''}` });
        await sleep(decision.delayMs);
        continue;
      } catch (e) {
        if (!(e instanceof ConnectionError) || this.closed) throw e;
        failure = e;
        outcome = { kind: 'network', code: e.code, requestSent: e.requestSent };
      }
      const decision = this.decide(attempt, safeToRepeat, outcome);
      const ms = Math.round(Date.now() - started);
      this.opts.log?.(`${shown} → ${outcome.code} (${ms} ms)${decision.retry ? `; retrying in ${(decision.delayMs / 1000).toFixed(1)} s` : `; ${decision.reason}`}`);
      if (!decision.retry) throw failure;
      this.opts.onRetry?.({ method: opts.method, path: opts.path, attempt, delayMs: decision.delayMs, why: failure.message });
      await sleep(decision.delayMs);
    }
  }

  private decide(attempt: number, safeToRepeat: boolean, outcome: Outcome) {
    return decideRetry({
      attempt,
      maxRetries: this.opts.retries ?? 3,
      safeToRepeat,
      outcome,
      random: this.opts.random ?? Math.random,
      nowMs: this.opts.now ?? Date.now,
      baseDelayMs: this.opts.baseDelayMs,
    });
  }

  private async once(opts: RequestOptions): Promise<RawResponse> {
    const url = this.url(opts.path, opts.query);
    if (url.origin !== this.base.origin) throw new Error('refusing to send the API key to another origin');
    this.opts.beforeSend?.(this.requestCount);
    const payload = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${this.key}`,
      'user-agent': this.opts.userAgent ?? 'formctl',
      ...opts.headers,
    };
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    } else if (opts.stream) {
      headers['content-type'] = opts.stream.contentType;
      headers['content-length'] = String(opts.stream.length);
    }
    if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
    this.requestCount++;
    const body = opts.stream ? opts.stream.open() : payload;
    try {
      return await this.transport.send({ url, method: opts.method, headers, body, timeoutMs: this.opts.timeoutMs ?? 30_000 });
    } catch (e) {
      if (!(e instanceof ConnectionError)) throw e;
      // the service never saw it (no connection, or TLS refused before any byte of HTTP): no quota spent
      if (!e.reached) this.requestCount--;
      throw new ConnectionError(describeNetworkError(e.code, url, e.message, this.opts.proxy), e.code, e.requestSent, opts.method, opts.path, e.reached);
    }
  }
}

function headerValue(h: string | string[] | undefined): string | null {
  return Array.isArray(h) ? (h[0] ?? null) : (h ?? null);
}

/** A consumed error body handed on as a fresh stream for decoding, with the response's head (`api -i` prints it). */
function replay(original: IncomingMessage, text: string): IncomingMessage {
  const { headers, rawHeaders, httpVersion, statusCode, statusMessage } = original;
  return Object.assign(Readable.from([Buffer.from(text)]), { headers, rawHeaders, httpVersion, statusCode, statusMessage }) as unknown as IncomingMessage;
}
