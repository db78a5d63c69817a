import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir, waitFor } from '../helpers/cli.js';
import { fileFixtures, PNG } from '../helpers/fixtures.js';
import { startSandbox, type CommandSandbox } from '../helpers/commandSandbox.js';
import { runInProcess } from '../helpers/inProcessCli.js';

let sb: CommandSandbox;
const tmp = tempDir();
const png = `${tmp.path}/pixel.png`;
const fakePng = `${tmp.path}/not-really.png`;

beforeAll(async () => {
  sb = await startSandbox(['--plan', 'business']);
  writeFileSync(png, PNG);
  writeFileSync(fakePng, 'this is text pretending to be an image');
});
afterAll(async () => {
  await sb.stop();
  tmp.remove();
});

const { makeForm, rawUpload } = fileFixtures(() => sb);

describe('uploads (spec §4.2)', () => {

  it('refuses locally, exit 2 and no request: a missing file, a directory, an unreadable file, 20 MB + 1 byte, a logo that is not an image', async () => {
    const f = await makeForm();
    const big = `${tmp.path}/big.bin`;
    writeFileSync(big, Buffer.alloc(20 * 1024 * 1024 + 1, 'a'));
    const before = await sb.requestCount();
    const cases: Array<[string[], RegExp]> = [
      [['upload', 'submission', f.qrId, `${tmp.path}/nope.png`], /no such file/],
      [['upload', 'submission', f.qrId, big], /limited to 20 MB/],
      [['upload', 'logo', fakePng], /logo must be an image.*text\/plain/],
      [['upload', 'logo', tmp.path], /is a directory/],
      // unreadable for most users (EACCES); where it opens (root in some sandboxes), it is no image: exit 2 either way
      [['upload', 'logo', '/proc/1/mem'], /\/proc\/1\/mem/],
    ];
    for (const [args, message] of cases) {
      const r = await sb.cli(args);
      expect(r.exitCode, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    expect(await sb.requestCount()).toBe(before);
  });

  it('the sandbox answers 500 "uploaded file is too large" to 20 MB + 1 byte sent raw', async () => {
    const f = await makeForm();
    const big = `${tmp.path}/big2.bin`;
    writeFileSync(big, Buffer.alloc(20 * 1024 * 1024 + 1, 'a'));
    const r = await sb.cli(['api', 'POST', `/forms/${f.qrId}/uploads`, '--form', 'category=submission', '--form', `userFile=@${big}`]);
    expect(r.exitCode).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'failed', code: 500, message: 'uploaded file is too large' });
  });

  it('decides a logo by content: an image name with text inside is refused (400)', async () => {
    const r = await rawUpload('/account/uploads', 'logo', Buffer.from('plain text'), 'logo.png');
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/logo must be an image/);
    expect((await rawUpload('/account/uploads', 'form', PNG, 'logo.png')).status).toBe(400); // wrong category
  });

  it('lists logos with fileUsed, which flips when a form references the logo', async () => {
    const up = JSON.parse((await sb.cli(['upload', 'logo', png, '--json'])).stdout);
    const listed = () => sb.cli(['upload', 'list', '--json']).then((r) => JSON.parse(r.stdout).find((l: { fileId: string }) => l.fileId === up.fileId));
    expect(await listed()).toEqual({ fileId: up.fileId, fileUrl: up.fileUrl, mime: 'image/png', fileUsed: false });
    const f = await makeForm();
    const file = `${tmp.path}/qr-logo.json`;
    writeFileSync(file, JSON.stringify({ qrConfig: { logo: up.fileUrl } }));
    expect((await sb.cli(['forms', 'update', f.qrId, '--file', file])).exitCode).toBe(0);
    expect((await listed()).fileUsed).toBe(true);
  });

  it('answers 404 for an unknown form or file, 400 for a malformed qrId on DELETE, and keeps files in use', async () => {
    const f = await makeForm();
    expect((await rawUpload('/forms/NOSUCHFORM/uploads', 'submission', PNG)).status).toBe(404);
    const other = await sb.api('POST', '/forms', { body: { title: 'Other', shortText: '', fields: [{ type: 'email' }] }, key: sb.keys.other });
    expect((await rawUpload(`/forms/${other.body.data.qrId}/uploads`, 'submission', PNG)).status).toBe(404); // wrong account
    expect((await sb.api('DELETE', `/forms/bad-id/uploads/abc`)).status).toBe(400);
    expect((await sb.api('DELETE', `/forms/${f.qrId}/uploads/ffffffffffffffffffffffff`)).status).toBe(404);
    const used = JSON.parse((await sb.cli(['upload', 'submission', f.qrId, png, '--json'])).stdout).fileId;
    expect((await sb.api('POST', `/forms/${f.qrId}/submissions`, { body: { answers: { [f.keys[0]!]: [used] } } })).status).toBe(200);
    const refused = await sb.cli(['upload', 'delete', f.qrId, used, '--yes']);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toMatch(/in use/);
    const unused = JSON.parse((await sb.cli(['upload', 'submission', f.qrId, png, '--json'])).stdout).fileId;
    expect((await sb.cli(['upload', 'delete', f.qrId, unused, '--yes'])).exitCode).toBe(0);
    expect((await fetch(`${sb.origin}/files/${unused}`)).status).toBe(404);
  });

  it('throttles submission uploads: request 201 within 5 minutes per client and form gets 429 with Retry-After', async () => {
    const f = await makeForm();
    for (let i = 0; i < 200; i++) expect((await rawUpload(`/forms/${f.qrId}/uploads`, 'submission', PNG)).status).toBe(200);
    const r = await rawUpload(`/forms/${f.qrId}/uploads`, 'submission', PNG);
    expect(r.status).toBe(429);
    expect(r.body.message).toBe('Too many requests. Please try again later.');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    // another form is not throttled; form files are not throttled
    const g = await makeForm();
    expect((await rawUpload(`/forms/${g.qrId}/uploads`, 'submission', PNG)).status).toBe(200);
    expect((await rawUpload(`/forms/${f.qrId}/uploads`, 'form', PNG)).status).toBe(200);
    const cli = await sb.cli(['upload', 'submission', f.qrId, png, '--retries', '0']);
    expect(cli.exitCode).toBe(5);
  });
});

describe('webhook settings: the state table of spec §3', () => {
  it('walks every transition', async () => {
    const get = async () => JSON.parse((await sb.cli(['webhook', 'get', '--show-secret', '--json'])).stdout);
    await sb.cli(['webhook', 'disable', '--yes']);
    expect(await get()).toEqual({ enabled: false, url: '', secret: '' }); // disabled, no secret
    expect((await sb.cli(['webhook', 'enable', 'https://hooks.example.com/a'])).exitCode).toBe(0);
    const enabled = await get();
    expect(enabled).toMatchObject({ enabled: true, url: 'https://hooks.example.com/a' });
    expect(enabled.secret).toMatch(/^whsec_[0-9a-f]{48}$/); // generated when first enabled
    await sb.cli(['webhook', 'set-url', 'https://hooks.example.com/b']);
    expect(await get()).toEqual({ enabled: true, url: 'https://hooks.example.com/b', secret: enabled.secret }); // secret unchanged
    // rotating breaks every receiver until it switches: asked first, and never without --yes off a terminal
    const sent = await sb.requestCount();
    const unasked = await sb.cli(['webhook', 'rotate', '--json']);
    expect([unasked.exitCode, unasked.stderr]).toEqual([2, expect.stringContaining('--yes')]);
    expect(await sb.requestCount()).toBe(sent); // refused before any request
    expect((await get()).secret).toBe(enabled.secret);
    // on a terminal it asks before any request; "n" keeps the secret
    const beforeAsking = await sb.requestCount();
    const declined = await sb.run(['webhook', 'rotate'], { tty: true, script: [{ ask: /^Make a new webhook secret\?/, answer: false }] });
    expect([declined.exitCode, declined.asked.length]).toEqual([130, 1]);
    expect(await sb.requestCount()).toBe(beforeAsking);
    const rotated = JSON.parse((await sb.cli(['webhook', 'rotate', '--show-secret', '--json', '--yes'])).stdout);
    expect(rotated.secret).not.toBe(enabled.secret); // a new secret, returned
    expect((await get()).secret).toBe(rotated.secret);
    await sb.cli(['webhook', 'disable', '--yes']);
    expect(await get()).toEqual({ enabled: false, url: '', secret: '' }); // url and secret cleared
  });

  it('masks the secret unless --show-secret, and shows it only in get and rotate', async () => {
    const en = await sb.cli(['webhook', 'enable', 'https://hooks.example.com/x', '--json']);
    expect(JSON.parse(en.stdout)).toEqual({ enabled: true, url: 'https://hooks.example.com/x' });
    const masked = JSON.parse((await sb.cli(['webhook', 'get', '--json'])).stdout).secret;
    expect(masked).toMatch(/^whsec_…[0-9a-f]{4}$/);
  });

  it('refuses bad URLs before sending, and the sandbox refuses them too', async () => {
    const before = await sb.requestCount();
    for (const url of ['http://hooks.example.com/x', 'not a url', `https://x.example/${'a'.repeat(2050)}`]) {
      expect((await sb.cli(['webhook', 'enable', url])).exitCode).toBe(2);
    }
    expect(await sb.requestCount()).toBe(before);
    expect((await sb.api('PUT', '/account/webhook', { body: { enabled: true, url: 'http://hooks.example.com/x' } })).status).toBe(400);
    expect((await sb.api('PUT', '/account/webhook', { body: { enabled: true, url: '' } })).status).toBe(400);
    expect((await sb.api('PUT', '/account/webhook', { body: { enabled: true, url: `https://x.example/${'a'.repeat(2040)}` } })).status).toBe(400);
  });

  it('is for the owner and Admins: Editor and Viewer get 403 (exit 4)', async () => {
    for (const role of ['editor', 'viewer'] as const) {
      const r = await sb.cli(['webhook', 'get'], { role });
      expect(r.exitCode).toBe(4);
      expect(r.stderr).toMatch(/HTTP 403/);
    }
    expect((await sb.cli(['webhook', 'get'], { role: 'admin' })).exitCode).toBe(0);
  });
});

describe('deliveries (spec §6) through webhook listen', () => {
  let app: Server;
  const received: Array<{ headers: IncomingMessage['headers']; raw: Buffer }> = [];

  beforeAll(async () => {
    app = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, raw: Buffer.concat(chunks) });
        res.end('ok');
      });
    });
    await new Promise<void>((r) => app.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => app.close(() => r())));

  it('a receiver that never answers does not hold the create: it returns while the delivery is pending', async () => {
    const sockets = new Set<import('node:net').Socket>();
    const silent = createServer(() => { /* never answers */ });
    silent.on('connection', (c) => sockets.add(c));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const arrived = new Promise<void>((r) => silent.once('request', () => r()));
    await sb.cli(['webhook', 'enable', `http://127.0.0.1:${(silent.address() as AddressInfo).port}/silent`]);
    const f = await makeForm([{ type: 'email', option: { label: 'Mail' } }]);
    const r = await sb.cli(['submissions', 'create', f.qrId, '--set', 'Mail=a@b.co', '-q']);
    expect(r.exitCode).toBe(0);
    await arrived; // the delivery reached the receiver, which holds it
    const id = r.stdout.trim();
    const logged = await sb.admin<Array<{ submission_id: string }>>('GET', '/_sandbox/deliveries');
    expect(logged.some((d) => d.submission_id === id)).toBe(false); // still pending: the create did not wait for it
    for (const c of sockets) c.destroy();
    await waitFor(async () => (await sb.admin<Array<{ submission_id: string }>>('GET', '/_sandbox/deliveries')).some((d) => d.submission_id === id), 'the failed attempt to be logged');
    silent.close();
    await sb.cli(['webhook', 'disable', '--yes']);
  });

  it('a receiver that refuses connections neither slows nor fails the create; the attempt is logged', async () => {
    await sb.cli(['webhook', 'enable', 'http://127.0.0.1:9/closed']);
    const f = await makeForm([{ type: 'email', option: { label: 'Mail' } }]);
    const r = await sb.cli(['submissions', 'create', f.qrId, '--set', 'Mail=a@b.co', '-q']);
    expect(r.exitCode).toBe(0);
    const id = r.stdout.trim();
    let logged: Array<{ submission_id: string; status: number | null; error: string | null }> = [];
    await waitFor(async () => (logged = await sb.admin('GET', '/_sandbox/deliveries')).some((d) => d.submission_id === id), 'the delivery attempt');
    const attempt = logged.filter((d) => d.submission_id === id);
    expect(attempt).toHaveLength(1); // no retries (rule 3)
    expect(attempt[0]!.status).toBeNull();
    expect(attempt[0]!.error).toMatch(/ECONNREFUSED/);
    const listed = JSON.parse((await runInProcess(['sandbox', 'deliveries', '--data', sb.dataDir, '--json'])).stdout) as Array<{ submissionId: string; url: string }>;
    expect(listed.filter((d) => d.submissionId === id)).toEqual([expect.objectContaining({ url: 'http://127.0.0.1:9/closed' })]);
    await sb.cli(['webhook', 'disable', '--yes']);
  });

  it('trigger creates a valid sample from the schema, uploading a file for a required file field', async () => {
    const f = await makeForm([{ type: 'name', option: { label: 'Name', required: true } }, { type: 'signature', option: { label: 'Sign', required: true } }]);
    const r = await sb.cli(['webhook', 'trigger', f.qrId, '-q']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/creates a REAL submission/);
    const got = JSON.parse((await sb.cli(['submissions', 'get', r.stdout.trim(), '--json'])).stdout);
    expect(got.answers[f.keys[0]!]).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(got.answers[f.keys[1]!].fileUrl).toMatch(/\/files\//);
  });

  it('trigger -o json prints one line, with --query too', async () => {
    const f = await makeForm([{ type: 'shortText', option: { label: 'Note' } }]);
    const plain = await sb.cli(['webhook', 'trigger', f.qrId, '-o', 'json']);
    expect(plain.stdout).toMatch(/^\{"submissionId":"[0-9a-f]{24}"\}\n$/);
    const queried = await sb.cli(['webhook', 'trigger', f.qrId, '-o', 'json', '--query', '{id: submissionId}']);
    expect(queried.stdout).toMatch(/^\{"id":"[0-9a-f]{24}"\}\n$/);
  });
});

