import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir, waitFor } from '../helpers/cli.js';
import { startSandbox, type CommandSandbox } from '../helpers/commandSandbox.js';
import { inProcessSandbox } from '../helpers/inProcessSandbox.js';

// issue 8: what broke when formctl was tried as a new user would; each check spends no request
let sb: CommandSandbox;
let qrId: string;
const tmp = tempDir();
beforeAll(async () => {
  sb = await startSandbox();
  qrId = (await sb.cli(['forms', 'create', '--title', 'Hard', '--field', 'shortText:Note', '--field', 'email:Mail', '-q'])).stdout.trim();
});
afterAll(async () => {
  await sb.stop();
  tmp.remove();
});

/** Runs a command and checks it was refused with exit 2 before any request; returns stderr. */
async function refusedLocally(args: string[], opts: { env?: Record<string, string | undefined>; input?: string } = {}): Promise<string> {
  const before = await sb.lastRequestId();
  const r = await sb.cli(args, opts);
  expect(r.exitCode, `${args.join(' ')}: ${r.stderr}`).toBe(2);
  expect(await sb.lastRequestId(), `${args.join(' ')} sent a request`).toBe(before);
  expect(r.stderr).not.toMatch(/\n\s+at /); // never a stack trace
  return r.stderr;
}

describe('check before spending (quota is money)', () => {
  it('refuses calendar days that do not exist', async () => {
    expect(await refusedLocally(['submissions', 'list', qrId, '--until', '2026-02-30'])).toContain('--until: "2026-02-30" is not a date or time');
    expect(await refusedLocally(['submissions', 'export', qrId, '--since', '2026-13-01'])).toContain('--since: "2026-13-01" is not a date or time');
  });

  it('checks output paths before the first request, naming the path as typed', async () => {
    const dir = `${tmp.path}/out`;
    mkdirSync(dir);
    expect(await refusedLocally(['submissions', 'export', qrId, '--out', dir])).toContain(`--out ${dir}: is a directory`);
    expect(await refusedLocally(['submissions', 'export', qrId, '--out', '/missing/dir/x.csv'])).toContain('--out /missing/dir/x.csv: the directory /missing/dir does not exist');
    expect(await refusedLocally(['forms', 'download', qrId, '--format', 'png', '--out', '/missing/q.png'])).toContain('--out /missing/q.png: the directory /missing does not exist');
    const rows = `${tmp.path}/rows.csv`;
    writeFileSync(rows, 'Note,Mail\nhello,a@example.com\n');
    expect(await refusedLocally(['submissions', 'import', qrId, rows, '--errors', '/missing/e.csv'])).toContain('--errors /missing/e.csv: the directory /missing does not exist');
  });

  it('refuses a 5,000-character form id, an unreadable input, a directory and a NUL byte', async () => {
    expect(await refusedLocally(['forms', 'get', 'A'.repeat(5000)])).toContain('a form id of 5000 characters is not a form id');
    expect(await refusedLocally(['submissions', 'import', qrId, tmp.path])).toContain(`cannot read ${tmp.path}: is a directory`);
    expect(await refusedLocally(['submissions', 'import', qrId, `${tmp.path}/nope.csv`])).toContain('no such file');
    expect(await refusedLocally(['forms', 'create', '--file', tmp.path])).toContain('is a directory');
    const nul = `${tmp.path}/nul.jsonl`;
    writeFileSync(nul, `${JSON.stringify({ Note: 'a\u0000b', Mail: 'a@example.com' })}\n`);
    expect(await refusedLocally(['submissions', 'import', qrId, nul])).toContain('row 1, column "Note" contains a NUL byte');
  });

  it('refuses a base URL that does not end in /v1, from a flag and in config', async () => {
    expect(await refusedLocally(['forms', 'list', '--base-url', 'https://api.example.com'])).toContain('base URL must end in /v1');
    expect(await refusedLocally(['config', 'set', 'base-url', 'https://api.example.com'])).toContain('did you mean https://api.example.com/v1?');
  });

  it('refuses a profile that does not exist, also with the environment set, and lists the profiles', async () => {
    expect((await sb.cli(['config', 'set', 'base-url', 'https://api.example.com/v1', '--profile', 'work'])).exitCode).toBe(0);
    const stderr = await refusedLocally(['forms', 'list', '--profile', 'wrok']);
    expect(stderr).toContain('--profile: no profile "wrok"; the profiles are "work"');
    expect(await refusedLocally(['forms', 'list', '--profile', ''])).toContain('--profile: expected a profile name');
    expect(await refusedLocally(['forms', 'list'], { env: { FORMCTL_PROFILE: 'nope' } })).toContain('FORMCTL_PROFILE: no profile "nope"');
  });
});

describe('input', () => {
  it('imports from stdin (-) and reads a .json file as JSON', async () => {
    const stdin = await sb.cli(['submissions', 'import', qrId, '-'], { input: `${JSON.stringify({ Note: 'from stdin', Mail: 'a@example.com' })}\n` });
    expect(stdin.exitCode, stdin.stderr).toBe(0);
    const json = `${tmp.path}/rows.json`;
    writeFileSync(json, JSON.stringify([{ Note: 'from json', Mail: 'b@example.com' }]));
    const r = await sb.cli(['submissions', 'import', qrId, json]);
    expect(r.exitCode, r.stderr).toBe(0);
    const notes = JSON.parse((await sb.cli(['submissions', 'list', qrId, '--json'])).stdout).map((s: { answers: Record<string, unknown> }) => Object.values(s.answers));
    expect(notes.flat()).toEqual(expect.arrayContaining(['from stdin', 'from json']));
  });
});

describe('FORMCTL_API_KEY as CI secrets hold it', () => {
  it('a key with a line break after it works; a key with a control character inside is exit 2 before any request, never shown', async () => {
    const ok = await sb.cli(['forms', 'list', '-q'], { env: { FORMCTL_API_KEY: `${sb.keys.owner}\n` } });
    expect([ok.exitCode, ok.stderr]).toEqual([0, '']);
    const before = await sb.requestCount();
    const bad = await sb.cli(['forms', 'list'], { env: { FORMCTL_API_KEY: `${sb.keys.owner.slice(0, 10)}\n${sb.keys.owner.slice(10)}` } });
    expect([bad.exitCode, bad.stderr]).toEqual([2, expect.stringMatching(/the API key \(env FORMCTL_API_KEY\) holds a space or a control character/)]);
    expect(bad.stderr).not.toContain(sb.keys.owner.slice(10));
    expect(await sb.requestCount()).toBe(before);
  });
});

describe('--sandbox beats the environment', () => {
  it('uses the embedded sandbox and its key even when FORMCTL_API_KEY and FORMCTL_BASE_URL are set', async () => {
    const dir = tempDir();
    const r = await sb.cli(['--sandbox', 'forms', 'list', '--json'], { env: { FORMCTL_SANDBOX_DIR: `${dir.path}/sb`, FORMCTL_API_KEY: 'fk_from_env', FORMCTL_BASE_URL: 'https://api.example.com/v1' } });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([]);
    dir.remove();
  });
});

describe('the sandbox guards its admin routes', () => {
  it('refuses a path with dot segments instead of resolving it to /_sandbox/keys', async () => {
    const raw = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        // the path exactly as written (a URL object would normalise it first)
        const { hostname, port } = new URL(sb.origin);
        const req = request({ hostname, port, path, method: 'GET', headers: { authorization: `Bearer ${sb.keys.owner}` } }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const path of ['/v1/forms/../../_sandbox/keys', '/v1/%2e%2e/_sandbox/keys', '/v1/./forms']) {
      const r = await raw(path);
      expect(r.status, path).toBe(400);
      expect(r.body).not.toContain(sb.keys.owner);
    }
  });

  it('asks for the token printed at start when served beyond loopback', async () => {
    const guarded = await inProcessSandbox({ adminToken: 'tok-123' });
    try {
      expect((await fetch(`${guarded.origin}/_sandbox/keys`)).status).toBe(401);
      const ok = await fetch(`${guarded.origin}/_sandbox/keys`, { headers: { 'x-sandbox-token': 'tok-123' } });
      expect(ok.status).toBe(200);
    } finally {
      await guarded.stop();
    }
  });
});

describe('auth login checks the key before saving it', () => {
  it('refuses a wrong key by default (one request, said up front), and --no-check saves it unchecked', async () => {
    const dir = tempDir();
    const env = { FORMCTL_CONFIG_DIR: `${dir.path}/cfg`, FORMCTL_API_KEY: undefined, FORMCTL_BASE_URL: undefined };
    const wrong = await sb.cli(['auth', 'login', '--with-key', '--base-url', sb.baseUrl, '--profile', 'typo'], { env, input: 'fk_wrong\n' });
    expect(wrong.exitCode).toBe(4);
    expect(wrong.stderr).toContain('Checking the key with one request');
    expect((await sb.cli(['auth', 'list', '--json'], { env })).stdout).not.toContain('typo');
    const offline = await sb.cli(['auth', 'login', '--with-key', '--base-url', sb.baseUrl, '--profile', 'later', '--no-check'], { env, input: 'fk_unchecked\n' });
    expect(offline.exitCode, offline.stderr).toBe(0);
    expect(offline.stderr).toContain('(not checked)');
    dir.remove();
  });
});

describe('export requests', () => {
  it('--concurrency 1 means one request at a time', async () => {
    const q = (await sb.cli(['forms', 'create', '--title', 'One at a time', '--field', 'shortText:Note', '-q'])).stdout.trim();
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId: q, count: 500 });
    await sb.admin('POST', '/_sandbox/faults', { spec: `kinds=latency,latency=30,route=GET /forms/${q}/submissions` });
    const before = await sb.lastRequestId();
    try {
      const r = await sb.cli(['submissions', 'export', q, '--out', `${tmp.path}/one.csv`, '--concurrency', '1']);
      expect(r.exitCode, r.stderr).toBe(0);
    } finally {
      await sb.admin('DELETE', '/_sandbox/faults');
    }
    // each logged request spans [end - ms, end]: with one at a time, no two overlap. `at` is a Date
    // (whole milliseconds) and `ms` a performance.now() difference, so each span's ends are known to
    // within 1 ms, two spans' to within 2; requests that overlapped would share about 30 ms (the latency)
    const spans = (await sb.requestsSince(before))
      .filter((x) => x.path.startsWith(`/v1/forms/${q}/submissions`))
      .map((x) => {
        const end = Date.parse((x as unknown as { at: string }).at);
        return [end - (x as unknown as { ms: number }).ms, end] as const;
      })
      .sort((a, b) => a[0] - b[0]);
    expect(spans).toHaveLength(5);
    for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![1] - 2);
  });

  it('asks for no further page once the monthly quota is used up', async () => {
    const q = (await sb.cli(['forms', 'create', '--title', 'Quota', '--field', 'shortText:Note', '-q'])).stdout.trim();
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId: q, count: 2000 });
    const used = (await sb.admin<Array<{ id: string; usedThisMonth: number }>>('GET', '/_sandbox/account')).find((a) => a.id === 'acct_main')!.usedThisMonth;
    await sb.admin('PUT', '/_sandbox/account', { quota: used + 3 });
    const before = await sb.lastRequestId();
    try {
      const r = await sb.cli(['submissions', 'export', q, '--out', `${tmp.path}/quota.csv`, '--concurrency', '4']);
      expect(r.exitCode).toBe(5);
    } finally {
      await sb.admin('PUT', '/_sandbox/account', { quota: null });
    }
    // requests already in flight when the command stopped are answered after it: wait until the log is still
    let last = -1;
    let still = 0;
    await waitFor(async () => {
      const id = await sb.lastRequestId();
      still = id === last ? still + 1 : 0;
      last = id;
      return still >= 3;
    }, 'the requests in flight to be answered');
    const log = await sb.requestsSince(before);
    const refused = log.filter((x) => x.status === 429).length;
    expect(refused).toBeGreaterThan(0);
    // at most the pages already in flight are refused (the sandbox answers them one by one, so the
    // moment the client learnt of the first refusal is not in its log: this is a bound, not an order)
    expect(refused).toBeLessThanOrEqual(4);
  });
});

describe('messages', () => {
  it('names missing flags by their flag names on forms create', async () => {
    expect(await refusedLocally(['forms', 'create'])).toContain("forms create needs --title TEXT and at least one --field 'type:Label'");
    expect(await refusedLocally(['forms', 'create', '--title', 'x'])).toContain("needs at least one --field 'type:Label'");
  });

  it('says "the webhook URL", without repeated words, and a busy port in a sentence', async () => {
    const stderr = await refusedLocally(['webhook', 'enable', 'ftp://x.example.com/hook']);
    expect(stderr).toContain('error: the webhook URL must use https');
    const port = Number(new URL(sb.origin).port);
    const busy = await sb.cli(['sandbox', 'serve', '--port', String(port), '--data', `${tmp.path}/busy`]);
    expect(busy.exitCode).toBe(2);
    expect(busy.stderr).toContain(`port ${port} on 127.0.0.1 is in use by another program: pass another --port`);
  });

  it('the embedded sandbox on the free plan says how to lift the form limit, in one command', async () => {
    const dir = tempDir();
    const env = { FORMCTL_SANDBOX_DIR: `${dir.path}/sb` };
    // ten forms straight into the data dir (the free plan's slots), then the eleventh through formctl
    const { SandboxStore } = await import('../../src/sandbox/repo/store.js');
    const store = new SandboxStore(`${dir.path}/sb`);
    const doc = { title: 'F', shortText: '', description: '', fields: [{ key: 'f1', type: 'email', option: { label: 'E' } }] };
    for (let i = 0; i < 10; i++) store.forms.insert({ accountId: 'acct_main', creatorId: 'seed', doc: doc as never, at: new Date().toISOString() });
    store.close();
    const full = await sb.cli(['--sandbox', 'forms', 'create', '--title', 'F10', '--field', 'email:E'], { env });
    expect(full.exitCode).toBe(1);
    expect(full.stderr).toContain('formctl sandbox plan business');
    // (this harness also sets FORMCTL_BASE_URL to its served sandbox: --sandbox names the embedded one)
    expect((await sb.cli(['--sandbox', 'sandbox', 'plan', 'business'], { env })).exitCode).toBe(0);
    expect((await sb.cli(['--sandbox', 'forms', 'create', '--title', 'F10', '--field', 'email:E', '-q'], { env })).exitCode).toBe(0);
    dir.remove();
  });
});

describe('forms update --file with a fields list', () => {
  it('replaces every field only with --replace-fields', async () => {
    const q = (await sb.cli(['forms', 'create', '--title', 'Two fields', '--field', 'shortText:Kept', '--field', 'email:Also kept', '-q'])).stdout.trim();
    const patch = `${tmp.path}/fields.json`;
    writeFileSync(patch, JSON.stringify({ fields: [{ type: 'phone', option: { label: 'Phone' } }] }));
    const refused = await refusedLocally(['forms', 'update', q, '--file', patch]);
    expect(refused).toContain('pass --replace-fields');
    expect((await sb.api('GET', `/forms/${q}`)).body.data.fields).toHaveLength(2);
    const r = await sb.cli(['forms', 'update', q, '--file', patch, '--replace-fields']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect((await sb.api('GET', `/forms/${q}`)).body.data.fields.map((f: { type: string }) => f.type)).toEqual(['phone']);
  });
});

describe('retries and lost answers are never silent on a terminal', () => {
  it('says what is retried and when', async () => {
    await sb.admin('POST', '/_sandbox/faults', { spec: 'kinds=503,route=GET /forms,count=1' });
    const r = await sb.run(['forms', 'list'], { tty: true });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/retrying GET \/forms in \d+\.\d s \(attempt 2 of 4\): HTTP 503/);
    // in a pipe the output stays clean
    await sb.admin('POST', '/_sandbox/faults', { spec: 'kinds=503,route=GET /forms,count=1' });
    expect((await sb.cli(['forms', 'list', '--json'])).stderr).toBe('');
  });

  it('after a POST whose answer was lost, says the form may exist and how to check', async () => {
    await sb.admin('POST', '/_sandbox/faults', { spec: 'kinds=drop-after,route=POST /forms,count=1' });
    const r = await sb.cli(['forms', 'create', '--title', 'Maybe', '--field', 'email:E']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('the form may have been created. Check with `formctl forms list --sort newest`');
  });
});

describe('tables', () => {
  it('fit the terminal, one line per row; a pipe gets every character', async () => {
    const long = 'T'.repeat(100_000);
    const q = (await sb.cli(['forms', 'create', '--title', long, '--field', 'email:E', '-q'])).stdout.trim();
    const r = await sb.run(['forms', 'list', '--limit', '100'], { tty: true, columns: 80 });
    expect(r.exitCode, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(80);
    expect(lines.some((l) => l.includes(q) && l.includes('T…'))).toBe(true);
    const piped = await sb.cli(['forms', 'list', '--limit', '100', '-o', 'table']);
    expect(piped.stdout).toContain(long);
    const one = await sb.run(['forms', 'get', q], { tty: true, columns: 80 });
    for (const line of one.stdout.trimEnd().split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
  });
});

describe('submissions get -o table', () => {
  it('shows the answers by label, like the list', async () => {
    const created = await sb.cli(['submissions', 'create', qrId, '--set', 'Note=by label', '--set', 'Mail=l@example.com', '-q']);
    const r = await sb.cli(['submissions', 'get', created.stdout.trim(), '-o', 'table']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Note\s+by label$/m);
    expect(r.stdout).toMatch(/^Mail\s+l@example\.com$/m);
  });
});

describe('sandbox inspection reads the sandbox the profile points at', () => {
  it('outbox, deliveries and logs come from a served sandbox through its /_sandbox routes', async () => {
    // sb serves from its own data dir; the default (embedded) data dir is elsewhere and empty
    const other = tempDir();
    const env = { FORMCTL_SANDBOX_DIR: `${other.path}/embedded` };
    expect((await sb.cli(['forms', 'share', qrId, '--to', 'served@example.com'], { env })).exitCode).toBe(0);
    const outbox = JSON.parse((await sb.cli(['sandbox', 'outbox', '--json'], { env })).stdout) as Array<{ recipients: string }>;
    expect(outbox.some((m) => m.recipients === 'served@example.com')).toBe(true);
    const last = await sb.lastRequestId();
    const logs = JSON.parse((await sb.cli(['sandbox', 'logs', '--after', String(last - 1), '--json'], { env })).stdout) as Array<{ id: number; path: string }>;
    expect(logs.map((l) => l.id)).toEqual([last]);
    // --since is a time, in the words of every time flag; a bare id there says which flag takes ids
    const recent = JSON.parse((await sb.cli(['sandbox', 'logs', '--since', '10m', '--json'], { env })).stdout) as Array<{ id: number; at: string }>;
    expect(recent.map((l) => l.id)).toContain(last);
    expect(recent.every((l) => Date.parse(l.at) >= Date.now() - 600_000)).toBe(true);
    expect(JSON.parse((await sb.cli(['sandbox', 'logs', '--since', 'now', '--after', '0', '--json'], { env })).stdout)).toEqual([]);
    // with the sandbox's clock two hours ahead, its log's times are read on that clock
    await sb.admin('POST', '/_sandbox/clock', { advanceSeconds: 7200 });
    try {
      // a request logged at the sandbox's time, two hours after the real one
      await sb.api('GET', '/forms');
      const ahead = await sb.lastRequestId();
      expect(JSON.parse((await sb.cli(['sandbox', 'logs', '--since', 'now', '--json'], { env })).stdout)).toEqual([]);
      expect(JSON.parse((await sb.cli(['sandbox', 'logs', '--since', '1m', '--json'], { env })).stdout).map((l: { id: number }) => l.id)).toContain(ahead);
    } finally {
      await sb.admin('POST', '/_sandbox/clock', { advanceSeconds: -7200 });
    }
    const asId = await sb.cli(['sandbox', 'logs', '--since', '120'], { env });
    expect([asId.exitCode, asId.stderr]).toEqual([2, expect.stringMatching(/^error: --since: "120" is not a date or time; .* \(entries after request 120: --after 120\)\n$/)]);
    expect(JSON.parse((await sb.cli(['sandbox', 'deliveries', '--json'], { env })).stdout)).toEqual(expect.any(Array));
    // --data still reads a data dir directly
    expect(JSON.parse((await sb.cli(['sandbox', 'outbox', '--json', '--data', sb.dataDir], { env })).stdout)).toEqual(outbox);
    other.remove();
  });
});

describe('an import that survives a bad night', () => {
  it('goes on past rows that run out of retries, sets them aside as retryable, and a re-run sends only those', async () => {
    const q = (await sb.cli(['forms', 'create', '--title', 'Night', '--field', 'shortText:Note', '-q'])).stdout.trim();
    const file = `${tmp.path}/night.csv`;
    writeFileSync(file, `Note\n${Array.from({ length: 20 }, (_, i) => `row ${i}`).join('\n')}\n`);
    const errors = `${tmp.path}/night-errors.csv`;
    await sb.admin('POST', '/_sandbox/faults', { spec: `kinds=503,route=POST /forms/${q}/submissions,count=3` });
    const first = await sb.cli(['submissions', 'import', q, file, '--errors', errors, '--json', '--retries', '0', '--concurrency', '1']);
    expect(first.exitCode).toBe(1);
    expect(JSON.parse(first.stdout)).toMatchObject({ rows: 20, created: 17, failed: 3, rejected: 0 });
    expect(first.stderr).toContain('3 of 20 rows failed after their retries');
    const lines = (await import('node:fs')).readFileSync(errors, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('Note,_row,_errors,_retryable,_key');
    // each with the key it was sent with, to be sent again under it
    expect(lines.slice(1).every((l) => /,true,import-[0-9a-f]{48}$/.test(l))).toBe(true);
    expect(lines).toHaveLength(4);
    // the re-run: one schema request and the 3 rows left, nothing for the 17 already acknowledged
    const before = await sb.lastRequestId();
    const again = await sb.cli(['submissions', 'import', q, file, '--json']);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ created: 3, alreadyImported: 17, failed: 0 });
    expect(await sb.lastRequestId()).toBe(before + 4);
    expect((await sb.api('GET', `/forms/${q}/submissions?limit=100`)).body.data.total).toBe(20);
    // and a third run: zero requests
    const beforeThird = await sb.lastRequestId();
    const third = await sb.cli(['submissions', 'import', q, file]);
    expect(third.exitCode, third.stderr).toBe(0);
    expect(third.stderr).toContain('nothing to send');
    expect(await sb.lastRequestId()).toBe(beforeThird);
  });
});

describe('one meaning per flag', () => {
  it('--out is the file, -o the format; an existing file is replaced only with --force', async () => {
    const out = `${tmp.path}/flags.jsonl`;
    const r = await sb.cli(['submissions', 'export', qrId, '-o', 'jsonl', '--out', out]);
    expect(r.exitCode, r.stderr).toBe(0);
    const first = (await import('node:fs')).readFileSync(out, 'utf8');
    expect(JSON.parse(first.split('\n')[0]!).qrId).toBe(qrId); // -o jsonl is the format, not a file named jsonl
    expect(await refusedLocally(['submissions', 'export', qrId, '--out', out])).toContain(`--out ${out}: the file exists; pass --force`);
    expect((await sb.cli(['submissions', 'export', qrId, '--out', out, '--force'])).exitCode).toBe(0);
    expect((await sb.cli(['forms', 'download', qrId, '--format', 'svg', '-f'])).exitCode).toBe(2); // -f is api's --raw-field only
  });
});

describe('more local checks', () => {
  it('refuses a file id of the wrong form on upload delete, and a --forward-to that is not http(s)', async () => {
    expect(await refusedLocally(['upload', 'delete', qrId, '../../etc/passwd', '--yes'])).toContain('is not a file id');
    expect(await refusedLocally(['webhook', 'listen', '--forward-to', 'ftp://x.example.com/'], { env: { FORMCTL_WEBHOOK_SECRET: 'whsec_x' } })).toContain('must be an http:// or https:// URL');
  });
});

describe('sandbox keys and plan act on the sandbox the profile points at', () => {
  it('lists the served sandbox keys and sets its plan through /_sandbox', async () => {
    const other = tempDir();
    const env = { FORMCTL_SANDBOX_DIR: `${other.path}/embedded` };
    const keys = JSON.parse((await sb.cli(['sandbox', 'keys', '--json'], { env })).stdout) as Array<{ role: string; key: string }>;
    expect(keys.find((k) => k.role === 'owner')!.key).toBe(sb.keys.owner);
    expect((await sb.cli(['sandbox', 'plan', 'professional'], { env })).exitCode).toBe(0);
    const accounts = await sb.admin<Array<{ id: string; plan: string }>>('GET', '/_sandbox/account');
    expect(accounts.find((a) => a.id === 'acct_main')!.plan).toBe('professional');
    await sb.admin('PUT', '/_sandbox/account', { plan: 'free' });
    other.remove();
  });
});
