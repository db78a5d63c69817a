// Which proxy a request goes through, read from the environment as curl and Go read it. Pure, so
// every rule is unit-tested; the transport (http.ts) does the tunnelling.

import { UsageError } from '../errors.js';

export interface Proxy {
  /** the proxy's URL, credentials included (never printed: show `shown`) */
  url: URL;
  /** the variable it came from, for messages */
  from: string;
  /** scheme, host and port: safe to print */
  shown: string;
}

type Env = Record<string, string | undefined>;

/**
 * The proxy for requests to `target`: `https_proxy` or `HTTPS_PROXY` (the lower-case name first, as
 * curl does). None for plain http, which formctl allows for loopback hosts only (the sandbox is always
 * reached directly), for loopback https, and for hosts that `no_proxy`/`NO_PROXY` names. A value
 * that cannot be used is a UsageError (exit 2 before any request).
 */
export function proxyFor(target: URL, env: Env): Proxy | undefined {
  if (target.protocol !== 'https:') return undefined;
  const from = ['https_proxy', 'HTTPS_PROXY'].find((n) => (env[n] ?? '').trim() !== '');
  if (!from) return undefined;
  const host = bareHost(target.hostname);
  if (isLoopback(host) || bypassed(host, port(target), env.no_proxy ?? env.NO_PROXY ?? '')) return undefined;
  const raw = env[from]!.trim();
  let url: URL;
  try {
    // a value without a scheme ("proxy.example:3128") means http://, as in curl
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`);
  } catch {
    throw new UsageError(`${from}: not a URL: expected http://host:port`);
  }
  if (url.protocol !== 'http:') throw new UsageError(`${from}: only http:// proxies are supported (got ${url.protocol}//)`);
  return { url, from, shown: `http://${url.host}` };
}

/** The Proxy-Authorization header of a proxy URL with credentials. */
export function proxyAuthorization(proxy: Proxy): string | undefined {
  if (!proxy.url.username && !proxy.url.password) return undefined;
  const user = decodeURIComponent(proxy.url.username);
  const pass = decodeURIComponent(proxy.url.password);
  return `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
}

const bareHost = (h: string) => h.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
const port = (u: URL) => u.port || (u.protocol === 'https:' ? '443' : '80');

function isLoopback(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '::1';
}

/**
 * no_proxy: a comma- or space-separated list. `*` matches every host; `example.com` and
 * `.example.com` match that host and its subdomains; an IP matches that address; `host:port`
 * matches that port only.
 */
function bypassed(host: string, targetPort: string, list: string): boolean {
  for (const raw of list.split(/[\s,]+/)) {
    let entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    let entryPort: string | undefined;
    const m = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(entry);
    if (m) {
      entry = m[1]!;
      entryPort = m[2];
    }
    if (entryPort && entryPort !== targetPort) continue;
    entry = bareHost(entry).replace(/^\*?\./, '');
    if (host === entry || host.endsWith(`.${entry}`)) return true;
  }
  return false;
}
