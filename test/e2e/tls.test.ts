// The real service is https only: formctl over TLS, end to end. A TLS-terminating proxy with a
// self-signed certificate (test/fixtures/tls) stands in front of a served sandbox.
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
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
  proxy.closeAllConnections();
  await new Promise((r) => proxy.close(r));
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
    expect(r.stderr).toContain(`error: the TLS certificate of ${new URL(httpsBase).origin} is not trusted (self-signed certificate)`);
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
    expect(r.stderr).toContain(`error: https://${plain.host} does not speak TLS (wrong version number): is the base URL http:// rather than https://?`);
    expect(r.stderr.match(/\[api\] GET /g)).toHaveLength(1);
    expect(r.stderr).toContain('[api] 0 API requests this run');
    expect(await sb.requestsSince(logged)).toEqual([]);
  });
});
