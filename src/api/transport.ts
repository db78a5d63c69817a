import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { ConnectionError } from '../errors.js';
import { proxyAuthorization, type Proxy } from './proxy.js';
import { networkFailureKind } from './retry.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

// The transport under ApiClient (api/http.ts): node:http(s) keep-alive, per-request timeouts, the
// proxy CONNECT tunnel, and the words for a request that never got an answer.

/** One HTTP exchange as the client asks it of a transport. */
export interface TransportRequest {
  url: URL;
  method: Method;
  headers: Record<string, string>;
  body?: Buffer | NodeJS.ReadableStream;
  timeoutMs: number;
}

export interface TransportResponse {
  status: number;
  headers: IncomingMessage['headers'];
  stream: IncomingMessage;
}

/**
 * What carries requests (octokit's injectable `fetch`): node:http(s) with keep-alive by default; tests
 * and benchmarks inject their own. A failure before any answer is a ConnectionError telling whether
 * the request may have reached the server.
 */
export interface Transport {
  send(req: TransportRequest): Promise<TransportResponse>;
  close(): void;
}

/**
 * node:http(s) with a keep-alive agent; node:https (and TLS) is loaded on the first https request only.
 * Through a proxy, https goes through a CONNECT tunnel: the proxy sees the host name, never the
 * request, its key or its answer. (Plain http is for loopback only, which never goes through one.)
 */
export class NodeHttpTransport implements Transport {
  private agent: HttpAgent | undefined;
  private loaded: Promise<{ request: typeof httpRequest; agent: HttpAgent }> | undefined;
  /** the latest request's timeout: a tunnel that does not open within it is given up */
  private timeoutMs = 30_000;

  constructor(
    private readonly https: boolean,
    private readonly proxy?: Proxy,
  ) {}

  private load(): Promise<{ request: typeof httpRequest; agent: HttpAgent }> {
    this.loaded ??= (async () => {
      if (this.https) {
        const https = await import('node:https');
        this.agent = this.proxy ? await tunnelAgent(https.Agent, this.proxy, () => this.timeoutMs) : new https.Agent({ keepAlive: true });
        return { request: https.request as unknown as typeof httpRequest, agent: this.agent };
      }
      this.agent = new HttpAgent({ keepAlive: true });
      return { request: httpRequest, agent: this.agent };
    })();
    return this.loaded;
  }

  close(): void {
    this.agent?.destroy();
  }

  async send(r: TransportRequest): Promise<TransportResponse> {
    this.timeoutMs = r.timeoutMs;
    const { request: send, agent } = await this.load();
    return new Promise<TransportResponse>((resolve, reject) => {
      let sent = false;
      let settled = false;
      // whether the server can have seen any of this request: a kept-alive socket, or a new one that
      // connected (and, for https, finished its TLS handshake)
      let reached = false;
      const onResponse = (res: IncomingMessage) => {
        settled = true;
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, stream: res });
      };
      const req = send(r.url, { method: r.method, headers: r.headers, agent }, onResponse);
      const timer = setTimeout(() => req.destroy(Object.assign(new Error(`no response within ${r.timeoutMs / 1000} s`), { code: 'ETIMEDOUT' })), r.timeoutMs);
      req.on('socket', (socket) => {
        if (req.reusedSocket) reached = true;
        else socket.once((socket as { encrypted?: boolean }).encrypted ? 'secureConnect' : 'connect', () => (reached = true));
      });
      req.on('finish', () => (sent = true));
      req.on('error', (err: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        if (settled) return;
        const code = err.code ?? 'ECONNERROR';
        // a connection that never opened reached nothing; anything after the body went out may have been processed
        reject(new ConnectionError(err.message, code, sent && reached, r.method, r.url.pathname, reached));
      });
      if (r.body && !Buffer.isBuffer(r.body)) {
        r.body.on('error', (e) => req.destroy(e));
        r.body.pipe(req);
      } else {
        req.end(r.body);
      }
    });
  }
}

/** A keep-alive https agent whose connections are TLS sessions inside CONNECT tunnels through `proxy`. */
async function tunnelAgent(Agent: typeof import('node:https').Agent, proxy: Proxy, timeoutMs: () => number): Promise<HttpAgent> {
  const tls = await import('node:tls');
  class TunnelAgent extends Agent {
    // the callback form of createConnection: node's agent waits for it
    override createConnection(options: import('node:http').ClientRequestArgs & { servername?: string }, callback?: (err: Error | null, stream: import('node:stream').Duplex) => void): undefined {
      const done = callback!;
      const target = `${options.host}:${options.port ?? 443}`;
      const auth = proxyAuthorization(proxy);
      const headers: Record<string, string> = auth ? { host: target, 'proxy-authorization': auth } : { host: target };
      const connect = httpRequest({ host: proxy.url.hostname, port: Number(proxy.url.port || 80), method: 'CONNECT', path: target, agent: false, headers });
      connect.once('connect', (res, socket, head) => {
        socket.setTimeout(0); // the tunnel's wait is over: the request's own timer rules from here
        if (res.statusCode !== 200) {
          socket.destroy();
          const status = res.statusCode ?? 0;
          const code = status === 407 ? 'EPROXYAUTH' : status >= 500 ? 'EPROXYUPSTREAM' : 'EPROXYREFUSED';
          const why = status === 407 ? (auth ? ': the credentials in its URL were refused' : ': give them in its URL, http://user:password@host:port') : '';
          const answer = `${status}${res.statusMessage ? ` ${res.statusMessage}` : ''}`;
          done(Object.assign(new Error(`the proxy ${proxy.shown} (${proxy.from}) answered ${answer} to the tunnel to ${target}${why}`), { code }), undefined as never);
          return;
        }
        if (head.length) socket.unshift(head);
        done(null, tls.connect({ ...(options as import('node:tls').ConnectionOptions), socket, servername: options.servername ?? options.host ?? undefined }));
      });
      connect.once('error', (e) => done(e, undefined as never));
      // a proxy that takes the connection and never answers must not keep the process alive
      connect.setTimeout(timeoutMs(), () =>
        connect.destroy(Object.assign(new Error(`the proxy ${proxy.shown} (${proxy.from}) did not open the tunnel to ${target} within ${timeoutMs() / 1000} s`), { code: 'ETIMEDOUT' })),
      );
      connect.end();
      return undefined;
    }
  }
  return new TunnelAgent({ keepAlive: true });
}

/** A network failure in words: what failed, where, and what to try. */
export function describeNetworkError(code: string, url: URL, message: string, proxy?: Proxy): string {
  const kind = networkFailureKind(code);
  if (kind === 'proxy') return message;
  // through a proxy, formctl only ever connects to (and resolves) the proxy itself
  if (proxy && code === 'ECONNREFUSED') return `cannot connect to the proxy ${proxy.shown} (${proxy.from}): connection refused`;
  if (proxy && code === 'ENOTFOUND') return `cannot resolve the host of the proxy ${proxy.shown} (${proxy.from})`;
  if (kind === 'tls-certificate') {
    if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || code === 'HOSTNAME_MISMATCH') return `the TLS certificate of ${url.origin} is not for ${url.hostname}: ${message}`;
    if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') return `the TLS certificate of ${url.origin} is not valid now (${message}): check this machine's clock`;
    return `the TLS certificate of ${url.origin} is not trusted (${message}); if your network inspects TLS with its own certificate authority, give that authority's certificate (PEM) in NODE_EXTRA_CA_CERTS`;
  }
  if (kind === 'tls-handshake') {
    // OpenSSL's text names its source file and line: only its reason is worth showing
    const reason = /:([^:]+):[^:]*\.c:\d+/.exec(message)?.[1] ?? message;
    return /wrong version number|packet length too long|http request/i.test(reason)
      ? `${url.origin} does not speak TLS (${reason}): is the base URL http:// rather than https://?`
      : `the TLS handshake with ${url.origin} failed: ${reason}`;
  }
  switch (code) {
    case 'ECONNREFUSED':
      return `cannot connect to ${url.origin}: connection refused`;
    case 'ETIMEDOUT':
      return `${url.origin} did not answer: ${message}`;
    case 'ECONNRESET':
    case 'EPIPE':
      return `connection to ${url.origin} was dropped before an answer`;
    case 'ENOTFOUND':
      return `cannot resolve host ${url.hostname}`;
    default:
      return `network error talking to ${url.origin}: ${message}`;
  }
}
