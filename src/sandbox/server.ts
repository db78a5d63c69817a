import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { Plan } from '../domain/plans.js';
import { isLoopbackHost } from '../domain/urls.js';
import type { ContractChecker } from './contract.js';
import { WebhookDispatcher } from './dispatcher.js';
import { EventBus } from './events.js';
import { FaultInjector, NO_FAULTS, type FaultProfile } from './faults.js';
import { failure, sendJson } from './http.js';
import type { SandboxInstance } from './instance.js';
import { API_PREFIX, handleApi } from './pipeline.js';
import { MAIN_ACCOUNT, SandboxStore } from './repo/store.js';
import type { SeededKey } from './repo/members.js';
import { API_ROUTES } from './routes/index.js';
import { SubmissionPages } from './submissionPages.js';
import { Throttle } from './throttle.js';
import { THROTTLE_LIMIT, THROTTLE_WINDOW_MS } from './routes/uploads.js';
import { RouteTable } from './routing.js';

export { API_PREFIX };

export interface SandboxOptions {
  dataDir: string;
  host?: string;
  port?: number;
  plan?: Plan;
  quota?: number;
  faults?: FaultProfile;
  /** check every request and response against the OpenAPI description (tests); `cacheDir`: see contract.ts */
  contract?: boolean | { cacheDir?: string };
  /** required (header X-Sandbox-Token) by the /_sandbox routes; set when serving beyond loopback */
  adminToken?: string;
  /**
   * the origin of the links in responses (short links, QR images, files, CSV links), instead of the
   * one the client used: an in-process sandbox listens on a port of its own for one command, and
   * still issues the sandbox's one address, where `sandbox serve` answers them
   */
  linkOrigin?: string;
}

/** a Host header: a name or IPv4 address of at most 253 characters, or a bracketed IPv6 address, and an optional port */
const HOST_HEADER = /^(?:[a-z0-9_](?:[a-z0-9_.-]{0,251}[a-z0-9_])?|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/**
 * `.` or `..` as a path segment, read as the URL parser will read the path: percent-encoded dots,
 * and `\` (and its encodings) as a separator, since the parser turns it into `/` for http URLs.
 */
export function hasDotSegment(rawUrl: string): boolean {
  const path = rawUrl.split('?')[0]!.replace(/%2e/gi, '.').replace(/%2f|%5c|\\/gi, '/');
  return path.split('/').some((seg) => seg === '.' || seg === '..');
}

/**
 * What every answer carries unless its route says otherwise: no type sniffing, and no script, frame
 * or plugin of any kind (the form pages set a policy of their own). A file someone uploaded then
 * runs nothing on this origin, where the admin routes are.
 */
const DEFAULT_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/** A refusal written to the socket itself (Node gives no response object): envelope, default headers, close. */
function refuseOnSocket(socket: Duplex, status: number, message: string, extra: Record<string, string> = {}): void {
  const body = JSON.stringify(failure(status, message));
  const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`, 'Content-Type: application/json; charset=utf-8', `Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close'];
  for (const [k, v] of Object.entries({ ...DEFAULT_HEADERS, ...extra })) head.push(`${k}: ${v}`);
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}

/** Requests Node refuses before any handler (bad method, bad headers, too big): the envelope too. */
function answerClientError(err: NodeJS.ErrnoException & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  refuseOnSocket(socket, status, status === 431 ? 'Request headers too large' : status === 408 ? 'Request timeout' : 'Malformed HTTP request');
}

/** CONNECT asks for a tunnel (Node would drop the connection unanswered): no route takes it. */
function answerConnect(_req: IncomingMessage, socket: Duplex): void {
  if (!socket.writable) return void socket.destroy();
  refuseOnSocket(socket, 405, 'CONNECT is not supported: the sandbox is not a proxy', { allow: 'GET, POST, PUT, PATCH, DELETE' });
}

/** An Expect other than 100-continue (Node's own answer is a bare 417): refused before the body is read. */
function answerExpectation(_req: IncomingMessage, res: ServerResponse): void {
  for (const [k, v] of Object.entries(DEFAULT_HEADERS)) res.setHeader(k, v);
  sendJson(res, 417, failure(417, 'Expectation failed: only "Expect: 100-continue" is supported'), { connection: 'close' });
}

export interface RunningSandbox {
  baseUrl: string;
  origin: string;
  store: SandboxStore;
  keys: SeededKey[];
  faults: FaultInjector;
  contract?: ContractChecker;
  server: Server;
  close(): Promise<void>;
}

const apiRoutes = new RouteTable(API_ROUTES);

/** A sandbox's state without a server: its store, clock, events, faults and caches. */
/** how many Host lines a request carries (rawHeaders: name, value, name, value…) */
function hostLines(raw: string[]): number {
  let n = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.length === 4 && raw[i]!.toLowerCase() === 'host') n++;
  return n;
}

export function createInstance(opts: Pick<SandboxOptions, 'dataDir' | 'plan' | 'quota' | 'faults' | 'host'>, closing: AbortSignal): SandboxInstance {
  const store = new SandboxStore(opts.dataDir);
  if (opts.plan) store.accounts.update(MAIN_ACCOUNT, { plan: opts.plan });
  if (opts.quota !== undefined) store.accounts.update(MAIN_ACCOUNT, { quota: opts.quota });
  store.sweepPendingFiles(Date.now() + store.meta.clockOffsetMs());
  return {
    store,
    closing,
    now: () => new Date(Date.now() + store.meta.clockOffsetMs()),
    events: new EventBus(),
    faults: new FaultInjector(opts.faults ?? NO_FAULTS),
    pages: new SubmissionPages(),
    uploadThrottle: new Throttle(THROTTLE_LIMIT, THROTTLE_WINDOW_MS),
    publicTargetsOnly: !isLoopbackHost(opts.host ?? '127.0.0.1'),
  };
}

/**
 * The contract checks an environment asks for: FORMCTL_SANDBOX_CONTRACT=1 turns them on (tests),
 * FORMCTL_SANDBOX_CONTRACT_CACHE=DIR keeps the compiled validators there for the next process.
 */
export function contractChecks(env: Record<string, string | undefined>): SandboxOptions['contract'] {
  return env.FORMCTL_SANDBOX_CONTRACT === '1' && { cacheDir: env.FORMCTL_SANDBOX_CONTRACT_CACHE || undefined };
}

/** Serves API v1 under /v1, the /_sandbox admin routes, and the public pages, over node:http. */
export async function startSandbox(opts: SandboxOptions): Promise<RunningSandbox> {
  const closing = new AbortController();
  const sb = createInstance(opts, closing.signal);
  // the requests being answered: close() lets them finish before it closes the store
  const inFlight = new Set<Promise<unknown>>();
  if (opts.contract) sb.contract = await (await import('./contract.js')).ContractChecker.create(opts.contract === true ? undefined : opts.contract.cacheDir);
  const dispatcher = new WebhookDispatcher(sb.store, sb.events, sb.publicTargetsOnly);

  // the Host check is ours (Node's own refusal is a bare 400): the same envelope and headers as any
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    for (const [k, v] of Object.entries(DEFAULT_HEADERS)) res.setHeader(k, v);
    // RFC 9112 §3.2: an HTTP/1.1 request without Host is a 400, and so is one with two (Node keeps
    // the first; a proxy in front that kept the last would see another host than the checks here)
    if (req.headers.host === undefined && req.httpVersion === '1.1') return sendJson(res, 400, failure(400, 'Missing Host header (HTTP/1.1 requires one)'), { connection: 'close' });
    if (hostLines(req.rawHeaders) > 1) return sendJson(res, 400, failure(400, 'More than one Host header'), { connection: 'close' });
    // RFC 9110 §7.2: a host and a port, nothing else; links and QR images are made from it
    if (req.headers.host !== undefined && !HOST_HEADER.test(req.headers.host)) return sendJson(res, 400, failure(400, 'Invalid Host header (expected host or host:port)'), { connection: 'close' });
    // a path with dot segments (/v1/forms/../../_sandbox/keys) would be normalised into another
    // route: refused as it is, never resolved
    if (hasDotSegment(req.url ?? '/')) return sendJson(res, 400, failure(400, 'Path must not contain . or .. segments'));
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const origin = opts.linkOrigin ?? `http://${req.headers.host ?? 'localhost'}`;
    let work: Promise<void | false>;
    if (url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`)) work = handleApi(sb, apiRoutes, req, res, url, origin);
    // the admin routes (and the zod schemas of their bodies) and the public pages load with their
    // first request: a command's embedded sandbox answers the API only
    else if (url.pathname.startsWith('/_sandbox/')) work = import('./admin/routes.js').then((m) => m.handleAdmin(sb, req, res, url, opts.adminToken));
    else work = import('./public/routes.js').then((m) => m.handlePublic(sb, req, res, url, origin));
    const done = work
      .then((w) => (w === false ? sendJson(res, 404, failure(404, `Route not found: ${req.method} ${url.pathname}`)) : undefined))
      .catch((e: unknown) => {
        process.stderr.write(`sandbox: ${(e as Error)?.stack ?? String(e)}\n`);
        if (!res.headersSent) sendJson(res, 500, failure(500, 'Internal server error'));
        else res.destroy();
      })
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  });
  server.keepAliveTimeout = 10_000;
  server.on('clientError', answerClientError);
  server.on('connect', answerConnect);
  server.on('checkExpectation', answerExpectation);

  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    baseUrl: `${origin}${API_PREFIX}`,
    origin,
    store: sb.store,
    keys: sb.store.members.seededKeys(),
    faults: sb.faults,
    contract: sb.contract,
    server,
    close: async () => {
      await dispatcher.close();
      closing.abort();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      // a request whose client is gone (killed mid-export) may still be running: the store stays
      // open until it ends, so it never meets a closed database
      await Promise.allSettled([...inFlight]);
      sb.store.close();
    },
  };
}
