import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/inProcessSandbox.js';

const FORM = { title: 'Twins', shortText: 'x', fields: [{ type: 'shortText', option: { label: 'Note' } }] };

describe('two sandboxes in one process', () => {
  let a: InProcessSandbox;
  let b: InProcessSandbox;
  beforeAll(async () => {
    [a, b] = await Promise.all([inProcessSandbox(), inProcessSandbox()]);
  });
  afterAll(async () => {
    await Promise.all([a.stop(), b.stop()]);
  });

  it('share no faults, clock, events or caches', async () => {
    // faults: a profile on one is not felt by the other
    await a.admin('PUT', '/_sandbox/faults', { spec: 'rate=1,kinds=503' });
    expect((await a.api('GET', '/forms')).status).toBe(503);
    expect((await b.api('GET', '/forms')).status).toBe(200);
    await a.admin('PUT', '/_sandbox/faults', { spec: 'off' });

    // clock
    const before = await b.admin<{ now: string }>('POST', '/_sandbox/clock', { advanceSeconds: 0 });
    await a.admin('POST', '/_sandbox/clock', { advanceSeconds: 86_400 * 10 });
    const after = await b.admin<{ now: string }>('POST', '/_sandbox/clock', { advanceSeconds: 0 });
    expect(Date.parse(after.now) - Date.parse(before.now)).toBeLessThan(60_000);

    // events: a submission on b reaches no webhook of a
    const received: string[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(JSON.parse(body).qrId);
        res.end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      expect((await a.api('PUT', '/account/webhook', { body: { enabled: true, url } })).status).toBe(200);
      const qa = (await a.api('POST', '/forms', { body: FORM })).body.data.qrId;
      const qb = (await b.api('POST', '/forms', { body: FORM })).body.data.qrId;
      expect((await b.api('POST', `/forms/${qb}/submissions`, { body: { answers: {} } })).status).toBe(200);
      expect((await a.api('POST', `/forms/${qa}/submissions`, { body: { answers: {} } })).status).toBe(200);
      await a.sandbox.close(); // waits for deliveries in flight
      a = await inProcessSandbox(); // a fresh one for afterAll
      expect(received).toEqual([qa]);

      // page caches: pages of one never answer for the other
      await b.admin('POST', '/_sandbox/seed-submissions', { qrId: qb, count: 150 });
      const p2 = await b.api('GET', `/forms/${qb}/submissions?limit=100&page=2`);
      expect(p2.body.data.items).toHaveLength(51);
      const qa2 = (await a.api('POST', '/forms', { body: FORM })).body.data.qrId;
      expect((await a.api('GET', `/forms/${qa2}/submissions?limit=100&page=2`)).body.data.items).toHaveLength(0);
    } finally {
      receiver.close();
    }
  });
});

describe('scoped faults', () => {
  let sb: InProcessSandbox;
  beforeAll(async () => {
    sb = await inProcessSandbox();
  });
  afterAll(() => sb.stop());

  it('faults only the next N requests to one route pattern', async () => {
    const qrId = (await sb.api('POST', '/forms', { body: FORM })).body.data.qrId;
    const rule = await sb.admin<{ id: number; remaining: number }>('POST', '/_sandbox/faults', { spec: 'kinds=503,route=POST /forms/*/submissions,count=2' });
    expect(rule.remaining).toBe(2);
    const create = () => sb.api('POST', `/forms/${qrId}/submissions`, { body: { answers: {} } });
    expect((await sb.api('GET', `/forms/${qrId}`)).status).toBe(200); // another route: untouched
    expect((await create()).status).toBe(503);
    expect((await create()).status).toBe(503);
    expect((await create()).status).toBe(200);
    expect((await sb.admin<{ rules: unknown[] }>('GET', '/_sandbox/faults')).rules).toEqual([]);
  });

  it('faults only one key', async () => {
    await sb.admin('POST', '/_sandbox/faults', { spec: `kinds=500,key=${sb.keys.viewer}` });
    try {
      expect((await sb.api('GET', '/forms', { as: 'viewer' })).status).toBe(500);
      expect((await sb.api('GET', '/forms', { as: 'owner' })).status).toBe(200);
    } finally {
      await sb.admin('DELETE', '/_sandbox/faults');
    }
    expect((await sb.api('GET', '/forms', { as: 'viewer' })).status).toBe(200);
  });

  it('refuses a malformed rule with a 400 that says what was expected', async () => {
    const res = await fetch(`${sb.origin}/_sandbox/faults`, { method: 'POST', body: JSON.stringify({ spec: 'route=/forms' }) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/METHOD \/path/);
  });
});

describe('closing a sandbox with requests still running', () => {
  it('ends a request held by an injected latency, lets it finish, then closes its store: no error written', async () => {
    const sb = await inProcessSandbox();
    await sb.admin('POST', '/_sandbox/faults', { spec: 'kinds=latency,latency=600000,route=GET /forms,count=1' });
    const held = fetch(`${sb.baseUrl}/forms`, { headers: { authorization: `Bearer ${sb.keys.owner}` } }).then(
      () => 'answered',
      () => 'connection closed',
    );
    // the rule is used up once the request is being held
    for (;;) {
      const { rules } = await sb.admin<{ rules: unknown[] }>('GET', '/_sandbox/faults');
      if (rules.length === 0) break;
    }
    const written: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
      written.push(String(chunk));
      return write(chunk, ...rest);
    }) as typeof process.stderr.write;
    try {
      // a ten-minute hold: only the close ending it lets this return before the test's timeout
      await sb.sandbox.close();
    } finally {
      process.stderr.write = write;
    }
    expect(await held).toBe('connection closed');
    expect(() => sb.sandbox.store.meta.clockOffsetMs()).toThrow(/not open/);
    expect(written.filter((w) => w.startsWith('sandbox:'))).toEqual([]);
    // the held request ran to its end before the store closed: it is in the request log
    const { SandboxStore } = await import('../../src/sandbox/repo/store.js');
    const store = new SandboxStore(sb.dataDir);
    try {
      expect(store.requests.since(0).filter((r) => r.method === 'GET' && r.path === '/v1/forms').length).toBe(1);
    } finally {
      store.close();
      rmSync(dirname(sb.dataDir), { recursive: true, force: true });
    }
  });

  // a JSON body and a multipart upload: whatever the route reads, a client gone during the hold ends it
  it.each([
    ['a JSON body', (q: string) => `/v1/forms/${q}/submissions`, (q: string) => `POST /forms/${q}/submissions`, 'application/json', (key: string) => JSON.stringify({ answers: { [key]: 'hi' } })],
    ['a multipart upload', () => '/v1/account/uploads', () => 'POST /account/uploads', 'multipart/form-data; boundary=XyZ', () => '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--XyZ--\r\n'],
  ] as const)('%s whose client left during an injected latency: the request ends, and close() does not wait for it', async (_kind, path, route, type, payload) => {
    const sb = await inProcessSandbox();
    const form = (await sb.api('POST', '/forms', { body: FORM })).body.data;
    await sb.admin('POST', '/_sandbox/faults', { spec: `kinds=latency,latency=600000,route=${route(form.qrId)},count=1` });
    const { connect } = await import('node:net');
    const body = payload(form.fields[0].key);
    // the sandbox's end of this connection: closed once the sandbox has seen the client go
    const seen = new Promise<void>((r) => sb.sandbox.server.once('connection', (s) => s.once('close', () => r())));
    const socket = connect(Number(new URL(sb.origin).port), '127.0.0.1');
    socket.on('error', () => undefined);
    // the whole request sent: only the hold keeps its body unread
    socket.write(`POST ${path(form.qrId)} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${sb.keys.owner}\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    for (;;) {
      const { rules } = await sb.admin<{ rules: unknown[] }>('GET', '/_sandbox/faults');
      if (rules.length === 0) break;
    }
    // the client goes away while its request is held
    socket.destroy();
    await seen;
    // a ten-minute hold, then a body that was never going to come: only a request that ends lets
    // close() return before the test's timeout
    await sb.stop();
    expect(() => sb.sandbox.store.meta.clockOffsetMs()).toThrow(/not open/);
  });

  // both multipart receivers: the API's upload route and the public form page's post
  it.each(['an API upload', 'a form page post'])('%s whose client goes away mid-body leaves no file behind, raises nothing, and the sandbox still closes', async (kind) => {
    const sb = await inProcessSandbox();
    const { request } = await import('node:http');
    const boundary = 'x-boundary';
    let target: URL;
    let head: string;
    const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    if (kind === 'an API upload') {
      target = new URL(`${sb.baseUrl}/account/uploads`);
      headers.authorization = `Bearer ${sb.keys.owner}`;
      head = `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\nlogo\r\n--${boundary}\r\nContent-Disposition: form-data; name="userFile"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    } else {
      const created = await sb.api('POST', '/forms', { body: { title: 'Photos', shortText: 'x', fields: [{ type: 'picture', option: { label: 'Photo' } }] } });
      const form = created.body.data;
      target = new URL(`${sb.origin}/s/${form.qrId}`);
      head = `--${boundary}\r\nContent-Disposition: form-data; name="${form.fields[0].key}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    }
    headers['content-length'] = String(head.length + 1_000_000);
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      const req = request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers });
      req.on('error', () => undefined);
      req.write(head);
      req.write(Buffer.alloc(64 * 1024, 1));
      // the part is being written to the data dir
      const filesDir = sb.sandbox.store.filesDir;
      const { readdirSync } = await import('node:fs');
      for (;;) {
        if (readdirSync(filesDir).length > 0) break;
        await new Promise((r) => setImmediate(r));
      }
      req.destroy();
      for (;;) {
        if (readdirSync(filesDir).length === 0) break;
        await new Promise((r) => setImmediate(r));
      }
      expect(readdirSync(filesDir)).toEqual([]);
      await sb.stop();
      // a late write into the destroyed file stream would surface here
      await new Promise((r) => setTimeout(r, 0));
      await new Promise((r) => setImmediate(r));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
  });
});
