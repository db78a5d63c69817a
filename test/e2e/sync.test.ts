import { openSqlite } from '../../src/sandbox/repo/sqlite.js';
import { execa } from 'execa';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, tempDir, waitFor } from '../helpers/cli.js';
import { startSandbox, type SandboxHandle } from '../helpers/sandbox.js';
import { startPostgres } from '../helpers/postgres.js';

// 20 % of requests fail (5xx, dropped connections, lost answers) and the first sync is killed with
// SIGKILL half-way: a re-run leaves every submission in the database exactly once.
const dir = tempDir();
let sb: SandboxHandle;
beforeAll(async () => {
  sb = await startSandbox(['--plan', 'business']);
});
afterAll(async () => {
  await sb.stop();
  dir.remove();
});

/** A preload that notes each worker thread a process makes, and what it noted ('worker\n' per worker). */
function workerCounter(name: string): { preload: string; made(): string } {
  const preload = `${dir.path}/count-workers-${name}.cjs`;
  const mark = `${dir.path}/workers-${name}.txt`;
  writeFileSync(preload, `const wt = require('node:worker_threads'); const W = wt.Worker;
wt.Worker = class extends W { constructor(...a) { super(...a); require('node:fs').appendFileSync(${JSON.stringify(mark)}, 'worker\\n'); } };`);
  return { preload, made: () => (existsSync(mark) ? readFileSync(mark, 'utf8') : '') };
}

describe('submissions sync under faults and kill -9', () => {
  it('resumes from the state in the database: nothing lost, nothing twice', async () => {
    const qrId = (await sb.api('POST', '/forms', { body: { title: 'Chaos', shortText: 'x', fields: [{ type: 'email', option: { label: 'Mail' } }, { type: 'shortText', option: { label: 'Note' } }] } })).body.data.qrId;
    const N = 3000;
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId, count: N });
    await sb.admin('PUT', '/_sandbox/faults', { spec: 'rate=0.2,kinds=500+503+drop+drop-after+latency,latency=40,seed=11' });
    const db = `${dir.path}/chaos.db`;
    const table = `form_${qrId.toLowerCase()}`;
    const env = cleanEnv({ FORMCTL_CONFIG_DIR: `${dir.path}/config`, FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: sb.keys.owner });
    const args = [BIN, 'submissions', 'sync', qrId, '--to', `sqlite:${db}`, '--retries', '6'];
    const first = execa('node', args, { env, extendEnv: false, reject: false });
    const count = () => {
      if (!existsSync(db)) return 0;
      const d = openSqlite(db, { readonly: true });
      try {
        return (d.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
      } catch {
        return 0;
      } finally {
        d.close();
      }
    };
    await waitFor(() => count() >= 500, 'part of the sync written');
    first.kill('SIGKILL');
    const killed = await first;
    expect(killed.signal).toBe('SIGKILL');
    const partial = count();
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(N);
    // run again until it completes (a request may still fail all its retries under 20 % faults)
    let done = false;
    for (let i = 0; i < 5 && !done; i++) done = (await execa('node', args, { env, extendEnv: false, reject: false })).exitCode === 0;
    expect(done).toBe(true);
    await sb.admin('PUT', '/_sandbox/faults', { spec: 'off' });
    const d = openSqlite(db, { readonly: true });
    expect((d.prepare(`SELECT COUNT(*) AS n, COUNT(DISTINCT id) AS d FROM ${table}`).get())).toEqual({ n: N, d: N });
    expect((d.prepare('SELECT COUNT(*) AS n FROM submissions WHERE qr_id = ?').get(qrId) as { n: number }).n).toBe(N);
    const ids = new Set((await sb.api('GET', `/forms/${qrId}/submissions?limit=1`)).body.data.total === N ? (d.prepare(`SELECT id FROM ${table}`).all() as Array<{ id: string }>).map((r) => r.id) : []);
    expect(ids.size).toBe(N);
    d.close();
  }, 120_000);

  it('into PostgreSQL too: killed half-way under faults, the re-runs leave every submission exactly once', async () => {
    const qrId = (await sb.api('POST', '/forms', { body: { title: 'Chaos PG', shortText: 'x', fields: [{ type: 'email', option: { label: 'Mail' } }, { type: 'shortText', option: { label: 'Note' } }] } })).body.data.qrId;
    const N = 3000;
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId, count: N });
    await sb.admin('PUT', '/_sandbox/faults', { spec: 'rate=0.2,kinds=500+503+drop+drop-after+latency,latency=40,seed=12' });
    const pgServer = await startPostgres();
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: pgServer.url });
    await c.connect();
    const table = `form_${qrId.toLowerCase()}`;
    const count = async () => {
      try {
        return (await c.query(`SELECT COUNT(*)::int AS n FROM ${table}`)).rows[0].n as number;
      } catch {
        return 0; // not made yet
      }
    };
    try {
      const env = cleanEnv({ FORMCTL_CONFIG_DIR: `${dir.path}/config-pg`, FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: sb.keys.owner, FORMCTL_SYNC_URL: pgServer.url });
      const args = [BIN, 'submissions', 'sync', qrId, '--retries', '6'];
      const first = execa('node', args, { env, extendEnv: false, reject: false });
      await waitFor(async () => (await count()) >= 500, 'part of the sync committed');
      first.kill('SIGKILL');
      expect((await first).signal).toBe('SIGKILL');
      const partial = await count();
      expect(partial).toBeGreaterThan(0);
      expect(partial).toBeLessThan(N);
      let done = false;
      for (let i = 0; i < 5 && !done; i++) done = (await execa('node', args, { env, extendEnv: false, reject: false })).exitCode === 0;
      expect(done).toBe(true);
      expect((await c.query(`SELECT COUNT(*)::int AS n, COUNT(DISTINCT id)::int AS d FROM ${table}`)).rows[0]).toEqual({ n: N, d: N });
      expect((await c.query('SELECT COUNT(*)::int AS n, COUNT(DISTINCT id)::int AS d FROM submissions WHERE qr_id = $1', [qrId])).rows[0]).toEqual({ n: N, d: N });
    } finally {
      await sb.admin('PUT', '/_sandbox/faults', { spec: 'off' });
      await c.end();
      await pgServer.stop();
    }
  }, 120_000);

  it('Ctrl-C stops at the next page and commits the pages it fetched, then ends with 130: a re-run asks for none of them again', async () => {
    const qrId = (await sb.api('POST', '/forms', { body: { title: 'Interrupted', shortText: 'x', fields: [{ type: 'email', option: { label: 'Mail' } }] } })).body.data.qrId;
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId, count: 5000 });
    const db = `${dir.path}/interrupted.db`;
    const table = `form_${qrId.toLowerCase()}`;
    const env = cleanEnv({ FORMCTL_CONFIG_DIR: `${dir.path}/config-int`, FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: sb.keys.owner });
    const count = () => {
      const d = openSqlite(db, { readonly: true });
      try {
        return (d.prepare(`SELECT COUNT(*) AS n, COUNT(DISTINCT id) AS d FROM ${table}`).get()) as { n: number; d: number };
      } finally {
        d.close();
      }
    };
    // every answer a quarter of a second late: 8 pages in flight, some 30 a second
    await sb.admin('PUT', '/_sandbox/faults', { spec: 'rate=1,kinds=latency,latency=250' });
    let before = await sb.lastRequestId();
    try {
      const run = execa('node', [BIN, 'submissions', 'sync', qrId, '--to', `sqlite:${db}`], { env, extendEnv: false, reject: false });
      // past the first batch (1,000 rows), well before the second's commit (3,000 rows)
      await waitFor(async () => (await sb.requestsSince(before)).length >= 24, 'some 24 pages asked');
      run.kill('SIGINT');
      const r = await run;
      expect([r.exitCode, r.stderr]).toEqual([130, '']);
      const asked = (await sb.requestsSince(before)).length;
      // page 1 and at most 8 in flight were not written: every other page asked is kept
      expect(count().n).toBeGreaterThanOrEqual((asked - 9) * 100);
      expect(count().n).toBeGreaterThan(1000);
      // and the state counts them
      const d = openSqlite(db, { readonly: true });
      expect((d.prepare('SELECT rows FROM _formctl_sync WHERE qr_id = ?').get(qrId) as { rows: number }).rows).toBe(count().n);
      d.close();
    } finally {
      await sb.admin('PUT', '/_sandbox/faults', { spec: 'off' });
    }
    const kept = count().n;
    before = await sb.lastRequestId();
    const rest = await execa('node', [BIN, 'submissions', 'sync', qrId, '--to', `sqlite:${db}`], { env, extendEnv: false, reject: false });
    expect(rest.exitCode).toBe(0);
    expect(count()).toEqual({ n: 5000, d: 5000 });
    // the re-run's own requests: those of the first run still in flight when it ended reach the log
    // late, with their latency fault
    expect((await sb.requestsSince(before)).filter((q) => q.fault === null).length).toBeLessThanOrEqual(Math.ceil((5000 - kept) / 100) + 1);
  }, 60_000);

  it('Ctrl-C while a request waits out a Retry-After ends the run with 130 within the grace, not after the retries', async () => {
    const qrId = (await sb.api('POST', '/forms', { body: { title: 'Throttled', shortText: 'x', fields: [{ type: 'email', option: { label: 'Mail' } }] } })).body.data.qrId;
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId, count: 300 });
    const env = cleanEnv({ FORMCTL_CONFIG_DIR: `${dir.path}/config-throttled`, FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: sb.keys.owner });
    await sb.admin('POST', '/_sandbox/faults', { spec: `kinds=429,retry-after=20,route=GET /forms/${qrId}/submissions,count=10` });
    const before = await sb.lastRequestId();
    const run = execa('node', [BIN, 'submissions', 'sync', qrId, '--to', `sqlite:${dir.path}/throttled.db`], { env, extendEnv: false, reject: false });
    await waitFor(async () => (await sb.requestsSince(before)).some((q) => q.status === 429), 'the first answer to be a 429');
    const sent = Date.now();
    run.kill('SIGINT');
    const r = await run;
    expect(r.exitCode).toBe(130);
    // the grace is 3 s; the retries would have waited 20 s each
    expect(Date.now() - sent).toBeLessThan(15_000);
    await sb.admin('PUT', '/_sandbox/faults', { spec: 'off' });
  }, 60_000);

  it('into PostgreSQL as a user who may not create tables, or into a database that is not there: exit 2 naming what to fix, and the process ends (the connection closed)', async () => {
    const pgServer = await startPostgres();
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: pgServer.url });
    await c.connect();
    const role = `reader_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    try {
      await c.query(`CREATE ROLE ${role} LOGIN`); // PostgreSQL 15 and later: no CREATE on public for others
      const url = pgServer.url.replace('//postgres@', `//${role}@`);
      const env = cleanEnv({ FORMCTL_CONFIG_DIR: `${dir.path}/config-reader`, FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: sb.keys.owner, FORMCTL_SYNC_URL: url });
      const r = await execa('node', [BIN, 'submissions', 'sync', 'ABC1'], { env, extendEnv: false, reject: false, timeout: 20_000 });
      expect([r.timedOut, r.exitCode]).toEqual([false, 2]);
      expect(r.stderr).toMatch(/cannot create formctl's tables \(permission denied for schema public\).*GRANT CREATE ON SCHEMA/);
      // the server reached, and refusing what the URL asks (a database that is not there): input to fix, exit 2
      const missing = await execa('node', [BIN, 'submissions', 'sync', 'ABC1'], { env: { ...env, FORMCTL_SYNC_URL: pgServer.url.replace(/\/[^/]+$/, '/no_such_database') }, extendEnv: false, reject: false, timeout: 20_000 });
      expect([missing.timedOut, missing.exitCode, missing.stderr]).toEqual([false, 2, expect.stringMatching(/cannot connect \(database "no_such_database" does not exist\)/)]);
    } finally {
      await c.query(`DROP OWNED BY ${role}; DROP ROLE ${role}`).catch(() => undefined);
      await c.end();
      await pgServer.stop();
    }
  }, 60_000);

  it('a row SQLite refuses mid-batch stops the sync with its error: the batch is not committed, the state stays before it, a re-run completes', async () => {
    const qrId = (await sb.api('POST', '/forms', { body: { title: 'Refused', shortText: 'x', fields: [{ type: 'shortText', option: { label: 'Note' } }] } })).body.data.qrId;
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId, count: 1500 });
    const db = `${dir.path}/refused.db`;
    const table = `form_${qrId.toLowerCase()}`;
    // the sync's tables made beforehand, with a trigger that refuses row 1100 (rows are written oldest
    // first; the first transaction holds fewer: 800 of these 1,500)
    const d = openSqlite(db);
    d.exec(`CREATE TABLE submissions (id TEXT PRIMARY KEY, qr_id TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, raw TEXT NOT NULL);
      CREATE TRIGGER refuse BEFORE INSERT ON submissions WHEN NEW.raw LIKE '%"row 1100"%' BEGIN SELECT RAISE(ABORT, 'row 1100 refused'); END;`);
    d.close();
    const env = cleanEnv({ FORMCTL_CONFIG_DIR: `${dir.path}/config`, FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: sb.keys.owner });
    const args = [BIN, 'submissions', 'sync', qrId, '--to', `sqlite:${db}`];
    const failed = await execa('node', args, { env, extendEnv: false, reject: false });
    expect(failed.exitCode).not.toBe(0);
    expect(failed.stderr).toContain('row 1100 refused');
    const read = openSqlite(db, { readonly: true });
    const state = () => read.prepare('SELECT newest_created_at AS newest, rows FROM _formctl_sync WHERE qr_id = ?').get(qrId) as { newest: string } | undefined;
    const rows = () => read.prepare(`SELECT COUNT(*) AS n, MAX(created_at) AS newest FROM ${table}`).get() as { n: number; newest: string };
    try {
      // whole transactions only, all before the refused row, and the state exactly at their end
      expect(rows().n).toBeGreaterThan(0);
      expect(rows().n).toBeLessThan(1100);
      expect(state()?.newest).toBe(rows().newest);
      const w = openSqlite(db);
      w.exec('DROP TRIGGER refuse');
      w.close();
      // the re-run writes from a worker thread (dist/sync-worker.js)
      const workers = workerCounter('rerun');
      expect((await execa('node', ['--require', workers.preload, ...args], { env, extendEnv: false, reject: false })).exitCode).toBe(0);
      expect(workers.made()).toBe('worker\n');
      expect(rows().n).toBe(1500);
      expect((read.prepare(`SELECT COUNT(DISTINCT id) AS d FROM ${table}`).get() as { d: number }).d).toBe(1500);
      expect((read.prepare('SELECT COUNT(*) AS n FROM submissions WHERE qr_id = ?').get(qrId) as { n: number }).n).toBe(1500);
    } finally {
      read.close();
    }
  }, 60_000);
  it('a batch SQLite refuses stops the walk at once: the pages after it are not fetched (quota)', async () => {
    const qrId = (await sb.api('POST', '/forms', { body: { title: 'Refused early', shortText: 'x', fields: [{ type: 'shortText', option: { label: 'Note' } }] } })).body.data.qrId;
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId, count: 20_000 });
    const db = `${dir.path}/refused-early.db`;
    const d = openSqlite(db);
    d.exec(`CREATE TABLE submissions (id TEXT PRIMARY KEY, qr_id TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, raw TEXT NOT NULL);
      CREATE TRIGGER refuse BEFORE INSERT ON submissions WHEN NEW.raw LIKE '%"row 1500"%' BEGIN SELECT RAISE(ABORT, 'row 1500 refused'); END;`);
    d.close();
    const env = cleanEnv({ FORMCTL_CONFIG_DIR: `${dir.path}/config`, FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: sb.keys.owner });
    const before = await sb.lastRequestId();
    const failed = await execa('node', [BIN, 'submissions', 'sync', qrId, '--to', `sqlite:${db}`], { env, extendEnv: false, reject: false });
    expect(failed.exitCode).not.toBe(0);
    expect(failed.stderr).toContain('row 1500 refused');
    // 200 pages in all; the refusal is in the second batch (rows 1,001 to 3,000, pages 190 to 171).
    // What is fetched after it is bounded whatever the two sides' speeds.
    // At most page 1, the 15 pages up to the refused one, the 33 handed to the writer thread and not
    // yet written (syncWorker.ts WRITES_AHEAD) and the walk's window of 8 (sync.ts WINDOW): 57, less
    // than the second batch and the third (70 pages). Before the writer's queue was bounded, the walk
    // could run ahead of SQLite without limit: under load in CI it once fetched 61.
    const lists = (await sb.requestsSince(before)).filter((r) => r.method === 'GET' && r.path.startsWith(`/v1/forms/${qrId}/submissions`));
    expect(lists.length).toBeLessThanOrEqual(1 + 15 + 33 + 8);
  }, 60_000);

  it('a page that is no success envelope fails the sync as the API client would fail it, on the writer thread as on the walk\'s: the service\'s message, the same exit code, nothing committed', async () => {
    // a service that answers one page of three with 200 and an error envelope: page 1 (decoded by the
    // walk) or page 3 (the first walked, handed to the SQLite worker thread as bytes)
    const item = (n: number) => ({ id: `6b07${String(n).padStart(20, '0')}`, qrId: 'BROKEN01', answers: { note: `row ${n}` }, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(), updatedAt: '2026-01-01T00:00:00.000Z' });
    const run = async (broken: number) => {
      const { createServer } = await import('node:http');
      const server = createServer((req, res) => {
        const page = Number(new URL(req.url!, 'http://x').searchParams.get('page'));
        res.setHeader('content-type', 'application/json');
        if (page === broken) return void res.end(JSON.stringify({ status: 'failed', message: 'Form is archived' }));
        const items = Array.from({ length: page === 3 ? 50 : 100 }, (_, i) => item(250 - (page - 1) * 100 - i));
        res.end(JSON.stringify({ status: 'success', data: { items, total: 250, page, pageSize: 100, totalPages: 3 }, form: { title: 'B', fields: [{ key: 'note', type: 'shortText', option: { label: 'Note' } }] } }));
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const db = `${dir.path}/broken-${broken}.db`;
      try {
        const env = cleanEnv({ FORMCTL_CONFIG_DIR: `${dir.path}/config`, FORMCTL_BASE_URL: `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`, FORMCTL_API_KEY: 'fk_test_broken_service_key' });
        const workers = workerCounter(`broken-${broken}`);
        const r = await execa('node', ['--require', workers.preload, BIN, 'submissions', 'sync', 'BROKEN01', '--to', `sqlite:${db}`], { env, extendEnv: false, reject: false });
        const d = openSqlite(db);
        const rows = d.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'form_broken01'").get() as { n: number };
        const committed = rows.n ? (d.prepare('SELECT COUNT(*) AS n FROM form_broken01').get() as { n: number }).n : 0;
        d.close();
        return { exitCode: r.exitCode, stderr: r.stderr, committed, workers: workers.made() };
      } finally {
        server.close();
      }
    };
    const onWalk = await run(1);
    const onWriter = await run(3);
    expect(onWalk.stderr).toContain('Form is archived (HTTP 200)');
    // the same report, word for word: the worker's error crosses back as the ApiError it was
    expect(onWriter.stderr).toBe(onWalk.stderr);
    expect(onWriter.exitCode).not.toBe(0);
    expect(onWriter.exitCode).toBe(onWalk.exitCode);
    expect(onWriter.committed).toBe(0);
    // page 3 was the writer thread's to read: the error did cross from it
    expect(onWriter.workers).toBe('worker\n');
  }, 60_000);
});

describe('the raw column', () => {
  it('holds each submission as the service sent it, on every page, page 1 (the one the walk reads for the form and the size) included', async () => {
    // a service that lays its JSON out its own way: spaces around tokens, a number as 1.50 (JSON.stringify
    // of the parsed row would differ in every one of them)
    const itemText = (n: number) => `{ "id" : "6b07${String(n).padStart(20, '0')}", "qrId" : "SPACED01", "answers" : { "note" : "row ${n}", "score" : 1.50 }, "createdAt" : "${new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString()}", "updatedAt" : "2026-01-01T00:00:00.000Z" }`;
    const { createServer } = await import('node:http');
    const server = createServer((req, res) => {
      const page = Number(new URL(req.url!, 'http://x').searchParams.get('page'));
      const items = Array.from({ length: page === 3 ? 50 : 100 }, (_, i) => itemText(250 - (page - 1) * 100 - i));
      res.setHeader('content-type', 'application/json');
      res.end(`{ "status" : "success", "data" : { "items" : [ ${items.join(' , ')} ], "total" : 250, "page" : ${page}, "pageSize" : 100, "totalPages" : 3 }, "form" : { "title" : "S", "fields" : [ { "key" : "note", "type" : "shortText", "option" : { "label" : "Note" } } ] } }`);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const db = `${dir.path}/spaced.db`;
    try {
      const env = cleanEnv({ FORMCTL_CONFIG_DIR: `${dir.path}/config`, FORMCTL_BASE_URL: `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`, FORMCTL_API_KEY: 'fk_test_spaced_service_key' });
      const r = await execa('node', [BIN, 'submissions', 'sync', 'SPACED01', '--to', `sqlite:${db}`], { env, extendEnv: false, reject: false });
      expect(r.exitCode, r.stderr).toBe(0);
    } finally {
      server.close();
    }
    const d = openSqlite(db, { readonly: true });
    const rows = d.prepare('SELECT raw FROM submissions ORDER BY created_at').all() as Array<{ raw: string }>;
    d.close();
    expect(rows.map((x) => x.raw)).toEqual(Array.from({ length: 250 }, (_, i) => itemText(i + 1)));
  }, 60_000);
});

describe('a long page walk in constant memory', () => {
  it('an export of 100 pages holds V8\'s young generation at the size it had when the walk began (pageWalker.ts holdYoungGeneration)', async () => {
    const qrId = (await sb.api('POST', '/forms', { body: { title: 'Long walk', shortText: 'x', fields: [{ type: 'email', option: { label: 'Mail' } }, { type: 'shortText', option: { label: 'Note' } }] } })).body.data.qrId;
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId, count: 10_000 });
    // a preload notes the young generation's size when the growth is held, and at exit (without the
    // hold it doubles at least once over these 10,000 rows: 2 → 4 MB on Node 20, 4 → 8 MB on Node 24)
    const preload = `${dir.path}/young-generation.cjs`;
    const mark = `${dir.path}/young-generation.txt`;
    writeFileSync(preload, `const v8 = require('node:v8'); const fs = require('node:fs');
const young = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
const set = v8.setFlagsFromString;
v8.setFlagsFromString = (flags) => { if (flags === '--semi-space-growth-factor=1') fs.appendFileSync(${JSON.stringify(mark)}, 'held ' + young() + '\\n'); return set(flags); };
process.on('exit', () => fs.appendFileSync(${JSON.stringify(mark)}, 'exit ' + young() + '\\n'));`);
    const env = cleanEnv({ FORMCTL_CONFIG_DIR: `${dir.path}/config`, FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: sb.keys.owner });
    const r = await execa('node', ['--require', preload, BIN, 'submissions', 'export', qrId, '--out', `${dir.path}/long.csv`], { env, extendEnv: false, reject: false });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(readFileSync(`${dir.path}/long.csv`, 'utf8').trimEnd().split('\n')).toHaveLength(10_001);
    const [held, exit, ...more] = readFileSync(mark, 'utf8').trimEnd().split('\n');
    expect(held).toMatch(/^held \d+$/);
    expect(more).toEqual([]);
    expect(exit).toBe(held!.replace('held', 'exit'));
  }, 60_000);
});
