import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PNG } from '../helpers/fixtures.js';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/inProcessSandbox.js';

// The one multipart reader under hostile bodies (issue: one anonymous request took the process down):
// truncated at every position, boundaries missing or wrong, nested parts, empty parts, huge headers,
// too many parts. Sent over a raw socket with an exact Content-Length, as curl --data-binary does.
// After each body the sandbox must still answer, every answer must be ours (the JSON envelope on the
// API, a page on the form page), and no file may be left on disk that the sandbox does not know of.

let sb: InProcessSandbox;
let qrId: string;
let pictureKey: string;
let origin: URL;

beforeAll(async () => {
  sb = await inProcessSandbox({ plan: 'business' });
  origin = new URL(sb.origin);
  const r = await sb.api('POST', '/forms', { body: { title: 'Fuzz', shortText: 'x', fields: [{ type: 'picture', option: { label: 'Photo' } }, { type: 'shortText', option: { label: 'Note' } }] } });
  qrId = r.body.data.qrId;
  pictureKey = r.body.data.fields[0].key;
});
afterAll(() => sb.stop());

interface Answer {
  status: number;
  type: string;
  body: string;
}

/** One raw HTTP/1.1 request on its own connection; the body is sent as is. */
function raw(path: string, headers: Record<string, string>, body: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const s = connect(Number(origin.port), origin.hostname);
    const head = [`POST ${path} HTTP/1.1`, `Host: ${origin.host}`, 'Connection: close', `Content-Length: ${body.length}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', ''].join('\r\n');
    const chunks: Buffer[] = [];
    s.on('data', (c) => chunks.push(c));
    s.on('error', reject);
    s.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [top = '', rest = ''] = text.split('\r\n\r\n', 2) as [string, string];
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(top)?.[1] ?? 0), type: /content-type: ([^\r\n]+)/i.exec(top)?.[1] ?? '', body: rest });
    });
    // never half-closed: a client that ends its side is a client gone away (curl keeps it open)
    s.write(Buffer.concat([Buffer.from(head), body]));
    s.setTimeout(5000, () => s.destroy()); // an answer that never comes shows as status 0
  });
}

const CRLF = '\r\n';
function part(name: string, value: Buffer | string, filename?: string, extraHeaders = ''): Buffer {
  const disp = `Content-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}`;
  return Buffer.concat([Buffer.from(`--B${CRLF}${disp}${CRLF}${extraHeaders}${CRLF}`), Buffer.from(value), Buffer.from(CRLF)]);
}
const end = Buffer.from(`--B--${CRLF}`);

function uploadBody(): Buffer {
  return Buffer.concat([part('category', 'submission'), part('userFile', PNG, 'a.png'), end]);
}
function pageBody(): Buffer {
  return Buffer.concat([part('_scan', '1'), part(pictureKey, PNG, 'a.png'), part('note', 'hello'), end]);
}

/** The hostile variants of a valid body. */
function variants(valid: Buffer, fileField: string): Array<{ body: Buffer; type: string }> {
  const mp = 'multipart/form-data; boundary=B';
  const out: Array<{ body: Buffer; type: string }> = [];
  // truncated at every position (so at every position of every boundary and header too)
  for (let at = 0; at < valid.length; at++) out.push({ body: valid.subarray(0, at), type: mp });
  out.push(
    { body: valid, type: 'multipart/form-data' }, // no boundary
    { body: valid, type: 'multipart/form-data; boundary=' },
    { body: valid, type: 'multipart/form-data; boundary=OTHER' },
    { body: valid, type: 'text/plain' },
    { body: Buffer.from('--B\r\n\r\n--B--\r\n'), type: mp }, // a part with no headers
    { body: Buffer.concat([part(fileField, '', 'empty.png'), end]), type: mp }, // a 0-byte file
    { body: Buffer.concat([part(fileField, '', ''), part('', ''), end]), type: mp },
    { body: Buffer.concat([part('outer', `--C${CRLF}Content-Disposition: form-data; name="x"; filename="y.png"${CRLF}${CRLF}${PNG.toString('latin1')}${CRLF}--C--`, undefined, `Content-Type: multipart/mixed; boundary=C${CRLF}`), end]), type: mp },
    { body: Buffer.concat([part(fileField, PNG, 'a.png', `X-Huge: ${'h'.repeat(100_000)}${CRLF}`), end]), type: mp },
    { body: Buffer.concat([part(fileField, PNG, 'a.png', `X-Big: ${'h'.repeat(20_000)}${CRLF}`), end]), type: mp },
    { body: Buffer.concat([part(fileField, PNG, 'a.png', Array.from({ length: 500 }, (_, i) => `X-H${i}: v${CRLF}`).join('')), end]), type: mp }, // many header lines
    { body: Buffer.concat([...Array.from({ length: 60 }, (_, i) => part(fileField, PNG, `f${i}.png`)), end]), type: mp },
    { body: Buffer.concat([...Array.from({ length: 3000 }, (_, i) => part(`f${i}`, 'x')), end]), type: mp },
    { body: Buffer.concat([part('__proto__', 'x'), part('constructor', 'y'), part(fileField, PNG, '../../etc/passwd'), end]), type: mp },
    { body: Buffer.concat([part(fileField, `\x89PNG\r\n\x1a\n0000`, 'a.png'), Buffer.from('--B\r\nContent-Disposition: form-data; name="x"')]), type: mp },
  );
  return out;
}

/** Every file on disk is one the sandbox recorded (the rest are removed, if a little after the answer). */
async function expectNoStrayFile(): Promise<void> {
  await vi.waitFor(() => {
    const stray = readdirSync(join(sb.dataDir, 'files')).filter((id) => !sb.sandbox.store.files.get(id));
    expect(stray).toEqual([]);
  }, { timeout: 10_000, interval: 20 });
}

describe('the one multipart reader, under hostile bodies', () => {
  it('answers the API upload route with the envelope every time, and keeps no stray file', async () => {
    const path = `/v1/forms/${qrId}/uploads`;
    const cases = variants(uploadBody(), 'userFile');
    expect(cases.length).toBeGreaterThanOrEqual(200);
    for (const c of cases) {
      const a = await raw(path, { authorization: `Bearer ${sb.keys.owner}`, 'content-type': c.type }, c.body);
      expect([200, 400, 500], `${a.status} for ${JSON.stringify(c.body.subarray(0, 80).toString('latin1'))}`).toContain(a.status);
      expect(a.type).toMatch(/^application\/json/);
      const env = JSON.parse(a.body);
      expect(env.status).toBe(a.status === 200 ? 'success' : 'failed');
    }
    expect((await sb.api('GET', '/forms?limit=1')).status).toBe(200);
    await expectNoStrayFile();
  });

  it('answers the public form page with a page every time, and keeps no stray file', async () => {
    const cases = variants(pageBody(), pictureKey);
    expect(cases.length).toBeGreaterThanOrEqual(200);
    for (const c of cases) {
      const a = await raw(`/s/${qrId}`, { 'content-type': c.type }, c.body);
      expect([200, 303, 400, 413, 429], `${a.status} ${a.body.slice(0,300)} for ${JSON.stringify(c.body.subarray(0, 400).toString('latin1'))}`).toContain(a.status);
      expect(a.type).toMatch(/^text\/html/);
    }
    expect((await fetch(`${sb.origin}/s/${qrId}`)).status).toBe(200);
    await expectNoStrayFile();
  });

  it('refuses a part whose headers pass 8 KB (Busboy alone would read it with them cut): 400, the envelope on the API, a page on the form page', async () => {
    const big = (field: string, extra: Buffer[] = []) => Buffer.concat([...extra, part(field, PNG, 'a.png', `X-Pad: ${'h'.repeat(20_000)}${CRLF}`), end]);
    const api = await raw(`/v1/forms/${qrId}/uploads`, { authorization: `Bearer ${sb.keys.owner}`, 'content-type': 'multipart/form-data; boundary=B' }, big('userFile', [part('category', 'submission')]));
    expect([api.status, api.type, JSON.parse(api.body)]).toEqual([400, expect.stringMatching(/^application\/json/), expect.objectContaining({ status: 'failed', code: 400, message: expect.stringMatching(/headers of a part are longer than 8192 bytes/) })]);
    const page = await raw(`/s/${qrId}`, { 'content-type': 'multipart/form-data; boundary=B' }, big(pictureKey, [part('_scan', '1')]));
    expect([page.status, page.type]).toEqual([400, expect.stringMatching(/^text\/html/)]);
    // a part with headers within the limit is still taken
    const ok = await raw(`/v1/forms/${qrId}/uploads`, { authorization: `Bearer ${sb.keys.owner}`, 'content-type': 'multipart/form-data; boundary=B' }, Buffer.concat([part('category', 'submission'), part('userFile', PNG, 'a.png', `X-Pad: ${'h'.repeat(4_000)}${CRLF}`), end]));
    expect(ok.status).toBe(200);
    await expectNoStrayFile();
  });

  it('caps a page post by what the form can carry: thousands of text parts are refused unread', async () => {
    const many = Buffer.concat([...Array.from({ length: 2000 }, (_, i) => part(`f${i}`, 'x'.repeat(1000))), end]);
    const a = await raw(`/s/${qrId}`, { 'content-type': 'multipart/form-data; boundary=B' }, many);
    expect(a.status).toBe(400);
    expect(a.body).toContain('At most');
  });
});
