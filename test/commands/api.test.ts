import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { startSandbox, type SandboxHandle } from '../helpers/commandSandbox.js';

let sb: SandboxHandle;
const tmp = tempDir();
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => {
  await sb.stop();
  tmp.remove();
});

describe('formctl api', () => {
  it('a 3xx is a failure (exit 1) that says where it points; it is not followed and prints nothing', async () => {
    const { createServer } = await import('node:http');
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(req.url!);
      res.writeHead(302, { location: 'https://elsewhere.example/v1/forms' }).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const port = (server.address() as { port: number }).port;
      const r = await sb.cli(['api', 'GET', '/forms'], { env: { FORMCTL_BASE_URL: `http://127.0.0.1:${port}/v1` } });
      expect(r.exitCode).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('HTTP 302, pointing to https://elsewhere.example/v1/forms');
      expect(seen).toEqual(['/v1/forms']);
    } finally {
      server.close();
    }
  });

  it('POSTs a body from --input and from typed -F fields', async () => {
    const file = `${tmp.path}/f.json`;
    writeFileSync(file, JSON.stringify({ title: 'Raw', shortText: '', fields: [{ type: 'email' }] }));
    const a = await sb.cli(['api', 'POST', '/forms', '--input', file]);
    const qrId = JSON.parse(a.stdout).data.qrId;
    expect(qrId).toMatch(/^[A-Z0-9]+$/);
    const b = await sb.cli(['api', 'POST', `/forms/${qrId}/clone`, '-F', 'count=2']);
    expect(JSON.parse(b.stdout).data.cloneData).toHaveLength(2);
  });

  it('prints the error envelope on stdout and exits by status', async () => {
    const r = await sb.cli(['api', 'GET', '/forms/NOSUCH']);
    expect(r.exitCode).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'failed', code: 400 });
    const denied = await sb.cli(['api', 'POST', '/forms', '--input', '-'], { role: 'viewer', input: '{"title":"x","shortText":"","fields":[{"type":"email"}]}' });
    expect(denied.exitCode).toBe(4);
  });

  it('accepts a path that repeats the base path, and full URLs of the same origin only', async () => {
    expect((await sb.cli(['api', 'GET', '/v1/forms'])).exitCode).toBe(0);
    expect((await sb.cli(['api', 'GET', `${sb.baseUrl}/forms?limit=1`])).exitCode).toBe(0);
    const other = await sb.cli(['api', 'GET', 'https://evil.example/v1/forms']);
    expect(other.exitCode).toBe(2);
    expect(other.stderr).toMatch(/refusing to send the API key/);
  });

  it('streams binary responses to stdout in a pipe', async () => {
    const id = JSON.parse((await sb.cli(['forms', 'create', '--title', 'Bin', '--field', 'email:e', '--json'])).stdout).qrId;
    const r = await sb.cli(['api', 'GET', `/forms/${id}/download`, '-f', 'format=svg']);
    expect(r.stdout).toMatch(/^(<\?xml[^>]*>\s*)?<svg /);
  });

  it('keeps repeated parameters repeated (spec §4.1), from -f and from the path', async () => {
    const make = async () => JSON.parse((await sb.cli(['forms', 'create', '--title', 'Rep', '--field', 'email:e', '--json'])).stdout).qrId as string;
    const [a, b, c] = [await make(), await make(), await make()];
    const r = await sb.cli(['api', 'DELETE', `/forms?ids=${a}`, '-f', `ids=${b}`, '-f', `ids=${c}`]);
    expect(r.exitCode, r.stdout).toBe(0);
    expect(JSON.parse(r.stdout).data.message).toBe('3 forms deleted successfully');
    const log = await sb.requestsSince(0);
    expect(log.at(-1)!.path).toBe(`/v1/forms?ids=${b}&ids=${c}&ids=${a}`);
  });

  it('rejects an unknown method before any request', async () => {
    const before = await sb.requestCount();
    expect((await sb.cli(['api', 'FETCH', '/forms'])).exitCode).toBe(2);
    expect(await sb.requestCount()).toBe(before);
  });

  it('takes PATH alone as gh does: GET, POST when a body is given, -X for another; METHOD PATH still works', async () => {
    const before = await sb.lastRequestId();
    expect((await sb.cli(['api', '/forms'])).exitCode).toBe(0);
    const made = await sb.cli(['api', '/forms', '-f', 'title=Plain', '-f', 'shortText=', '--input', '-'], { input: '{}' });
    expect(made.stderr).toContain('--input cannot be combined with -f/-F');
    const posted = await sb.cli(['api', '/forms', '--input', '-'], { input: '{"title":"Gh","shortText":"","fields":[{"type":"email"}]}' });
    expect(posted.exitCode, posted.stdout).toBe(0);
    const qrId = JSON.parse(posted.stdout).data.qrId as string;
    const cloned = await sb.cli(['api', `/forms/${qrId}/clone`, '-F', 'count=1']);
    expect(cloned.exitCode, cloned.stdout).toBe(0);
    expect((await sb.cli(['api', '-X', 'get', `/forms/${qrId}`])).exitCode).toBe(0);
    expect((await sb.cli(['api', '-X', 'GET', '/forms', '-f', 'limit=1'])).exitCode).toBe(0);
    const log = (await sb.requestsSince(before)).map((r) => `${r.method} ${r.path}`);
    expect(log).toEqual(['GET /v1/forms', 'POST /v1/forms', `POST /v1/forms/${qrId}/clone`, `GET /v1/forms/${qrId}`, 'GET /v1/forms?limit=1']);
    const both = await sb.cli(['api', '-X', 'POST', 'GET', '/forms']);
    expect([both.exitCode, both.stderr]).toEqual([2, 'error: -X/--method POST and the method argument GET: give one\n']);
    expect((await sb.cli(['api', '-X', 'FETCH', '/forms'])).stderr).toContain('-X/--method "FETCH": expected one of GET, POST, PUT, PATCH, DELETE');
  });

  it('--paginate follows a list to its last page (100 a page unless a limit is given) and prints every item as one JSON array', async () => {
    const form = (await sb.api('POST', '/forms', { body: { title: 'Pages', shortText: '', fields: [{ type: 'shortText', option: { label: 'A' } }] } })).body.data.qrId as string;
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId: form, count: 250 });
    const before = await sb.lastRequestId();
    const r = await sb.cli(['api', `/forms/${form}/submissions`, '--paginate']);
    expect(r.exitCode, r.stderr).toBe(0);
    const items = JSON.parse(r.stdout) as Array<{ id: string }>;
    expect(items).toHaveLength(250);
    expect(new Set(items.map((i) => i.id)).size).toBe(250);
    expect((await sb.requestsSince(before)).map((x) => x.path)).toEqual([1, 2, 3].map((p) => `/v1/forms/${form}/submissions?limit=100&page=${p}`));
    const small = await sb.cli(['api', `/forms/${form}/submissions`, '--paginate', '-f', 'limit=60']);
    expect(JSON.parse(small.stdout)).toHaveLength(250);
    // not a list: the one response, as without --paginate
    const one = await sb.cli(['api', `/forms/${form}`, '--paginate']);
    expect(JSON.parse(one.stdout).data.qrId).toBe(form);
    expect((await sb.cli(['api', '-X', 'DELETE', '/forms', '--paginate'])).stderr).toContain('--paginate follows the pages of a GET list, not a DELETE');
  });

  it('-i prints the status line and the headers before the body', async () => {
    const r = await sb.cli(['api', '-i', '/forms']);
    expect(r.exitCode).toBe(0);
    const [head, body] = r.stdout.split('\n\n');
    expect(head!.split('\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(head).toMatch(/^content-type: application\/json/im);
    expect(JSON.parse(r.stdout.slice(r.stdout.indexOf('\n\n') + 2))).toMatchObject({ status: 'success' });
    expect(body).toBeDefined();
  });

  it('-i prints the head of an error answer too, then its body, and fails as the error', async () => {
    for (const [args, line] of [[['/nope'], 'HTTP/1.1 404 Not Found'], [['/forms/ZZZZ9999'], /^HTTP\/1\.1 4\d\d /]] as const) {
      const r = await sb.cli(['api', '-i', ...args]);
      expect(r.exitCode, r.stderr).not.toBe(0);
      expect(r.stderr).not.toMatch(/Cannot read|undefined/);
      const [head] = r.stdout.split('\n\n');
      expect(head!.split('\n')[0]).toMatch(line);
      expect(head).toMatch(/^content-type: application\/json/im);
      expect(JSON.parse(r.stdout.slice(r.stdout.indexOf('\n\n') + 2))).toMatchObject({ status: 'failed' });
    }
  });
});
