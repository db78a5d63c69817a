// The real service is https only: formctl over TLS, end to end. A TLS-terminating proxy with a
// self-signed certificate (test/fixtures/tls) stands in front of a served sandbox; for the proxy
// tests, an HTTP proxy (CONNECT tunnels and absolute-form requests) stands in front of both.
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type Server as HttpServer } from 'node:http';
import { createServer, type Server } from 'node:https';
import { connect, type AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../helpers/sandbox.js';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/tls');
const CA = `${FIXTURES}/localhost.crt`;

let sb: SandboxHandle;
let proxy: Server;
let httpsBase: string;
/** TCP connections the proxy accepted, and the TLS sessions that completed on them */
const seen = { connections: 0, secure: 0, authorization: [] as string[] };

beforeAll(async () => {
  sb = await startSandbox();
  const target = new URL(sb.origin);
  proxy = createServer({ key: readFileSync(`${FIXTURES}/localhost.key`), cert: readFileSync(CA) }, (req, res) => {
    seen.authorization.push(String(req.headers.authorization ?? ''));
    const up = httpRequest({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(up);
  });
  proxy.on('connection', () => seen.connections++);
  proxy.on('secureConnection', () => seen.secure++);
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  httpsBase = `https://127.0.0.1:${(proxy.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  for (const s of [proxy, ...forwardProxies]) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
  await sb.stop();
});

const quotaUsed = async (env: Record<string, string>) => JSON.parse((await sb.cli(['quota', '-o', 'json'], { env })).stdout).used as number;

describe('formctl over https', () => {
  it('works end to end with a certificate the machine trusts (NODE_EXTRA_CA_CERTS), the key going to that origin only', async () => {
    const env = { FORMCTL_BASE_URL: httpsBase, NODE_EXTRA_CA_CERTS: CA };
    const before = seen.authorization.length;
    const created = await sb.cli(['forms', 'create', '--title', 'Over TLS', '--field', 'email:E-mail*', '-o', 'json'], { env });
    expect(created.stderr).toBe('');
    expect(created.exitCode).toBe(0);
    const qrId = JSON.parse(created.stdout).qrId as string;
    const listed = await sb.cli(['forms', 'list', '-o', 'json'], { env });
    expect(listed.exitCode).toBe(0);
    expect(JSON.parse(listed.stdout).map((f: { qrId: string }) => f.qrId)).toContain(qrId);
    // both requests went through the proxy with the profile's key
    expect(seen.authorization.slice(before)).toEqual([`Bearer ${sb.keys.owner}`, `Bearer ${sb.keys.owner}`]);
    expect(await quotaUsed(env)).toBe(2);
  });

  it('an untrusted certificate: one attempt, a message naming NODE_EXTRA_CA_CERTS, exit 1, and no quota counted', async () => {
    const env = { FORMCTL_BASE_URL: httpsBase, FORMCTL_CONFIG_DIR: `${sb.configDir}-untrusted` };
    const connections = seen.connections;
    const secure = seen.secure;
    const logged = await sb.lastRequestId();
    const r = await sb.cli(['forms', 'list', '--verbose'], { env });
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe('');
    // formctl's own words; the reason in brackets is OpenSSL's, and its wording varies with the Node
    expect(r.stderr).toContain(`error: the TLS certificate of ${new URL(httpsBase).origin} is not trusted (`);
    expect(r.stderr).toContain('NODE_EXTRA_CA_CERTS');
    expect(r.stderr).not.toMatch(/retrying|at .*\.js:\d+/);
    expect(r.stderr).toContain('[api] 0 API requests this run');
    // not repeated: the proxy saw one connection, no TLS session, and the sandbox no request
    expect(seen.connections - connections).toBe(1);
    expect(seen.secure - secure).toBe(0);
    expect(await sb.requestsSince(logged)).toEqual([]);
    expect(await quotaUsed(env)).toBe(0);
  });

  it('an https:// base URL on a plain http server: says so at once, without retrying', async () => {
    const plain = new URL(sb.baseUrl);
    const env = { FORMCTL_BASE_URL: `https://${plain.host}${plain.pathname}`, FORMCTL_CONFIG_DIR: `${sb.configDir}-plain` };
    const logged = await sb.lastRequestId();
    const r = await sb.cli(['forms', 'list', '--verbose'], { env });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`error: https://${plain.host.replace(/\./g, '\\.')} does not speak TLS \\(.+\\): is the base URL http:// rather than https://\\?`));
    expect(r.stderr.match(/\[api\] GET /g)).toHaveLength(1);
    expect(r.stderr).toContain('[api] 0 API requests this run');
    expect(await sb.requestsSince(logged)).toEqual([]);
  });
});

// An HTTP proxy as companies run them, for https: CONNECT tunnels only. `api.formctl.test` (a name
// only this proxy resolves) is the TLS front of the sandbox. With `credentials`, it answers 407
// unless the client sends them.
interface ForwardProxy {
  url: string;
  tunnels: Array<{ target: string; proxyAuthorization?: string; authorization?: string }>;
}
const forwardProxies: HttpServer[] = [];
async function startForwardProxy(credentials?: string): Promise<ForwardProxy> {
  const log: ForwardProxy = { url: '', tunnels: [] };
  const expected = credentials ? `Basic ${Buffer.from(credentials).toString('base64')}` : undefined;
  // requests that are not CONNECT: this proxy forwards none
  const server = createHttpServer((_req, res) => res.writeHead(405).end());
  server.on('connect', (req, client, head) => {
    log.tunnels.push({ target: req.url!, proxyAuthorization: req.headers['proxy-authorization'], authorization: req.headers.authorization });
    if (expected && req.headers['proxy-authorization'] !== expected) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    if (req.url !== 'api.formctl.test:443') return void client.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
    const up = connect(Number(new URL(httpsBase).port), '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      up.write(head);
      up.pipe(client);
      client.pipe(up);
    });
    up.on('error', () => client.destroy());
    client.on('error', () => up.destroy());
  });
  forwardProxies.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  log.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return log;
}

describe('formctl through an HTTP proxy (HTTPS_PROXY, NO_PROXY)', () => {
  const remote = 'https://api.formctl.test/v1';

  it('tunnels https with CONNECT: the proxy sees the host, never the key', async () => {
    const fp = await startForwardProxy();
    const before = seen.authorization.length;
    const r = await sb.cli(['forms', 'list', '-o', 'json', '--verbose'], { env: { FORMCTL_BASE_URL: remote, HTTPS_PROXY: fp.url, NODE_EXTRA_CA_CERTS: CA } });
    expect(r.stderr).toContain(`[api] through the proxy ${fp.url} (HTTPS_PROXY)`);
    expect(r.exitCode).toBe(0);
    expect(Array.isArray(JSON.parse(r.stdout))).toBe(true);
    expect(fp.tunnels).toEqual([{ target: 'api.formctl.test:443', proxyAuthorization: undefined, authorization: undefined }]);
    expect(seen.authorization.slice(before)).toEqual([`Bearer ${sb.keys.owner}`]);
  });

  it('sends the credentials of the proxy URL as Proxy-Authorization, and never prints them', async () => {
    const fp = await startForwardProxy('formctl:pr0xy-s3cret');
    const r = await sb.cli(['forms', 'list', '-o', 'json', '--verbose'], { env: { FORMCTL_BASE_URL: remote, https_proxy: fp.url.replace('//', '//formctl:pr0xy-s3cret@'), NODE_EXTRA_CA_CERTS: CA } });
    expect(r.exitCode).toBe(0);
    expect(fp.tunnels.map((t) => t.proxyAuthorization)).toEqual([`Basic ${Buffer.from('formctl:pr0xy-s3cret').toString('base64')}`]);
    expect(`${r.stdout}${r.stderr}`).not.toContain('pr0xy-s3cret');
    expect(r.stderr).toContain(`through the proxy ${fp.url} (https_proxy)`);
  });

  it('a 407 from the proxy: one attempt, a message saying where the credentials go, exit 1, nothing counted', async () => {
    const fp = await startForwardProxy('formctl:pr0xy-s3cret');
    const env = { FORMCTL_BASE_URL: remote, HTTPS_PROXY: fp.url, NODE_EXTRA_CA_CERTS: CA, FORMCTL_CONFIG_DIR: `${sb.configDir}-407` };
    const r = await sb.cli(['forms', 'list'], { env });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe(`error: the proxy ${fp.url} (HTTPS_PROXY) answered 407 Proxy Authentication Required to the tunnel to api.formctl.test:443: give them in its URL, http://user:password@host:port\n`);
    expect(fp.tunnels).toHaveLength(1);
    expect(await quotaUsed(env)).toBe(0);
  });

  it('goes direct to hosts NO_PROXY names, and to a sandbox on loopback whatever the proxy variables say', async () => {
    const fp = await startForwardProxy();
    const direct = await sb.cli(['forms', 'list', '--retries', '0'], { env: { FORMCTL_BASE_URL: remote, HTTPS_PROXY: fp.url, NO_PROXY: 'localhost,.formctl.test' } });
    expect(direct.exitCode).toBe(1); // the name resolves nowhere but in the proxy
    expect(fp.tunnels).toEqual([]);
    const dead = 'http://127.0.0.1:9';
    const served = await sb.cli(['forms', 'list', '-q'], { env: { HTTPS_PROXY: dead, HTTP_PROXY: dead } });
    expect(served.stderr).toBe('');
    expect(served.exitCode).toBe(0);
    const embedded = await sb.cli(['--sandbox', 'forms', 'list', '-q'], { env: { HTTPS_PROXY: dead, HTTP_PROXY: dead, FORMCTL_SANDBOX_DIR: `${sb.configDir}-embedded` } });
    expect(embedded.stderr).toBe('');
    expect(embedded.exitCode).toBe(0);
  });

  it('a proxy that refuses connections is named in the error, and none of the attempts counts as quota', async () => {
    const env = { FORMCTL_BASE_URL: remote, HTTPS_PROXY: 'http://127.0.0.1:9', FORMCTL_CONFIG_DIR: `${sb.configDir}-deadproxy` };
    const r = await sb.cli(['forms', 'list', '--retries', '1', '--verbose'], { env });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('error: cannot connect to the proxy http://127.0.0.1:9 (HTTPS_PROXY): connection refused\n');
    expect(r.stderr.match(/\[api\] GET /g)).toHaveLength(2); // refused: retried, as a refused connection is
    expect(r.stderr).toContain('[api] 0 API requests this run');
    expect(await quotaUsed(env)).toBe(0);
  });

  it('a proxy that takes the connection and never opens the tunnel: the timeout ends it, and the process exits', async () => {
    const { createServer: createTcpServer } = await import('node:net');
    const held: import('node:net').Socket[] = [];
    const silent = createTcpServer((s) => void held.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const r = await sb.cli(['forms', 'list', '--timeout', '0.5', '--retries', '0'], { env: { FORMCTL_BASE_URL: remote, HTTPS_PROXY: url }, timeout: 20_000 });
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toContain('did not answer');
      expect(held).toHaveLength(1);
    } finally {
      for (const s of held) s.destroy();
      silent.close();
    }
  });

  it('doctor names the proxy and checks the key through it; a proxy it cannot use is a problem, with no request', async () => {
    const fp = await startForwardProxy();
    const ok = await sb.cli(['doctor', '-o', 'json'], { env: { FORMCTL_BASE_URL: remote, HTTPS_PROXY: fp.url, NODE_EXTRA_CA_CERTS: CA } });
    const checks = JSON.parse(ok.stdout) as Array<{ level: string; check: string; detail: string }>;
    expect(checks).toContainEqual({ level: 'ok', check: 'proxy', detail: `${fp.url} (from HTTPS_PROXY)` });
    expect(checks).toContainEqual({ level: 'ok', check: 'API key', detail: 'accepted by the service' });
    expect(fp.tunnels).toHaveLength(1);
    const bad = await sb.cli(['doctor', '-o', 'json'], { env: { FORMCTL_BASE_URL: remote, HTTPS_PROXY: 'socks5://127.0.0.1:1080' } });
    expect(bad.exitCode).toBe(1);
    const problems = (JSON.parse(bad.stdout) as Array<{ level: string; check: string }>).filter((c) => c.level === 'problem');
    expect(problems.map((c) => c.check)).toEqual(['proxy']);
    expect(bad.stderr).not.toContain('one request');
  });

  it('a proxy variable formctl cannot use is a usage error before any request (exit 2)', async () => {
    const r = await sb.cli(['forms', 'list'], { env: { FORMCTL_BASE_URL: remote, HTTPS_PROXY: 'socks5://127.0.0.1:1080' } });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe('error: HTTPS_PROXY: only http:// proxies are supported (got socks5://)\n');
  });
});
