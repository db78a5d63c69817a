import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, ConnectionError } from '../../../src/errors.js';
import { Readable } from 'node:stream';
import { readText } from '../../../src/api/bodyText.js';
import { ApiClient, buildQuery } from '../../../src/api/http.js';
import { listSubmissionsDeferred } from '../../../src/api/resources/submissions.js';

type H = (req: IncomingMessage, res: ServerResponse, n: number) => void;
let server: Server | undefined;
const seen: Array<{ method?: string; url?: string; headers: IncomingMessage['headers']; body: string }> = [];

async function serve(handler: H): Promise<string> {
  seen.length = 0;
  let n = 0;
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      handler(req, res, ++n);
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const client = (baseUrl: string, extra: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}) =>
  new ApiClient({ baseUrl, apiKey: 'fk_secret_key_1234', sleep: async () => {}, random: () => 0.5, ...extra });

afterEach(async () => {
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = undefined;
});

describe('envelope decoding (spec §1, §7)', () => {
  it('returns data of a success envelope and sends the Bearer key', async () => {
    const url = await serve((_q, res) => json(res, 200, { status: 'success', data: { a: 1 } }));
    const c = client(url);
    expect(await c.data({ method: 'GET', path: '/forms' })).toEqual({ a: 1 });
    expect(seen[0]!.headers.authorization).toBe('Bearer fk_secret_key_1234');
    expect(seen[0]!.url).toBe('/v1/forms');
    c.close();
  });

  it('throws ApiError with status, code, message and data of an error envelope', async () => {
    const url = await serve((_q, res) => json(res, 400, { status: 'failed', message: 'Submission validation failed.', code: 400, data: { valid: false, fieldErrors: { k: { code: 'required', message: 'x' } } } }));
    const c = client(url);
    const err = await c.data({ method: 'POST', path: '/forms/A/submissions', body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: 400, message: 'Submission validation failed.' });
    expect((err as ApiError).fieldErrors).toEqual({ k: { code: 'required', message: 'x' } });
    c.close();
  });

  it('reports a non-envelope answer without crashing', async () => {
    const url = await serve((_q, res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>'));
    const c = client(url, { retries: 0 });
    await expect(c.data({ method: 'GET', path: '/x' })).rejects.toThrow(/HTTP 502/);
    c.close();
  });
});

describe('listSubmissionsDeferred: a page fetched ahead, decoded in its turn', () => {
  it('reads the body now and decodes it when asked; an error status is thrown at once, a success that is no envelope when decoded', async () => {
    const url = await serve((req, res) => {
      if (req.url!.includes('QUOTA')) return json(res, 429, { status: 'failed', message: 'Monthly request limit reached', code: 429 });
      if (req.url!.includes('HTML')) return res.writeHead(200, { 'content-type': 'text/html' }).end('<p>a login page</p>');
      if (req.url!.includes('NOLIST')) return json(res, 200, { status: 'success', data: { total: 0 } });
      json(res, 200, { status: 'success', data: { items: [1, 2] }, form: { title: 'T', fields: [] } });
    });
    const c = client(url, { retries: 0 });
    const open = await listSubmissionsDeferred(c, 'A', {});
    // the exchange is over (one request, nothing left to read) before anything is decoded
    expect(c.requestCount).toBe(1);
    expect(seen[0]!.url).toBe('/v1/forms/A/submissions');
    expect(open()).toEqual({ items: [1, 2], form: { title: 'T', fields: [] } });
    await expect(listSubmissionsDeferred(c, 'QUOTA', {})).rejects.toMatchObject({ status: 429, message: 'Monthly request limit reached' });
    const html = await listSubmissionsDeferred(c, 'HTML', {});
    expect(() => html()).toThrow(/unexpected response \(HTTP 200\): <p>a login page<\/p>/);
    // a success without the list: refused, quoting the text as it came
    const noList = await listSubmissionsDeferred(c, 'NOLIST', {});
    expect(() => noList()).toThrow('unexpected response (HTTP 200): {"status":"success","data":{"total":0}}');
    c.close();
  });
});

describe('readText', () => {
  it('decodes a body chunk by chunk, a character split between two chunks included', async () => {
    const euro = Buffer.from('{"a":"€ and ✓"}', 'utf8');
    // split inside the euro sign's three bytes, and inside the check mark's
    const cut = [0, 7, 8, 16, euro.length];
    const chunks = cut.slice(1).map((end, i) => euro.subarray(cut[i], end));
    expect(await readText(Readable.from(chunks))).toBe('{"a":"€ and ✓"}');
    expect(await readText(Readable.from([euro]))).toBe('{"a":"€ and ✓"}');
    expect(await readText(Readable.from([]))).toBe('');
  });
});

describe('query strings (spec §4.1)', () => {
  it('repeats array parameters instead of joining them with commas', () => {
    expect(buildQuery({ ids: ['A', 'B'], page: 1, skip: undefined })).toBe('?ids=A&ids=B&page=1');
  });
});

describe('retries through the client', () => {
  it('retries a 503 on GET and succeeds, counting every request', async () => {
    const url = await serve((_q, res, n) => (n < 3 ? json(res, 503, { status: 'failed', message: 'busy', code: 503, data: {} }) : json(res, 200, { status: 'success', data: 'ok' })));
    const lines: string[] = [];
    const c = client(url, { log: (l) => lines.push(l) });
    expect(await c.data({ method: 'GET', path: '/forms' })).toBe('ok');
    expect(c.requestCount).toBe(3);
    expect(lines.join('\n')).toMatch(/503.*retrying/);
    expect(lines.join('\n')).not.toContain('fk_secret_key_1234');
    c.close();
  });

  it('does not retry a POST after a 500', async () => {
    const url = await serve((_q, res) => json(res, 500, { status: 'failed', message: 'boom', code: 500, data: {} }));
    const c = client(url);
    await expect(c.data({ method: 'POST', path: '/forms', body: {} })).rejects.toMatchObject({ status: 500 });
    expect(c.requestCount).toBe(1);
    c.close();
  });

  it('retries a POST with an Idempotency-Key and sends the same key each time', async () => {
    const url = await serve((_q, res, n) => (n === 1 ? json(res, 503, { status: 'failed', message: 'x', code: 503, data: {} }) : json(res, 200, { status: 'success', data: {} })));
    const c = client(url);
    await c.data({ method: 'POST', path: '/forms/A/submissions', body: { answers: {} }, idempotencyKey: 'key-1' });
    expect(seen.map((s) => s.headers['idempotency-key'])).toEqual(['key-1', 'key-1']);
    c.close();
  });

  it('never retries the quota 429', async () => {
    const url = await serve((_q, res) => json(res, 429, { status: 'failed', message: 'Sorry, your API request limit has been reached', code: 429, data: {} }));
    const c = client(url);
    await expect(c.data({ method: 'GET', path: '/forms' })).rejects.toMatchObject({ status: 429 });
    expect(c.requestCount).toBe(1);
    c.close();
  });

  it('sleeps for Retry-After', async () => {
    const slept: number[] = [];
    const url = await serve((_q, res, n) => (n === 1 ? json(res, 429, { status: 'failed', message: 'Too many requests. Please try again later.', code: 429, data: {} }, { 'retry-after': '2' }) : json(res, 200, { status: 'success', data: 1 })));
    const c = client(url, { sleep: async (ms) => void slept.push(ms) });
    await c.data({ method: 'GET', path: '/forms' });
    expect(slept).toEqual([2000]);
    c.close();
  });

  it('times out a silent server and repeats only idempotent calls', async () => {
    const url = await serve(() => { /* never answers */ });
    const c = client(url, { timeoutMs: 100, retries: 1 });
    const err = await c.data({ method: 'POST', path: '/forms', body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectionError);
    expect(c.requestCount).toBe(1);
    await expect(c.data({ method: 'GET', path: '/forms' })).rejects.toBeInstanceOf(ConnectionError);
    expect(c.requestCount).toBe(3);
    c.close();
    server!.closeAllConnections();
  });

  it('counts only attempts the server can have seen: a refused connection costs nothing, a dropped one counts', async () => {
    // a port nothing listens on: take one from a server, then close it
    const closed = await serve(() => undefined);
    await new Promise<void>((r) => server!.close(() => r()));
    server = undefined;
    const refused = client(closed, { retries: 2 });
    const e1 = (await refused.data({ method: 'GET', path: '/forms' }).catch((e: unknown) => e)) as ConnectionError;
    expect(e1.code).toBe('ECONNREFUSED');
    expect(e1.reached).toBe(false);
    expect(refused.requestCount).toBe(0);
    refused.close();

    const url = await serve((req) => req.socket.destroy());
    const dropped = client(url, { retries: 2 });
    const e2 = (await dropped.data({ method: 'GET', path: '/forms' }).catch((e: unknown) => e)) as ConnectionError;
    expect(e2.code).toBe('ECONNRESET');
    expect(e2.reached).toBe(true);
    expect(seen).toHaveLength(3);
    expect(dropped.requestCount).toBe(3);
    dropped.close();
  });
});

describe('the key never leaves the base origin', () => {
  it('builds every URL on the base origin', () => {
    const c = client('https://api.example.com/v1');
    expect(c.url('/forms', { page: 2 }).href).toBe('https://api.example.com/v1/forms?page=2');
    expect(c.url('//evil.example/x').origin).toBe('https://api.example.com');
    c.close();
  });
});
