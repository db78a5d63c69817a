import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, tempDir } from '../helpers/cli.js';
import { startSandbox, type SandboxHandle } from '../helpers/commandSandbox.js';
import { runInProcess } from '../helpers/inProcessCli.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
const tmp = tempDir();
let qrId: string;

beforeAll(async () => {
  sb = await startSandbox(['--plan', 'business']);
  qrId = (await sb.api('POST', '/forms', { body: { title: 'Flyer', shortText: 'x', fields: [{ type: 'email', option: { label: 'Mail' } }] } })).body.data.qrId;
  await sb.admin('POST', '/_sandbox/seed-scans', { qrId, count: 600, days: 30, seed: 3 });
});
afterAll(async () => {
  await sb.stop();
  tmp.remove();
});

describe('formctl analytics', () => {
  it('checks every flag before any request (exit 2, naming the flag and what it expects)', async () => {
    const before = await sb.requestCount();
    const cases: Array<[string[], RegExp]> = [
      [['--period', '7'], /--period.*Allowed choices are day, week, month, months, year, years, custom/s],
      [['--tz', 'Mars/Olympus'], /--tz: "Mars\/Olympus" is not a time zone; expected an IANA name/],
      [['--day', '2026-02-30'], /--day: "2026-02-30" is not a date or time; expected one of 2026-11-01/],
      [['--from', '2026-11-07', '--to', '2026-11-01'], /--to \(2026-11-01\) is before --from/],
      [['--to', '2026-11-01'], /--to needs --from/],
      [['--period', 'day'], /--period day needs --day DATE/],
      [['--day', 'today', '--from', '7d'], /--day cannot be combined with --from\/--to/],
      [['--period', 'week', '--day', 'today'], /--day asks for period day, not --period week/],
    ];
    for (const [flags, message] of cases) {
      const r = await sb.cli(['analytics', qrId, ...flags]);
      expect([r.exitCode, r.stderr], flags.join(' ')).toEqual([2, expect.stringMatching(message)]);
    }
    expect((await sb.cli(['analytics', 'not-an-id'])).exitCode).toBe(2);
    expect(await sb.requestCount()).toBe(before);
  });

  it('prints the API object as JSON, and the timeseries as CSV or JSON lines, in one request', async () => {
    const before = await sb.lastRequestId();
    const json = await sb.cli(['analytics', qrId, '--period', 'week', '-o', 'json']);
    expect(json.exitCode).toBe(0);
    const a = JSON.parse(json.stdout);
    expect(a).toMatchObject({ form: { qrId, title: 'Flyer' }, period: 'week', submissionFilter: false });
    expect(a.timeseries.all).toHaveLength(7);
    const csv = await sb.cli(['analytics', qrId, '--from', '2026-11-01', '--to', '2026-11-07', '--tz', 'Asia/Tokyo', '-o', 'csv']);
    expect(csv.stdout.split('\n')[0]).toBe('date,all,unique');
    expect(csv.stdout.trimEnd().split('\n').slice(1).map((l) => l.split(',')[0])).toEqual(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07']);
    const jsonl = await sb.cli(['analytics', 'show', qrId, '--submissions', '-o', 'jsonl']);
    const rows = jsonl.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(rows).toHaveLength(30);
    expect(Object.keys(rows[0])).toEqual(['date', 'all', 'unique']);
    const sent = await sb.requestsSince(before);
    expect(sent.map((r) => r.path)).toEqual([
      `/v1/forms/${qrId}/analytics?period=week&tz=UTC`,
      `/v1/forms/${qrId}/analytics?period=custom&tz=Asia%2FTokyo&timestamp=${Date.parse('2026-11-01T00:00:00+09:00') / 1000}&endTimestamp=${Date.parse('2026-11-07T23:59:59+09:00') / 1000}`,
      `/v1/forms/${qrId}/analytics?period=month&tz=UTC&submission=1`,
    ]);
  });

  it('on a terminal: a summary with the share that led to a submission, a chart as wide as the terminal, and bars', async () => {
    const r = await sb.run(['analytics', qrId], { tty: true, columns: 100, env: { NO_COLOR: '1' } });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^Flyer \(\w+\) · month · \d{4}-\d{2}-\d{2} … \d{4}-\d{2}-\d{2} · UTC$/m);
    expect(r.stdout).toMatch(/^scans 600 · unique visitors \d+ · led to a submission \d+ \(\d+%\)$/m);
    const chartRows = r.stdout.split('\n').filter((l) => /^\s+\d+(\.\d)? [┼┤]/.test(l));
    expect(chartRows.length).toBeGreaterThanOrEqual(10);
    expect(Math.max(...chartRows.map((l) => [...l].length))).toBeLessThanOrEqual(100);
    expect(Math.max(...chartRows.map((l) => [...l].length))).toBeGreaterThan(90);
    expect(r.stdout).toContain('── unique visitors');
    expect(r.stdout).toMatch(/^ {2}Device +scans share\n {2}Mobile +\d+ +\d+% █+$/m);
    expect(r.stdout).toMatch(/^ {2}Country +scans share$/m);
    expect(r.stdout).toMatch(/^ {2}City +scans share$/m);
  });
});

describe('formctl analytics on a terminal: empty states, whole numbers, narrow terminals', () => {
  it('a form with no scans in the period says so instead of drawing an empty chart', async () => {
    const empty = (await sb.api('POST', '/forms', { body: { title: 'Quiet', shortText: 'x', fields: [{ type: 'email', option: { label: 'Mail' } }] } })).body.data.qrId;
    const r = await sb.run(['analytics', empty], { tty: true, columns: 80, env: { NO_COLOR: '1' } });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('No scans of this form in this period.');
    expect(r.stdout).not.toMatch(/[┼┤]/);
    expect(r.stdout).not.toContain('Device');
  });

  it('counts on the y axis are whole numbers, a row per count when there are few', async () => {
    const few = (await sb.api('POST', '/forms', { body: { title: 'Few', shortText: 'x', fields: [{ type: 'email', option: { label: 'Mail' } }] } })).body.data.qrId;
    await sb.admin('POST', '/_sandbox/seed-scans', { qrId: few, count: 6, days: 6, seed: 5 });
    const r = await sb.run(['analytics', few, '--period', 'week'], { tty: true, columns: 80, env: { NO_COLOR: '1' } });
    const labels = r.stdout.split('\n').filter((l) => /[┼┤]/.test(l)).map((l) => l.slice(0, 8).trim());
    expect(labels.length).toBeGreaterThan(1);
    for (const label of labels) expect(label).toMatch(/^\d+$/);
    expect(new Set(labels).size).toBe(labels.length); // no count repeated on two rows
    expect(labels.at(-1)).toBe('0');
  });

  it('fits a 60-column terminal: the header wraps at its separators, nothing runs past the edge', async () => {
    const r = await sb.run(['analytics', qrId, '--tz', 'America/Argentina/Buenos_Aires'], { tty: true, columns: 60, env: { NO_COLOR: '1' } });
    expect(r.exitCode).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines.filter((l) => [...l].length > 60)).toEqual([]);
    expect(r.stdout).toContain('America/Argentina/Buenos_Aires');
    expect(r.stdout).toMatch(/[┼┤]/);
  });
});

describe('formctl analytics export', () => {
  it('fetches the CSV link at once and writes it atomically', async () => {
    const out = `${tmp.path}/scans.csv`;
    const r = await sb.cli(['analytics', 'export', qrId, '--period', 'month', '--out', out]);
    expect(r.exitCode).toBe(0);
    const lines = readFileSync(out, 'utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('scannedAt,localTime,device,country,city,visitorId,submissionId');
    expect(lines).toHaveLength(601);
    expect(readdirSync(tmp.path).filter((f) => f.endsWith('.part'))).toEqual([]);
    // an existing file is kept unless --force, checked before the request
    const before = await sb.requestCount();
    const again = await sb.cli(['analytics', 'export', qrId, '--out', out]);
    expect([again.exitCode, again.stderr]).toEqual([2, expect.stringMatching(/the file exists; pass --force/)]);
    expect(await sb.requestCount()).toBe(before);
  });

  it('with --sandbox and nothing served, reads the CSV from the sandbox run in-process', async () => {
    const dir = tempDir();
    // a port where nothing listens: the sandbox's links name it, as they name 4010 when nothing is served
    const port = await freePort();
    const env = { FORMCTL_CONFIG_DIR: dir.path, FORMCTL_SANDBOX_PORT: String(port) };
    try {
      const made = await runInProcess(['--sandbox', 'forms', 'create', '--title', 'Flyer', '--field', 'email:Mail', '-q'], { env });
      const qr = made.stdout.trim();
      expect((await runInProcess(['--sandbox', 'sandbox', 'seed', 'scans', qr, '--count', '7'], { env })).exitCode).toBe(0);
      const r = await runInProcess(['--sandbox', 'analytics', 'export', qr], { env });
      expect([r.exitCode, r.stderr]).toEqual([0, '']);
      expect(r.stdout.trimEnd().split('\r\n')).toHaveLength(8);
    } finally {
      dir.remove();
    }
  });

  it('never sends the API key to the CSV origin; an expired link is a clear error and leaves no file', async () => {
    const seen: Array<string | undefined> = [];
    let expire = false;
    const files = createServer((req, res) => {
      seen.push(req.headers.authorization);
      if (expire) return void res.writeHead(410).end('gone');
      res.writeHead(200, { 'content-type': 'text/csv' }).end('scannedAt\r\n2026-11-01T00:00:00.000Z\r\n');
    });
    await new Promise<void>((r) => files.listen(0, '127.0.0.1', () => r()));
    const filesPort = (files.address() as AddressInfo).port;
    const api = createServer((req, res) => {
      seen.push(`api:${req.headers.authorization}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'success', data: { csvUrl: `http://127.0.0.1:${filesPort}/x.csv` } }));
    });
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', () => r()));
    const env = { FORMCTL_BASE_URL: `http://127.0.0.1:${(api.address() as AddressInfo).port}/v1`, FORMCTL_API_KEY: 'fk_secret_key_123', FORMCTL_CONFIG_DIR: tmp.path };
    try {
      const ok = await runInProcess(['analytics', 'export', 'ABC1'], { env });
      expect(ok.exitCode).toBe(0);
      expect(ok.stdout).toBe('scannedAt\r\n2026-11-01T00:00:00.000Z\r\n');
      expect(seen).toEqual(['api:Bearer fk_secret_key_123', undefined]);
      // the scans of people, saved: readable by the user only, like an export of submissions
      const saved = `${tmp.path}/scans-0600.csv`;
      expect((await runInProcess(['analytics', 'export', 'ABC1', '--out', saved], { env })).exitCode).toBe(0);
      expect([readFileSync(saved, 'utf8'), statSync(saved).mode & 0o777]).toEqual(['scannedAt\r\n2026-11-01T00:00:00.000Z\r\n', 0o600]);
      expire = true;
      const out = `${tmp.path}/expired.csv`;
      const gone = await runInProcess(['analytics', 'export', 'ABC1', '--out', out], { env });
      expect([gone.exitCode, gone.stderr]).toEqual([1, expect.stringMatching(/the CSV link expired before it could be read \(HTTP 410\)/)]);
      expect(existsSync(out)).toBe(false);
    } finally {
      files.close();
      api.close();
    }
  });
});

describe('formctl sandbox seed', () => {
  it('seeds scans and submissions of a form of the served sandbox', async () => {
    const f = (await sb.api('POST', '/forms', { body: { title: 'Seeded', shortText: 'x', fields: [{ type: 'shortText', option: { label: 'A' } }] } })).body.data.qrId;
    const r = await sb.cli(['sandbox', 'seed', 'scans', f, '--count', '300', '--days', '7', '--seed', '9']);
    expect([r.exitCode, r.stderr]).toEqual([0, expect.stringMatching(/^Seeded 300 scans of \w+ over the last 7 days \(\d+ led to a submission\)/)]);
    expect((await sb.api('GET', `/forms/${f}/analytics?period=week`)).body.data.scans).toBe(300);
    const s = await sb.cli(['sandbox', 'seed', 'submissions', f, '--count', '25']);
    expect(s.exitCode).toBe(0);
    const missing = await sb.cli(['sandbox', 'seed', 'scans', 'NOPE1', '--count', '5']);
    expect([missing.exitCode, missing.stderr]).toEqual([1, 'error: No form NOPE1\n']);
  });
});

export type { SandboxHandle };
