import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { formFixtures } from '../helpers/fixtures.js';
import { startSandbox } from '../helpers/commandSandbox.js';

// jsqr ships CommonJS typings with a default export
const jsQR = jsQRModule as unknown as (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;

let sb: Awaited<ReturnType<typeof startSandbox>>;
const tmp = tempDir();

beforeAll(async () => {
  sb = await startSandbox(['--plan', 'business']);
});
afterAll(async () => {
  await sb.stop();
  tmp.remove();
});

const { create } = formFixtures(() => sb);

describe('forms create', () => {

  it('creates from a JSON file and from stdin', async () => {
    const file = `${tmp.path}/form.json`;
    writeFileSync(file, JSON.stringify({ title: 'From file', shortText: 'x', fields: [{ type: 'email', option: { label: 'Mail' } }], qrConfig: { colorDark: '#112233' } }));
    const a = await sb.cli(['forms', 'create', '--file', file, '--json']);
    expect(JSON.parse(a.stdout)).toMatchObject({ title: 'From file', qrConfig: { colorDark: '#112233' } });
    const b = await sb.cli(['forms', 'create', '--file', '-', '--title', 'Overridden', '--json'], { input: readFileSync(file) });
    expect(JSON.parse(b.stdout).title).toBe('Overridden');
  });

  it('rejects bad input with exit 2 and makes no request', async () => {
    const before = await sb.requestCount();
    const broken = `${tmp.path}/broken.json`;
    writeFileSync(broken, '{\n  "title": "x",\n  "fields": [\n}');
    const cases: Array<[string[], RegExp]> = [
      [['forms', 'create', '--title', 'x', '--field', 'slider:x'], /unknown type "slider"/],
      [['forms', 'create', '--title', 'x'], /fields/],
      [['forms', 'create', '--file', broken], /broken\.json is not valid JSON: unexpected "}" at line 4, column 1/],
      [['forms', 'create', '--file', `${tmp.path}/missing.json`], /cannot read/],
      [['forms', 'create', '--title', 'x', '--field', 'email:e', '-o', 'xml'], /--output: "xml" is not a format/],
      [['forms', 'get', 'lower'], /not a form id/],
      [['forms', 'list', '--sort', 'size'], /Allowed choices are newest, name, scans/],
      [['forms', 'list', '--limit', '101'], /--limit: expected an integer from 1 to 100/],
      [['forms', 'list', '--columns', 'qrId,bogus'], /unknown field bogus; valid fields: id, qrId/],
      [['forms', 'share', 'ABC', '--to', 'a@x.co,b@x.co,c@x.co,d@x.co,e@x.co,f@x.co'], /at most 5/],
      [['forms', 'share', 'ABC', '--to', 'a@x.co,not-an-address'], /not an e-mail address: not-an-address/],
      [['forms', 'clone', 'ABC', '--count', '11'], /--count: expected an integer from 1 to 10/],
      [['forms', 'download', 'ABC', '--format', 'gif'], /Allowed choices are png, svg, pdf, eps/],
      [['forms', 'download', 'ABC', '--format', 'png', '--resolution', '5'], /--resolution/],
    ];
    for (const [args, message] of cases) {
      const r = await sb.cli(args);
      expect(r.exitCode, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.stdout).toBe('');
    }
    expect(await sb.requestCount()).toBe(before);
  });

  it('refuses plan-gated quiz settings (spec §8) with the joined messages', async () => {
    const file = `${tmp.path}/quiz.json`;
    writeFileSync(file, JSON.stringify({ title: 'Q', shortText: 'q', isQuiz: true, quizConfig: { enableTimeLimit: true, shuffleQuestions: true }, fields: [{ type: 'number', quizConfig: { points: 1, correctAnswers: ['4'] } }] }));
    await sb.admin('PUT', '/_sandbox/account', { plan: 'free' });
    try {
      const r = await sb.cli(['forms', 'create', '--file', file]);
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toContain('Quiz time limit is not allowed on your plan; Shuffle questions is not allowed on your plan (HTTP 400)');
    } finally {
      await sb.admin('PUT', '/_sandbox/account', { plan: 'business' });
    }
    const ok = await sb.cli(['forms', 'create', '--file', file, '--json']);
    expect(ok.exitCode).toBe(0);
    const form = JSON.parse(ok.stdout);
    expect(form.quizConfig).toMatchObject({ enableTimeLimit: true, passingScore: 70 });
    // spec §2.3: per-field correct answers are never returned
    expect(form.fields[0].quizConfig).toEqual({ points: 1 });
  });
});

describe('forms list', () => {
  it('returns an empty page math for an account with no forms (spec §4.1)', async () => {
    const r = await sb.api('GET', '/forms', { key: sb.keys.other });
    expect(r.body.data).toEqual({ items: [], total: 0, page: 1, pageSize: 5, totalPages: 0 });
  });

  it('pages with total/page/pageSize/totalPages and the default limit of 5', async () => {
    const r = await sb.api('GET', '/forms');
    const { total, pageSize, totalPages } = r.body.data;
    expect(pageSize).toBe(5);
    expect(totalPages).toBe(Math.ceil(total / 5));
  });

  it('walks every page with --all at 100 per request', async () => {
    for (let i = 0; i < 3; i++) await create(`Bulk ${i}`);
    const total = (await sb.api('GET', '/forms')).body.data.total as number;
    const r = await sb.cli(['forms', 'list', '--all', '--limit', '2', '-q']);
    expect(r.exitCode).toBe(0);
    const ids = r.stdout.trim().split('\n');
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
  });

  it('sorts by name and prints csv, jsonl and chosen fields', async () => {
    const csv = await sb.cli(['forms', 'list', '--sort', 'name', '-o', 'csv', '--columns', 'qrId,title']);
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toBe('qrId,title');
    const titles = lines.slice(1).map((l) => l.split(',')[1]!.replace(/"/g, '').toLowerCase());
    expect(titles).toEqual([...titles].sort());
    const jsonl = await sb.cli(['forms', 'list', '-o', 'jsonl', '--columns', 'qrId']);
    for (const line of jsonl.stdout.trim().split('\n')) expect(Object.keys(JSON.parse(line))).toEqual(['qrId']);
  });

  it('gives JSON in a pipe by default', async () => {
    const r = await sb.cli(['forms', 'list']);
    expect(Array.isArray(JSON.parse(r.stdout))).toBe(true);
  });
});

describe('plan-gated quiz settings on update (spec §8)', () => {
  it('refuses a business-only setting on a free account, locally when the profile knows the plan', async () => {
    const id = await create('Quiz later');
    await sb.admin('PUT', '/_sandbox/account', { plan: 'free' });
    try {
      const patch = `${tmp.path}/patch.json`;
      writeFileSync(patch, JSON.stringify({ isQuiz: true, quizConfig: { passingScore: 50 } }));
      const remote = await sb.cli(['forms', 'update', id, '--file', patch]);
      expect(remote.exitCode).toBe(1);
      expect(remote.stderr).toContain('Custom passing score is not allowed on your plan (HTTP 400)');
      // with the plan in the profile, the same update is refused before any request
      const cfg = `${tmp.path}/cfg-free`;
      await sb.cli(['config', 'set', 'plan', 'free'], { env: { FORMCTL_CONFIG_DIR: cfg } });
      const before = await sb.requestCount();
      const local = await sb.cli(['forms', 'update', id, '--file', patch], { env: { FORMCTL_CONFIG_DIR: cfg } });
      expect(local.exitCode).toBe(2);
      expect(local.stderr).toMatch(/for the free plan.*\n.*Custom passing score is not allowed/);
      expect(await sb.requestCount()).toBe(before);
    } finally {
      await sb.admin('PUT', '/_sandbox/account', { plan: 'business' });
    }
  });
});

describe('forms get and update', () => {
  it('get hides styling (spec §2.2) while update returns it', async () => {
    const id = await create('Styled');
    const got = JSON.parse((await sb.cli(['forms', 'get', id, '--json'])).stdout);
    expect(got.backgroundType).toBeUndefined();
    expect(got.fields[0].option.label).toBe('Question');
    const upd = await sb.cli(['forms', 'update', id, '--title', 'Renamed', '--json']);
    const form = JSON.parse(upd.stdout);
    expect(form.title).toBe('Renamed');
    expect(form.backgroundType).toBe('solid');
  });

  it('keeps existing field keys when adding and removing fields', async () => {
    const id = await create('Fields');
    const before = JSON.parse((await sb.cli(['forms', 'get', id, '--json'])).stdout);
    const key = before.fields[0].key;
    const added = JSON.parse((await sb.cli(['forms', 'update', id, '--add-field', 'email:Mail*', '--json'])).stdout);
    expect(added.fields.map((f: { key: string }) => f.key)[0]).toBe(key);
    expect(added.fields).toHaveLength(2);
    const removed = JSON.parse((await sb.cli(['forms', 'update', id, '--remove-field', key, '--json'])).stdout);
    expect(removed.fields.map((f: { type: string }) => f.type)).toEqual(['email']);
    const bad = await sb.cli(['forms', 'update', id, '--remove-field', 'nope']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain(`(keys: ${removed.fields[0].key})`); // issue 8: say which keys exist
  });

  it('refuses an update with nothing to change', async () => {
    const r = await sb.cli(['forms', 'update', 'ABC']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/nothing to update/);
  });

  it('answers 400, not 404, for an unknown or foreign qrId (spec §4.4)', async () => {
    const unknown = await sb.cli(['forms', 'get', 'NOSUCHFORM']);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toMatch(/Form not found \(HTTP 400\)/);
    const id = await create('Mine');
    const foreign = await sb.cli(['forms', 'get', id], { role: 'other' });
    expect(foreign.stderr).toMatch(/HTTP 400/);
  });
});

describe('archive, restore, delete', () => {
  it('an archived form answers like an unknown one until restored (spec §3)', async () => {
    const id = await create('Archive me');
    const a = await sb.cli(['forms', 'archive', id, '--json']);
    expect(JSON.parse(a.stdout)).toEqual({ qrId: id, result: 'Form archived successfully' });
    expect((await sb.cli(['forms', 'get', id])).stderr).toMatch(/HTTP 400/);
    expect((await sb.cli(['forms', 'list', '-q', '--all'])).stdout).not.toContain(id);
    const r = await sb.cli(['forms', 'restore', id, '-o', 'table']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`Restored ${id}`);
    const again = await sb.cli(['forms', 'restore', id]);
    expect(again.stderr).toMatch(/Form is not archived \(HTTP 400\)/);
    expect((await sb.cli(['forms', 'get', id])).exitCode).toBe(0);
  });

  it('needs --yes when not on a terminal, and names the flag', async () => {
    const id = await create('Keep me');
    const r = await sb.cli(['forms', 'delete', id]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/pass --yes/);
    const ci = await sb.cli(['forms', 'delete', id], { env: { CI: 'true' } });
    expect(ci.stderr).toMatch(/CI is set: pass --yes/);
    expect((await sb.cli(['forms', 'get', id])).exitCode).toBe(0);
  });

  it('deletes one form, and several in one bulk request with ids repeated (spec §4.1)', async () => {
    const one = await create('Del 1');
    const two = await create('Del 2');
    const three = await create('Del 3');
    expect((await sb.cli(['forms', 'delete', one, '--yes'])).exitCode).toBe(0);
    const since = await sb.lastRequestId();
    const r = await sb.cli(['forms', 'delete', two, three, '--yes', '--json']);
    expect(r.exitCode).toBe(0);
    // one record per form, never the ids joined into one string
    expect(JSON.parse(r.stdout)).toEqual([{ qrId: two, result: '2 forms deleted successfully' }, { qrId: three, result: '2 forms deleted successfully' }]);
    const log = await sb.requestsSince(since);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ method: 'DELETE', path: `/v1/forms?ids=${two}&ids=${three}` });
    for (const id of [one, two, three]) expect((await sb.cli(['forms', 'get', id])).exitCode).toBe(1);
  });

  it('the bulk route refuses comma-separated ids and deletes nothing when one id is unavailable', async () => {
    const id = await sb.cli(['forms', 'create', '--title', 'Bulk keep', '--field', 'email:e', '-q']).then((r) => r.stdout.trim());
    const comma = await sb.api('DELETE', `/forms?ids=${id},ABC`);
    expect(comma.status).toBe(400);
    const partial = await sb.cli(['forms', 'delete', id, 'NOSUCHFORM', 'NOSUCH2', '--yes']);
    expect(partial.exitCode).toBe(1);
    // the answer names each id it refused
    expect(partial.stderr).toContain('Form not found: NOSUCHFORM, NOSUCH2 (nothing deleted)');
    expect((await sb.cli(['forms', 'get', id])).exitCode).toBe(0);
    // on a terminal, the deleted ids one per line
    const a = await create('Lines 1');
    const b = await create('Lines 2');
    const lines = await sb.run(['forms', 'delete', a, b, '--yes'], { tty: true, env: { NO_COLOR: '1' } });
    expect(lines.stdout).toBe(`${a}\n${b}\n`);
    expect(lines.stderr).toContain('2 forms deleted successfully:');
  });
});

describe('clone and share', () => {
  it('clone makes N copies, one cloneData entry each', async () => {
    const id = await create('Original');
    const r = await sb.cli(['forms', 'clone', id, '--count', '2', '--json']);
    expect(r.exitCode).toBe(0);
    const copies = JSON.parse(r.stdout);
    expect(copies).toHaveLength(2);
    for (const c of copies) {
      const got = JSON.parse((await sb.cli(['forms', 'get', c.qrId, '--json'])).stdout);
      expect(got.title).toBe('Original (copy)');
      expect(c.qrImgUrl).toBe(`${sb.origin}/qr/${c.qrId}.png`);
    }
  });

  it('share sends one comma-separated string and lands in the sandbox outbox', async () => {
    const id = await create('Shared');
    const r = await sb.cli(['forms', 'share', id, '--to', 'a@example.com, b@example.com']);
    expect(r.exitCode).toBe(0);
    const outbox = await sb.admin<Array<{ recipients: string; body: string }>>('GET', '/_sandbox/outbox');
    expect(outbox.at(-1)).toMatchObject({ recipients: 'a@example.com,b@example.com', body: `${sb.origin}/s/${id}` });
    const cli = JSON.parse((await sb.cli(['sandbox', 'outbox', '--data', sb.dataDir, '--json'])).stdout) as Array<{ kind: string; recipients: string }>;
    expect(cli.at(-1)).toMatchObject({ kind: 'form.share', recipients: 'a@example.com,b@example.com' });
    const arr = await sb.api('POST', `/forms/${id}/share`, { body: { recipients: ['a@example.com'] } });
    expect(arr.status).toBe(400);
  });
});

describe('download and open', () => {
  it('writes a PNG that a QR reader decodes to the short link, honouring colours and resolution', async () => {
    const file = `${tmp.path}/qr.json`;
    writeFileSync(file, JSON.stringify({ title: 'QR', shortText: 'q', fields: [{ type: 'email' }], qrConfig: { colorDark: '#1a237e', backgroundColor: 'ffffee' } }));
    const id = JSON.parse((await sb.cli(['forms', 'create', '--file', file, '--json'])).stdout).qrId;
    const out = `${tmp.path}/code.png`;
    const r = await sb.cli(['forms', 'download', id, '--format', 'png', '--resolution', '400', '--out', out]);
    expect(r.exitCode).toBe(0);
    const png = PNG.sync.read(readFileSync(out));
    expect(png.width).toBe(400);
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(`${sb.origin}/s/${id}`);
    expect([png.data[0], png.data[1], png.data[2]]).toEqual([0xff, 0xff, 0xee]);
    expect(existsSync(`${out}.part`)).toBe(false);
    const again = await sb.cli(['forms', 'download', id, '--format', 'png', '--out', out]);
    expect(again.exitCode).toBe(2);
    expect(again.stderr).toMatch(/--force/);
  });

  it('writes svg, pdf and eps with their signatures; to stdout in a pipe', async () => {
    const id = await create('Formats');
    const svg = await sb.cli(['forms', 'download', id, '--format', 'svg']);
    expect(svg.stdout).toMatch(/^(<\?xml[^>]*>\s*)?<svg /);
    const pdf = `${tmp.path}/code.pdf`;
    await sb.cli(['forms', 'download', id, '--format', 'pdf', '--out', pdf]);
    expect(readFileSync(pdf, 'latin1')).toMatch(/^%PDF-1\.4[\s\S]*%%EOF\n$/);
    const eps = `${tmp.path}/code.eps`;
    await sb.cli(['forms', 'download', id, '--format', 'eps', '--out', eps]);
    expect(readFileSync(eps, 'latin1')).toMatch(/^%!PS-Adobe-3\.0 EPSF-3\.0/);
    // the format from --out's extension; an extension that names another format is refused, before any request
    const byName = `${tmp.path}/by-name.svg`;
    expect((await sb.cli(['forms', 'download', id, '--out', byName])).exitCode).toBe(0);
    expect(readFileSync(byName, 'utf8')).toMatch(/<svg /);
    const before = await sb.requestCount();
    const clash = await sb.cli(['forms', 'download', id, '--format', 'png', '--out', `${tmp.path}/clash.svg`]);
    expect([clash.exitCode, clash.stderr]).toEqual([2, expect.stringContaining('the extension says svg, --format says png')]);
    expect(existsSync(`${tmp.path}/clash.svg`)).toBe(false);
    const none = await sb.cli(['forms', 'download', id, '--out', `${tmp.path}/qr.img`]);
    expect([none.exitCode, none.stderr]).toEqual([2, expect.stringContaining('--format: give png, svg, pdf or eps (the extension of --out')]);
    expect(await sb.requestCount()).toBe(before);
    // to stdout with no --format: a PNG (`formctl forms download QR > qr.png`)
    const piped = await sb.cli(['forms', 'download', id]);
    expect([piped.exitCode, piped.stdout.slice(1, 4)]).toEqual([0, 'PNG']);
  });

  it('honours transparentBkg and size of qrConfig', async () => {
    const file = `${tmp.path}/transparent.json`;
    writeFileSync(file, JSON.stringify({ title: 'T', shortText: '', fields: [{ type: 'email' }], qrConfig: { transparentBkg: true, size: 200 } }));
    const id = JSON.parse((await sb.cli(['forms', 'create', '--file', file, '--json'])).stdout).qrId;
    const out = `${tmp.path}/transparent.png`;
    expect((await sb.cli(['forms', 'download', id, '--format', 'png', '--out', out])).exitCode).toBe(0);
    const png = PNG.sync.read(readFileSync(out));
    expect(png.width).toBe(200);
    expect(png.data[3]).toBe(0); // the corner pixel (quiet zone) is fully transparent
  });

  it('open prints the short link', async () => {
    const id = await create('Open me');
    const r = await sb.cli(['forms', 'open', id]);
    expect(r.stdout).toBe(`${sb.origin}/s/${id}\n`);
  });
});

describe('spec §5 roles on the forms routes', () => {
  it('Viewer: create → 403 (exit 4); archive, update, clone, share, delete → 400', async () => {
    const id = await create('Owned');
    const c = await sb.cli(['forms', 'create', '--title', 'x', '--field', 'email:e'], { role: 'viewer' });
    expect(c.exitCode).toBe(4);
    expect(c.stderr).toMatch(/HTTP 403/);
    for (const args of [['forms', 'archive', id], ['forms', 'update', id, '--title', 'x'], ['forms', 'clone', id], ['forms', 'share', id, '--to', 'a@b.co'], ['forms', 'delete', id, '--yes']]) {
      const r = await sb.cli(args, { role: 'viewer' });
      expect(r.exitCode, args.join(' ')).toBe(1);
      expect(r.stderr, args.join(' ')).toMatch(/HTTP 400/);
    }
    expect((await sb.cli(['forms', 'get', id], { role: 'viewer' })).exitCode).toBe(0);
  });

  it("Editor: updates its own forms, not another's (400)", async () => {
    const own = await create('Editor form', 'editor');
    expect((await sb.cli(['forms', 'update', own, '--title', 'Mine'], { role: 'editor' })).exitCode).toBe(0);
    const ownerForm = await create('Owner form');
    const r = await sb.cli(['forms', 'update', ownerForm, '--title', 'Theirs'], { role: 'editor' });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/Editors can only update forms they created \(HTTP 400\)/);
    const other = await sb.cli(['forms', 'update', own, '--title', 'x'], { role: 'editor2' });
    expect(other.stderr).toMatch(/HTTP 400/);
  });

  it('Admin can change any form', async () => {
    const id = await create('By editor', 'editor');
    expect((await sb.cli(['forms', 'archive', id], { role: 'admin' })).exitCode).toBe(0);
  });
});
