import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contentDisposition } from '../../src/sandbox/public/routes.js';
import { PNG } from '../helpers/fixtures.js';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/inProcessSandbox.js';

// The sandbox as a server strangers reach: what Node refuses is still our envelope, a file anyone
// uploaded runs nothing on this origin, the admin routes answer loopback names and their own origin
// only, and no spelling of a path climbs out of /v1.

let sb: InProcessSandbox;
let origin: URL;
beforeAll(async () => {
  sb = await inProcessSandbox({ plan: 'business' });
  origin = new URL(sb.origin);
});
afterAll(() => sb.stop());

/** Bytes written as they are on one connection; the answer's status, headers and body. */
function rawHttp(request: string | Buffer): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const s = connect(Number(origin.port), origin.hostname);
    const chunks: Buffer[] = [];
    s.on('data', (c) => chunks.push(c));
    s.on('error', reject);
    s.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const at = text.indexOf('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), head: text.slice(0, at), body: text.slice(at + 4) });
    });
    s.setTimeout(5000, () => s.destroy());
    s.write(request);
  });
}

const HOST = '\u0000HOST\u0000';
const host = () => HOST;
/** the sandbox's Host line, filled in once it listens */
const withHost = (request: string) => request.replaceAll(HOST, `Host: ${origin.host}\r\n`);

describe('requests Node refuses before any route', () => {
  const cases: Array<[string, string, number]> = [
    ['an unknown method', `BREW /v1/forms HTTP/1.1\r\n${host()}\r\n`, 400],
    ['a control character in a header', `GET /v1/forms HTTP/1.1\r\n${host()}X-Bad: a\x01b\r\n\r\n`, 400],
    ['Content-Length with Transfer-Encoding', `POST /v1/forms HTTP/1.1\r\n${host()}Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`, 400],
    ['20 KB of headers', `GET /v1/forms HTTP/1.1\r\n${host()}X-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ['no Host header', 'GET /v1/forms HTTP/1.1\r\nConnection: close\r\n\r\n', 400],
    ['an Expect other than 100-continue', `POST /v1/forms HTTP/1.1\r\n${host()}Expect: foo\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`, 417],
    ['CONNECT (a tunnel asked of a server that is no proxy)', 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n', 405],
    // links and QR images are made from Host: a host and a port, nothing else (a 4,000-character one was a 500)
    ['a Host with user information', 'GET /qr/ABCD1234.svg HTTP/1.1\r\nHost: evil.example@127.0.0.1\r\nConnection: close\r\n\r\n', 400],
    ['a Host with a path', 'GET /_sandbox/keys HTTP/1.1\r\nHost: 127.0.0.1/.evil.example\r\nConnection: close\r\n\r\n', 400],
    ['a Host of 4,000 characters', `GET /v1/forms HTTP/1.1\r\nHost: ${'a'.repeat(4000)}\r\nConnection: close\r\n\r\n`, 400],
    // RFC 9112 §3.2: two Host lines are a 400 (Node keeps the first; a proxy that kept the last would differ)
    ['two Host headers, loopback first', `GET /_sandbox/keys HTTP/1.1\r\n${host()}Host: evil.example\r\nConnection: close\r\n\r\n`, 400],
  ];
  it.each(cases)('%s gets the JSON envelope and the security headers', async (_name, request, status) => {
    const r = await rawHttp(withHost(request));
    expect(r.status).toBe(status);
    expect(r.head).toMatch(/content-type: application\/json/i);
    expect(r.head).toMatch(/x-content-type-options: nosniff/i);
    expect(r.head).toMatch(/content-security-policy: default-src 'none'/i);
    expect(JSON.parse(r.body)).toMatchObject({ status: 'failed', code: status, data: {} });
  });

  it('an HTTP/1.0 request may still leave Host out, and Expect: 100-continue still works', async () => {
    const old = await rawHttp('GET /v1/forms HTTP/1.0\r\n\r\n');
    expect(old.status).toBe(401); // past the Host check: the key is what is missing
    const go = await rawHttp(withHost(`GET /v1/forms HTTP/1.1\r\n${host()}Authorization: Bearer ${sb.keys.owner}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`));
    expect(go.status).toBe(100);
    expect(go.body).toMatch(/^HTTP\/1\.1 200 OK/);
  });
});

describe('files anyone can upload', () => {
  async function upload(bytes: Buffer, name: string): Promise<{ fileId: string; fileUrl: string }> {
    const form = await sb.api('POST', '/forms', { body: { title: 'F', shortText: 'x', fields: [{ type: 'picture', option: { label: 'P' } }] } });
    const body = new FormData();
    body.set('category', 'submission');
    body.set('userFile', new Blob([bytes]), name);
    const r = await fetch(`${sb.baseUrl}/forms/${form.body.data.qrId}/uploads`, { method: 'POST', headers: { authorization: `Bearer ${sb.keys.owner}` }, body });
    expect(r.status).toBe(200);
    return ((await r.json()) as { data: { fileId: string; fileUrl: string } }).data;
  }

  it('an SVG with a script is served as an attachment, never sniffed, in a sandbox with no script', async () => {
    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><script>fetch('/_sandbox/keys')</script></svg>`);
    const res = await fetch((await upload(svg, 'evil.svg')).fileUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
  });

  it('a PNG is shown inline, still under the same policy', async () => {
    const res = await fetch((await upload(PNG, 'dot.png')).fileUrl);
    expect(res.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(res.headers.get('content-security-policy')).toMatch(/sandbox/);
  });

  // a file gone from the disk (an upload deleted while its GET was on its way) is a 404, never an
  // unhandled stream error that would end the sandbox; a name a visitor chose never breaks its header
  it('a file whose copy on disk is gone answers 404 and the sandbox keeps serving', async () => {
    const { fileId, fileUrl } = await upload(PNG, 'dot.png');
    rmSync(join(sb.dataDir, 'files', fileId));
    const r = await fetch(fileUrl);
    expect(r.status).toBe(404);
    await r.arrayBuffer();
    // still alive: the next request is answered
    expect((await sb.api('GET', '/forms')).status).toBe(200);
    const again = await upload(PNG, 'dot.png');
    const ok = await fetch(again.fileUrl);
    expect(ok.status).toBe(200);
    expect(Buffer.from(await ok.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('a name with quotes, backslashes or other scripts keeps the header whole', async () => {
    const { fileUrl } = await upload(PNG, 'été 1.png');
    const r = await fetch(fileUrl);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toMatch(/^inline; filename="[\x20-\x7e]+"; filename\*=UTF-8''[\x21-\x7e]+$/);
    expect(contentDisposition('inline', 'été 1.png')).toBe(`inline; filename="_t_ 1.png"; filename*=UTF-8''%C3%A9t%C3%A9%201.png`);
    expect(contentDisposition('inline', 'a"b\\c.png')).toBe(`inline; filename="a_b_c.png"; filename*=UTF-8''a%22b%5Cc.png`);
    expect(contentDisposition('attachment', "it's (1).svg")).toBe(`attachment; filename="it's (1).svg"; filename*=UTF-8''it%27s%20%281%29.svg`);
  });
});

describe('the form page', () => {
  it('allows its own script by hash and nothing else, and no framing', async () => {
    const form = await sb.api('POST', '/forms', { body: { title: 'F', shortText: 'x', fields: [{ type: 'shortText', option: { label: 'A' } }] } });
    const res = await fetch(form.body.data.shortUrl);
    const csp = res.headers.get('content-security-policy')!;
    const html = await res.text();
    const script = /<script>([^]*?)<\/script>/.exec(html)![1]!;
    expect(csp).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("script-src 'unsafe-inline'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('answer keys from a request', () => {
  it('`__proto__` is an unknown field like `constructor` (400), and nothing is stored', async () => {
    const form = await sb.api('POST', '/forms', { body: { title: 'F', shortText: 'x', fields: [{ type: 'shortText', option: { label: 'A' } }] } });
    const qrId = form.body.data.qrId;
    for (const key of ['__proto__', 'constructor']) {
      const r = await sb.api('POST', `/forms/${qrId}/submissions`, { body: `{"answers":{"${key}":{"x":1}}}` });
      expect(r.status).toBe(400);
      expect(r.body.data.fieldErrors[key].code).toBe('unknown_field');
    }
    expect((await sb.api('GET', `/forms/${qrId}/submissions`)).body.data.total).toBe(0);
  });
});

describe('bodies that cost more than they weigh', () => {
  it('a sort named like a property every object has is a 400, not a query built from it', async () => {
    for (const sort of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const r = await sb.api('GET', `/forms?sort=${sort}`);
      expect([r.status, r.body.message]).toEqual([400, expect.stringMatching(/^Invalid sort/)]);
    }
  });

  it("a saved template's qrConfig string nested thousands deep is no design: its form-create answers without one, not 500", async () => {
    const { gallery } = await import('../../src/sandbox/templates/gallery.js');
    const deep = `{"a":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    const saved = await sb.api('POST', '/form-templates', { body: { categoryId: gallery().categories[0]!.id, title: 'Deep', form: { title: 'Deep', fields: { k: { name: 'FormEmail', option: { label: 'E' } } }, qrConfig: deep } } });
    expect(saved.status).toBe(200);
    const made = await sb.api('GET', `/form-templates/${saved.body.data.template.id}/form-create`);
    expect(made.status).toBe(200);
    expect(made.body.data.qrConfig).toBeUndefined();
  });

  it('a body nested thousands deep is a 400, with or without an Idempotency-Key, and the sandbox keeps answering', async () => {
    const form = await sb.api('POST', '/forms', { body: { title: 'Deep', shortText: 'x', fields: [{ type: 'shortText', option: { label: 'A' } }] } });
    const qrId = form.body.data.qrId as string;
    const deep = `{"answers":{"x":${'['.repeat(5000)}${']'.repeat(5000)}}}`;
    for (const headers of [{}, { 'idempotency-key': 'deep-1' }] as Array<Record<string, string>>) {
      const r = await sb.api('POST', `/forms/${qrId}/submissions`, { body: deep, headers });
      expect([r.status, r.body.message]).toEqual([400, 'JSON body nested deeper than 64 levels']);
    }
    // brackets inside strings are text, not nesting
    const text = await sb.api('POST', `/forms/${qrId}/submissions`, { body: JSON.stringify({ answers: { [form.body.data.fields[0].key]: '['.repeat(200) } }) });
    expect(text.status).toBe(200);
    expect((await sb.api('GET', `/forms/${qrId}`)).status).toBe(200);
  });

  it("a frame label is a label: long or undrawable text is a 400, and one stored before still draws", async () => {
    const body = (frameText: string) => ({ title: 'Q', shortText: 'x', fields: [{ type: 'shortText', option: { label: 'A' } }], qrConfig: { frame: 3, frameText } });
    for (const [text, message] of [['W'.repeat(300_000), /at most 64 characters/], ['a\u0001b', /control characters/], ['\ud800', /unpaired surrogates/]] as const) {
      const r = await sb.api('POST', '/forms', { body: body(text) });
      expect([r.status, JSON.stringify(r.body)]).toEqual([400, expect.stringMatching(message)]);
    }
    const ok = await sb.api('POST', '/forms', { body: body('Scan me ☕ 𝄞') });
    expect(ok.status).toBe(200);
    const png = await fetch(`${sb.origin}/qr/${ok.body.data.qrId}.png`);
    expect([png.status, png.headers.get('content-type')]).toEqual([200, 'image/png']);
    // an image asked again is the one drawn before, until the design changes
    const svg = async () => (await fetch(`${sb.origin}/qr/${ok.body.data.qrId}.svg`)).text();
    const first = await svg();
    expect(await svg()).toBe(first);
    expect((await sb.api('PUT', `/forms/${ok.body.data.qrId}`, { body: { qrConfig: { frame: 3, frameText: 'Scan me ☕ 𝄞', colorDark: '#7c3aed' } } })).status).toBe(200);
    const changed = await svg();
    expect(changed).not.toBe(first);
    expect(changed.toLowerCase()).toContain('#7c3aed');
    // the link in the image follows Host: drawing a design again for another link (a changed Host) is
    // counted per address (60 in 5 minutes), then 429 with Retry-After
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await rawHttp(`GET /qr/${ok.body.data.qrId}.svg HTTP/1.1\r\nHost: h${i}.example\r\nConnection: close\r\n\r\n`)).status);
    expect(statuses.filter((x) => x === 200).length).toBeLessThanOrEqual(60);
    expect(statuses).toEqual([...Array<number>(60).fill(200), 429]);
    const refused = await rawHttp(`GET /qr/${ok.body.data.qrId}.svg HTTP/1.1\r\nHost: h99.example\r\nConnection: close\r\n\r\n`);
    expect([refused.status, /retry-after: \d+/i.test(refused.head)]).toEqual([429, true]);
    // an image drawn before comes from what was drawn, even while this address may draw no more
    expect((await rawHttp(`GET /qr/${ok.body.data.qrId}.svg HTTP/1.1\r\nHost: h58.example\r\nConnection: close\r\n\r\n`)).status).toBe(200);
    expect((await sb.api('GET', '/forms')).status).toBe(200);
  });

  it('a cascade whose full paths would make a page of gigabytes is refused (400) before it is stored; its public page stays small', async () => {
    const leaves = Array.from({ length: 20_000 }, (_, i) => ({ name: '', value: String(i) }));
    const cascade = (options: unknown) => ({ title: 'Cascade', shortText: 'x', fields: [{ type: 'multipleLevelSelect', option: { label: 'Where', options } }] });
    const before = (await sb.api('GET', '/forms?limit=100')).body.data.total;
    for (const [options, message] of [
      [[{ name: 'a', value: 'A'.repeat(400_000), options: leaves }], /name and value are at most 200 characters/],
      [[{ name: 'a', value: 'a', options: leaves }], /at most 5,000 options/],
      [[{ name: 'a', value: 'A'.repeat(200), options: leaves.slice(0, 4000) }], /full paths of a form's cascades are at most 100,000 characters together/],
      [[{ name: 'l', value: 'l', options: [{ name: 'l', value: 'l', options: [{ name: 'l', value: 'l', options: [{ name: 'l', value: 'l', options: [{ name: 'l', value: 'l', options: [{ name: 'l', value: 'l', options: [{ name: 'l', value: 'l', options: [{ name: 'l', value: 'l', options: [{ name: 'l', value: 'l', options: [{ name: 'l', value: 'l', options: [{ name: 'l', value: 'l' }] }] }] }] }] }] }] }] }] }] }], /at most 10 levels/],
    ] as const) {
      const r = await sb.api('POST', '/forms', { body: cascade(options) });
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toMatch(message);
    }
    expect((await sb.api('GET', '/forms?limit=100')).body.data.total).toBe(before);
    // the CLI leaves the sandbox's own limits to the sandbox (the service may take more): sent, refused there
    const { checkFormCreate } = await import('../../src/domain/form.js');
    expect(checkFormCreate(cascade([{ name: 'a', value: 'a', options: leaves }])).ok).toBe(true);
    // and a body nested past what its parser can follow is a problem it names, not a stack overflow
    let deepTree: Record<string, unknown> = { name: 'x', value: 'x' };
    for (let i = 0; i < 20_000; i++) deepTree = { name: 'x', value: 'x', options: [deepTree] };
    expect(checkFormCreate(cascade([deepTree]))).toEqual({ ok: false, problems: [expect.stringMatching(/nested too deeply to check/)] });
    // the bounds hold for the form as stored: a field whose type becomes a cascade keeps its stored
    // options (a shortText's options pass the contract unchecked), and many cascades share one budget
    const chain = (n: number, leaves: unknown[]): unknown => (n === 0 ? leaves : [{ name: 'c', value: 'C'.repeat(150), options: chain(n - 1, leaves) }]);
    const plain = await sb.api('POST', '/forms', { body: { title: 'T', shortText: 'x', fields: [{ type: 'shortText', option: { label: 'Q', options: chain(9, leaves.slice(0, 2000)) } }] } });
    expect(plain.status).toBe(200);
    const turned = await sb.api('PUT', `/forms/${plain.body.data.qrId}`, { body: { fields: [{ key: plain.body.data.fields[0].key, type: 'multipleLevelSelect' }] } });
    expect([turned.status, JSON.stringify(turned.body)]).toEqual([400, expect.stringMatching(/at most 100,000 characters together/)]);
    const many = Array.from({ length: 30 }, (_, i) => ({ type: 'multipleLevelSelect', option: { label: `C${i}`, options: chain(3, leaves.slice(0, 30)) } }));
    const wide = await sb.api('POST', '/forms', { body: { title: 'Many', shortText: 'x', fields: many } });
    expect([wide.status, JSON.stringify(wide.body)]).toEqual([400, expect.stringMatching(/fields\[\d+\]\.option\.options: the full paths of a form's cascades/)]);
    // near the largest cascade allowed (4,001 options, 92,000 characters of paths): a page under a megabyte
    const ok = await sb.api('POST', '/forms', { body: cascade([{ name: 'a', value: 'A'.repeat(16), options: leaves.slice(0, 4000).map((l) => ({ ...l, value: l.value.padStart(4, '0') })) }]) });
    expect(ok.status).toBe(200);
    const page = await fetch(`${sb.origin}/s/${ok.body.data.qrId}`);
    expect(page.status).toBe(200);
    expect((await page.text()).length).toBeLessThan(1_000_000);
  });
});

describe('the admin routes', () => {
  it('refuse a Host that is not a loopback name (DNS rebinding)', async () => {
    const r = await rawHttp(`GET /_sandbox/keys HTTP/1.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n`);
    expect(r.status).toBe(403);
    expect(r.body).not.toContain('fk_');
  });

  it('refuse another origin, and answer their own', async () => {
    const other = await fetch(`${sb.origin}/_sandbox/keys`, { headers: { origin: 'http://attacker.example' } });
    expect(other.status).toBe(403);
    const own = await fetch(`${sb.origin}/_sandbox/keys`, { headers: { origin: sb.origin } });
    expect(own.status).toBe(200);
  });

  it.each(['/v1/forms/..\\..\\_sandbox/keys', '/v1/forms/%2e%2e%5c%2e%2e%5c_sandbox/keys', '/v1/forms/..%2f..%2f_sandbox/keys'])('are never reached through %s', async (path) => {
    const r = await rawHttp(`GET ${path} HTTP/1.1\r\nHost: ${origin.host}\r\nAuthorization: Bearer ${sb.keys.owner}\r\nConnection: close\r\n\r\n`);
    expect(r.status).toBe(400);
    expect(r.body).not.toContain('fk_');
  });

  it('keep the clock within a century, and every later call working', async () => {
    const res = await fetch(`${sb.origin}/_sandbox/clock`, { method: 'POST', body: JSON.stringify({ advanceSeconds: 1e300 }) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/100 years/);
    expect((await sb.api('GET', '/forms')).status).toBe(200);
  });

  it('keep seeded times within a century too, and take whole counts only (400 naming the member)', async () => {
    const qrId = (await sb.api('POST', '/forms', { body: { title: 'S', shortText: 'x', fields: [{ type: 'shortText', option: { label: 'A' } }] } })).body.data.qrId;
    const post = (path: string, body: unknown) => fetch(`${sb.origin}${path}`, { method: path.endsWith('account') ? 'PUT' : 'POST', body: JSON.stringify(body) });
    for (const atMs of [1e300, -1e15, Date.now() + 101 * 366 * 86_400_000]) {
      const r = await post('/_sandbox/seed-submissions', { qrId, count: 1, atMs });
      expect([r.status, ((await r.json()) as { message: string }).message]).toEqual([400, expect.stringMatching(/atMs .*within 100 years/)]);
    }
    for (const [path, body, member] of [
      ['/_sandbox/seed-scans', { qrId, count: 1, days: 1e6 }, 'days'],
      ['/_sandbox/seed-scans', { qrId, count: 1e12 }, 'count'],
      ['/_sandbox/account', { quota: 0.5 }, 'quota'],
      ['/_sandbox/account', { submissionQuota: 1e300 }, 'submissionQuota'],
    ] as const) {
      const r = await post(path, body);
      expect([r.status, ((await r.json()) as { message: string }).message], JSON.stringify(body)).toEqual([400, expect.stringContaining(member)]);
    }
    const at = Date.UTC(2020, 0, 2);
    expect((await post('/_sandbox/seed-submissions', { qrId, count: 1, atMs: at })).status).toBe(200);
    expect((await sb.api('GET', `/forms/${qrId}/submissions`)).body.data.items.map((s: { createdAt: string }) => s.createdAt)).toEqual(['2020-01-02T00:00:00.000Z']);
  });

  it('answer an unexpected failure as a bare 500 and log it for the operator, never telling the client what broke', async () => {
    const qrId = (await sb.api('POST', '/forms', { body: { title: 'E', shortText: 'x', fields: [{ type: 'shortText', option: { label: 'A' } }] } })).body.data.qrId;
    const store = sb.sandbox.store.submissions;
    const insertMany = vi.spyOn(store, 'insertMany').mockImplementation(() => {
      throw new Error('disk /srv/secret/path.db is on fire');
    });
    const logged = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const r = await fetch(`${sb.origin}/_sandbox/seed-submissions`, { method: 'POST', body: JSON.stringify({ qrId, count: 1 }) });
      const text = await r.text();
      expect([r.status, JSON.parse(text)]).toEqual([500, { status: 'failed', message: 'Internal server error', code: 500, data: {} }]);
      expect(text).not.toMatch(/fire|secret|at /);
      expect(logged.mock.calls.map((c) => String(c[0])).join('')).toMatch(/sandbox: Error: disk \/srv\/secret\/path\.db is on fire/);
    } finally {
      logged.mockRestore();
      insertMany.mockRestore();
    }
    expect((await sb.admin<{ created: number }>('POST', '/_sandbox/seed-submissions', { qrId, count: 1 })).created).toBe(1);
  });
});

describe('served beyond loopback', () => {
  it('refuses webhook targets on loopback, private and link-local addresses, however they are spelled', async () => {
    const wide = await inProcessSandbox({ host: '0.0.0.0' });
    try {
      for (const url of ['http://0x7f000001/', 'http://127.1/', 'https://169.254.169.254/', 'https://10.0.0.1/hook', 'https://[::1]/', 'https://192.168.0.10/']) {
        const r = await wide.api('PUT', '/account/webhook', { body: { enabled: true, url } });
        expect(r.status, url).toBe(400);
        expect(r.body.message).toMatch(/public address/);
      }
      expect((await wide.api('PUT', '/account/webhook', { body: { enabled: true, url: 'https://hooks.example.com/in' } })).status).toBe(200);
    } finally {
      await wide.stop();
    }
  });
});
