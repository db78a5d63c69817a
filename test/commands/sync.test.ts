import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/sandbox/repo/sqlite.js';
import { tempDir } from '../helpers/cli.js';
import { startSandbox } from '../helpers/commandSandbox.js';
import { startPostgres, type Postgres } from '../helpers/postgres.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
let pgServer: Postgres;
const tmp = tempDir();
beforeAll(async () => {
  [sb, pgServer] = await Promise.all([startSandbox(['--plan', 'business']), startPostgres()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([sb.stop(), pgServer.stop()]);
  tmp.remove();
});

const FORM = {
  title: 'Sync me', shortText: 'x', isQuiz: false,
  fields: [
    { type: 'name', option: { label: 'Full name', required: true } },
    { type: 'email', option: { label: 'E-mail' } },
    { type: 'checkbox', option: { label: 'Tags', options: [{ name: 'A', value: 'a' }, { name: 'B', value: 'b' }] } },
    { type: 'number', option: { label: 'Age' } },
    { type: 'address', option: { label: 'Address' } },
  ],
};
async function newForm(): Promise<{ qrId: string; keys: string[] }> {
  const f = (await sb.api('POST', '/forms', { body: FORM })).body.data;
  return { qrId: f.qrId, keys: f.fields.map((x: any) => x.key) };
}
const requests = async (since: number) => (await sb.requestsSince(since)).length;
async function pgQuery(sql: string): Promise<Array<Record<string, unknown>>> {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: pgServer.url });
  await c.connect();
  try {
    return (await c.query(sql)).rows;
  } finally {
    await c.end();
  }
}
function sqliteCount(file: string, table: string): number {
  const d = openSqlite(file, { readonly: true });
  try {
    return (d.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    d.close();
  }
}

describe('submissions sync into SQLite', () => {
  it('upserts every submission once, with typed columns, in ⌈N/100⌉ requests; nothing new costs one request', async () => {
    const { qrId, keys } = await newForm();
    await sb.api('POST', `/forms/${qrId}/submissions`, { body: { answers: { [keys[0]!]: { firstName: 'Ada', lastName: 'L' }, [keys[1]!]: 'ada.real@example.com', [keys[2]!]: ['a', 'b'], [keys[3]!]: '36', [keys[4]!]: { city: 'Paris' } } } });
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId, count: 249 });
    const db = `${tmp.path}/s.db`;
    let before = await sb.lastRequestId();
    const r = await sb.cli(['submissions', 'sync', qrId, '--to', `sqlite:${db}`, '--json']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).forms[0]).toMatchObject({ qrId, upserted: 250, rows: 250, requests: 3 });
    expect(await requests(before)).toBe(3);
    const d = openSqlite(db, { readonly: true });
    const table = `form_${qrId.toLowerCase()}`;
    const cols = (d.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string; type: string }>).map((c) => `${c.name}:${c.type}`);
    expect(cols).toEqual(['id:TEXT', 'created_at:TEXT', 'updated_at:TEXT', 'full_name_first_name:TEXT', 'full_name_last_name:TEXT', 'e_mail:TEXT', 'tags:TEXT', 'age:REAL', 'address_address_line:TEXT', 'address_city:TEXT', 'address_state:TEXT', 'address_zipcode:TEXT', 'address_country:TEXT']);
    const ada = d.prepare(`SELECT * FROM ${table} WHERE e_mail = 'ada.real@example.com'`).get() as Record<string, unknown>;
    expect(ada).toMatchObject({ full_name_first_name: 'Ada', tags: '["a","b"]', age: 36, address_city: 'Paris' });
    expect((d.prepare('SELECT COUNT(*) AS n FROM submissions WHERE qr_id = ?').get(qrId) as { n: number }).n).toBe(250);
    expect(d.prepare('SELECT rows FROM _formctl_sync WHERE qr_id = ?').get(qrId)).toEqual({ rows: 250 });
    d.close();
    before = await sb.lastRequestId();
    const again = await sb.cli(['submissions', 'sync', qrId, '--to', `sqlite:${db}`, '--json']);
    expect(JSON.parse(again.stdout).forms[0]).toMatchObject({ upserted: 0, rows: 250, requests: 1 });
    expect(await requests(before)).toBe(1);
  });

  it('counts every request it sent, a retried one included (each costs quota), in the form\'s count and the total', async () => {
    const { qrId } = await newForm();
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId, count: 250 });
    await sb.admin('POST', '/_sandbox/faults', { spec: `kinds=503,route=GET /forms/${qrId}/submissions,count=1` });
    try {
      const r = await sb.cli(['submissions', 'sync', qrId, '--to', `sqlite:${tmp.path}/retried.db`, '--json']);
      expect(r.exitCode, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout);
      // three pages, one of them asked for twice
      expect(out.forms[0]).toMatchObject({ upserted: 250, requests: 4 });
      expect(out.requests).toBe(4);
    } finally {
      await sb.admin('DELETE', '/_sandbox/faults');
    }
  });

  it('never skips nor repeats submissions that share a timestamp, and a new field adds a column', async () => {
    const { qrId, keys } = await newForm();
    const db = `${tmp.path}/t.db`;
    const t = Date.parse('2026-11-01T10:00:00Z');
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId, count: 130, atMs: t });
    await sb.cli(['submissions', 'sync', qrId, '--to', `sqlite:${db}`]);
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId, count: 7, atMs: t }); // same instant as the newest synced
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId, count: 5, atMs: t + 1000 });
    await sb.api('PUT', `/forms/${qrId}`, { body: { fields: [...FORM.fields.map((f, i) => ({ key: keys[i], ...f })), { type: 'phone', option: { label: 'Phone' } }] } });
    const r = await sb.cli(['submissions', 'sync', qrId, '--to', `sqlite:${db}`, '--json']);
    expect(JSON.parse(r.stdout).forms[0]).toMatchObject({ upserted: 12, rows: 142 });
    const d = openSqlite(db, { readonly: true });
    const table = `form_${qrId.toLowerCase()}`;
    expect((d.prepare(`SELECT COUNT(DISTINCT id) AS n FROM ${table}`).get() as { n: number }).n).toBe(142);
    expect((d.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).map((c) => c.name)).toContain('phone');
    d.close();
  });

  it('--full updates changed rows and deletes the ones the service no longer has', async () => {
    const { qrId, keys } = await newForm();
    const db = `${tmp.path}/f.db`;
    const ids: string[] = [];
    for (const mail of ['a@x.io', 'b@x.io', 'c@x.io']) ids.push((await sb.api('POST', `/forms/${qrId}/submissions`, { body: { answers: { [keys[0]!]: { firstName: 'A', lastName: 'B' }, [keys[1]!]: mail } } })).body.data.submissionId);
    await sb.cli(['submissions', 'sync', qrId, '--to', `sqlite:${db}`]);
    await sb.api('PUT', `/submissions/${ids[0]}`, { body: { answers: { [keys[0]!]: { firstName: 'A', lastName: 'B' }, [keys[1]!]: 'changed@x.io' } } });
    await sb.api('DELETE', `/submissions/${ids[1]}`);
    const incremental = JSON.parse((await sb.cli(['submissions', 'sync', qrId, '--to', `sqlite:${db}`, '--json'])).stdout).forms[0];
    expect(incremental).toMatchObject({ upserted: 0, deleted: 0, rows: 3 }); // what an incremental sync cannot see
    const full = JSON.parse((await sb.cli(['submissions', 'sync', qrId, '--to', `sqlite:${db}`, '--full', '--json'])).stdout).forms[0];
    expect(full).toMatchObject({ upserted: 2, deleted: 1, rows: 2 });
    const d = openSqlite(db, { readonly: true });
    expect((d.prepare(`SELECT e_mail FROM form_${qrId.toLowerCase()} ORDER BY e_mail`).all() as Array<{ e_mail: string }>).map((x) => x.e_mail)).toEqual(['c@x.io', 'changed@x.io']);
    d.close();
  });

  it('stopped by --max-requests, it keeps every page it wrote: a re-run asks for none of them again', async () => {
    const { qrId } = await newForm();
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId, count: 5000 });
    for (const to of [`sqlite:${tmp.path}/capped.db`, pgServer.url]) {
      const table = `form_${qrId.toLowerCase()}`;
      let before = await sb.lastRequestId();
      const capped = await sb.cli(['submissions', 'sync', qrId, '--to', to, '--max-requests', '20']);
      expect([capped.exitCode, capped.stderr], to).toEqual([5, expect.stringMatching(/--max-requests 20 reached \(20 requests sent\); run it again: the sync resumes where it stopped \(its database\)$/m)]);
      expect(await requests(before)).toBe(20);
      // page 1 (the form, the size), then pages 50 … 32, oldest first: 19 pages of 100 rows, all kept
      // (the batches commit 1,000 rows, then 2,000: 900 of them were lost at the stop)
      const kept = to.startsWith('sqlite:')
        ? sqliteCount(`${tmp.path}/capped.db`, table)
        : Number((await pgQuery(`SELECT COUNT(*) AS n FROM ${table}`))[0]!.n);
      expect(kept, to).toBe(1900);
      before = await sb.lastRequestId();
      const rest = JSON.parse((await sb.cli(['submissions', 'sync', qrId, '--to', to, '--json'])).stdout).forms[0];
      expect(rest, to).toMatchObject({ upserted: 3100, rows: 5000 });
      // 3,100 rows, and those at the kept rows' newest instant again (skipped by id): 32 pages, not 41
      expect(await requests(before), to).toBeLessThanOrEqual(32);
    }
  });

  it('checks the database before any request', async () => {
    const before = await sb.requestCount();
    const bad = await sb.cli(['submissions', 'sync', 'ABC1', '--to', 'mysql://x']);
    expect([bad.exitCode, bad.stderr]).toEqual([2, expect.stringMatching(/not a database URL; expected sqlite:FILE or postgres:/)]);
    const missing = await sb.cli(['submissions', 'sync', 'ABC1']);
    expect([missing.exitCode, missing.stderr]).toEqual([2, expect.stringMatching(/FORMCTL_SYNC_URL/)]);
    const dir = await sb.cli(['submissions', 'sync', 'ABC1', '--to', `sqlite:${tmp.path}/no/such/dir/x.db`]);
    expect(dir.exitCode).toBe(2);
    // a file that is no SQLite database: the flag named, exit 2, the file as it was
    writeFileSync(`${tmp.path}/notes.txt`, 'root:x:0:0:root:/root:/bin/bash\n'.repeat(200));
    const notDb = await sb.cli(['submissions', 'sync', 'ABC1', '--to', `sqlite:${tmp.path}/notes.txt`]);
    expect([notDb.exitCode, notDb.stderr]).toEqual([2, expect.stringMatching(/--to sqlite:.*notes\.txt: cannot use it \(file is not a database\)/)]);
    expect(readFileSync(`${tmp.path}/notes.txt`, 'utf8')).toBe('root:x:0:0:root:/root:/bin/bash\n'.repeat(200));
    // a server that does not answer may on the next run: exit 1, as a network failure (2 is input to fix)
    const pgDown = await sb.cli(['submissions', 'sync', 'ABC1', '--to', 'postgres://nobody:secret@127.0.0.1:1/x']);
    expect([pgDown.exitCode, pgDown.stderr]).toEqual([1, expect.stringMatching(/postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/x: cannot connect \(connect ECONNREFUSED/)]);
    // a password in the flag is warned about, and never shown
    expect(pgDown.stderr).toContain('--to holds a password');
    const fromEnv = await sb.cli(['submissions', 'sync', 'ABC1'], { env: { FORMCTL_SYNC_URL: 'postgres://nobody:secret@127.0.0.1:1/x' } });
    expect([fromEnv.exitCode, fromEnv.stderr]).toEqual([1, expect.stringMatching(/postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/x: cannot connect/)]);
    expect(fromEnv.stderr).not.toContain('--to holds a password');
    expect(fromEnv.stderr).not.toContain('secret');
    expect(pgDown.stderr).not.toContain('secret');
    // a password holding @ (pg splits at the last one), in the query, or with no user: never shown either
    for (const url of ['postgres://leak:hunter2@SecretTail@127.0.0.1:1/x', 'postgres://sync@127.0.0.1:1/x?password=QuerySecret', 'postgres://:OnlySecret@127.0.0.1:1/x', 'postgres://u:pa?Secret@127.0.0.1:1/x']) {
      const r = await sb.cli(['submissions', 'sync', 'ABC1', '--json'], { env: { FORMCTL_SYNC_URL: url } });
      expect([r.exitCode, r.stderr], url).toEqual([expect.any(Number), expect.stringMatching(/\*\*\*.*(cannot connect|not a PostgreSQL URL pg can read)/)]);
      // refused by the network (1) or unreadable (2): never a request of the quota either way
      expect([1, 2], url).toContain(r.exitCode);
      expect(`${r.stdout}${r.stderr}`, url).not.toMatch(/Secret|hunter2/);
    }
    expect(await sb.requestCount()).toBe(before);
  });
});

describe('submissions sync into a real PostgreSQL', () => {
  it('makes the same tables with Postgres types, upserts by id, resumes from the state in the database', async () => {
    const { qrId, keys } = await newForm();
    await sb.api('POST', `/forms/${qrId}/submissions`, { body: { answers: { [keys[0]!]: { firstName: 'Ada', lastName: 'L' }, [keys[1]!]: 'ada.real@example.com', [keys[2]!]: ['a'], [keys[3]!]: '36' } } });
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId, count: 199 });
    const r = await sb.cli(['submissions', 'sync', qrId, '--json'], { env: { FORMCTL_SYNC_URL: pgServer.url } });
    expect(JSON.parse(r.stdout).forms[0]).toMatchObject({ upserted: 200, rows: 200, requests: 2 });
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: pgServer.url });
    await c.connect();
    try {
      const table = `form_${qrId.toLowerCase()}`;
      const types = (await c.query('SELECT column_name, data_type FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position', [table])).rows.map((x) => `${x.column_name}:${x.data_type}`);
      expect(types.slice(0, 8)).toEqual(['id:text', 'created_at:timestamp with time zone', 'updated_at:timestamp with time zone', 'full_name_first_name:text', 'full_name_last_name:text', 'e_mail:text', 'tags:jsonb', 'age:numeric']);
      const ada = (await c.query(`SELECT tags, age FROM ${table} WHERE e_mail = 'ada.real@example.com'`)).rows[0];
      expect(ada).toEqual({ tags: ['a'], age: '36' });
      expect((await c.query('SELECT COUNT(*)::int AS n FROM submissions WHERE qr_id = $1', [qrId])).rows[0].n).toBe(200);
      expect((await c.query("SELECT raw->>'id' AS id FROM submissions WHERE qr_id = $1 LIMIT 1", [qrId])).rows[0].id).toMatch(/^[0-9a-f]{24}$/);
      await sb.admin('POST', '/_sandbox/seed-submissions', { qrId, count: 3 });
      const again = JSON.parse((await sb.cli(['submissions', 'sync', qrId, '--json'], { env: { FORMCTL_SYNC_URL: pgServer.url } })).stdout).forms[0];
      expect(again).toMatchObject({ upserted: 3, rows: 203, requests: 1 });
      expect((await c.query(`SELECT COUNT(DISTINCT id)::int AS n FROM ${table}`)).rows[0].n).toBe(203);
    } finally {
      await c.end();
    }
  });

  it('keeps every character through COPY (tab, newline, backslash, quotes) and updates changed rows in place with --full', async () => {
    const { qrId, keys } = await newForm();
    const line = 'Flat 2\t"B"\nBack\\slash \\N \'quote\' é';
    const id = (await sb.api('POST', `/forms/${qrId}/submissions`, { body: { answers: { [keys[0]!]: { firstName: 'Tab\tby', lastName: 'L' }, [keys[1]!]: 'copy@x.io', [keys[4]!]: { addressLine: line, city: '\\N' } } } })).body.data.submissionId;
    const sync = async (...extra: string[]) => JSON.parse((await sb.cli(['submissions', 'sync', qrId, '--json', ...extra], { env: { FORMCTL_SYNC_URL: pgServer.url } })).stdout).forms[0];
    expect(await sync()).toMatchObject({ upserted: 1, rows: 1 });
    await sb.api('PUT', `/submissions/${id}`, { body: { answers: { [keys[0]!]: { firstName: 'Tab\tby', lastName: 'L' }, [keys[1]!]: 'changed@x.io', [keys[4]!]: { addressLine: line, city: '\\N' } } } });
    expect(await sync('--full')).toMatchObject({ upserted: 1, deleted: 0, rows: 1 });
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: pgServer.url });
    await c.connect();
    try {
      const row = (await c.query(`SELECT full_name_first_name AS first, e_mail, address_address_line AS line, address_city AS city FROM form_${qrId.toLowerCase()}`)).rows;
      expect(row).toEqual([{ first: 'Tab\tby', e_mail: 'changed@x.io', line, city: '\\N' }]);
      const raw = (await c.query('SELECT raw FROM submissions WHERE id = $1', [id])).rows[0].raw;
      expect(raw.answers[keys[4]!].addressLine).toBe(line);
    } finally {
      await c.end();
    }
  });

  it("makes the form's table beside a table of the same name in another schema, and leaves that one alone", async () => {
    const { qrId } = await newForm();
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId, count: 2 });
    const table = `form_${qrId.toLowerCase()}`;
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: pgServer.url });
    await c.connect();
    try {
      await c.query(`CREATE SCHEMA IF NOT EXISTS elsewhere; CREATE TABLE elsewhere.${table} (id text PRIMARY KEY, note text)`);
      const r = await sb.cli(['submissions', 'sync', qrId, '--json'], { env: { FORMCTL_SYNC_URL: pgServer.url } });
      expect([r.exitCode, r.stderr]).toEqual([0, expect.not.stringMatching(/error/i)]);
      expect(JSON.parse(r.stdout).forms[0]).toMatchObject({ upserted: 2, rows: 2 });
      expect((await c.query(`SELECT COUNT(*)::int AS n, COUNT(e_mail)::int AS mails FROM public.${table}`)).rows[0]).toEqual({ n: 2, mails: 2 });
      const other = (await c.query("SELECT column_name FROM information_schema.columns WHERE table_schema = 'elsewhere' AND table_name = $1 ORDER BY ordinal_position", [table])).rows.map((x) => x.column_name);
      expect(other).toEqual(['id', 'note']);
      expect((await c.query(`SELECT COUNT(*)::int AS n FROM elsewhere.${table}`)).rows[0].n).toBe(0);
    } finally {
      await c.end();
    }
  });
});

describe('submissions sync into PostgreSQL: new rows copied in, known rows upserted only when changed', () => {
  it('copies a first sync straight in; --full over the same rows rewrites only the changed one and adds the new ones', async () => {
    const { qrId, keys } = await newForm();
    const changed = (await sb.api('POST', `/forms/${qrId}/submissions`, { body: { answers: { [keys[0]!]: { firstName: 'Ada', lastName: 'L' }, [keys[1]!]: 'before@x.io' } } })).body.data.submissionId;
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId, count: 1499 });
    const sync = async (...extra: string[]) => JSON.parse((await sb.cli(['submissions', 'sync', qrId, '--json', ...extra], { env: { FORMCTL_SYNC_URL: pgServer.url } })).stdout).forms[0];
    expect(await sync()).toMatchObject({ upserted: 1500, rows: 1500 });
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: pgServer.url });
    await c.connect();
    const table = `form_${qrId.toLowerCase()}`;
    // xmin: the transaction that wrote the row's current version
    const versions = async () => {
      const form = new Map((await c.query(`SELECT id, xmin::text AS v FROM ${table}`)).rows.map((r) => [r.id, r.v]));
      const raw = new Map((await c.query('SELECT id, xmin::text AS v FROM submissions WHERE qr_id = $1', [qrId])).rows.map((r) => [r.id, r.v]));
      return { form, raw };
    };
    try {
      const before = await versions();
      await sb.api('PUT', `/submissions/${changed}`, { body: { answers: { [keys[0]!]: { firstName: 'Ada', lastName: 'L' }, [keys[1]!]: 'after@x.io' } } });
      await sb.admin('POST', '/_sandbox/seed-submissions', { qrId, count: 2 });
      expect(await sync('--full')).toMatchObject({ upserted: 1502, deleted: 0, rows: 1502 });
      const after = await versions();
      expect((await c.query(`SELECT COUNT(*)::int AS n, COUNT(DISTINCT id)::int AS d FROM ${table}`)).rows[0]).toEqual({ n: 1502, d: 1502 });
      expect((await c.query(`SELECT e_mail FROM ${table} WHERE id = $1`, [changed])).rows[0].e_mail).toBe('after@x.io');
      expect((await c.query('SELECT raw FROM submissions WHERE id = $1', [changed])).rows[0].raw.answers[keys[1]!]).toBe('after@x.io');
      for (const kind of ['form', 'raw'] as const) {
        const rewritten = [...before[kind]].filter(([id, v]) => after[kind].get(id) !== v).map(([id]) => id);
        expect(rewritten).toEqual([changed]);
        expect(after[kind].size).toBe(1502);
      }
    } finally {
      await c.end();
    }
  });
});

describe('submissions sync: the size of its transactions', () => {
  it('doubles them from 1,000 rows, then near the end commits as soon as a batch holds the rows left, so little is written after the last page', async () => {
    const { qrId } = await newForm();
    await sb.admin('POST', '/_sandbox/seed-submissions', { qrId, count: 2500 });
    const r = await sb.cli(['submissions', 'sync', qrId, '--json'], { env: { FORMCTL_SYNC_URL: pgServer.url } });
    expect(JSON.parse(r.stdout).forms[0]).toMatchObject({ upserted: 2500, rows: 2500 });
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: pgServer.url });
    await c.connect();
    try {
      // xmin: the transaction that wrote the row; oldest rows first
      const sizes = (await c.query(`SELECT COUNT(*)::int AS n FROM form_${qrId.toLowerCase()} GROUP BY xmin::text ORDER BY MIN(created_at)`)).rows.map((x) => x.n);
      expect(sizes).toEqual([1000, 800, 500, 200]);
    } finally {
      await c.end();
    }
  });
});

describe('submissions sync of a quiz', () => {
  it('gives a quiz its score columns from the form, as export does, even when the newest answers came before it was a quiz', async () => {
    const radio = { type: 'radio', option: { label: 'Capital of France?', options: [{ name: 'Paris', value: 'paris' }, { name: 'Lyon', value: 'lyon' }] } };
    const made = (await sb.api('POST', '/forms', { body: { title: 'Quiz later', shortText: 'x', fields: [radio] } })).body.data;
    await sb.api('POST', `/forms/${made.qrId}/submissions`, { body: { answers: { [made.fields[0].key]: 'paris' } } });
    // made a quiz afterwards: the submission so far has no quiz result
    await sb.api('PUT', `/forms/${made.qrId}`, { body: { isQuiz: true, fields: [{ ...radio, key: made.fields[0].key, quizConfig: { points: 1, correctAnswers: ['paris'] } }] } });
    const db = `${tmp.path}/quiz.db`;
    expect((await sb.cli(['submissions', 'sync', made.qrId, '--to', `sqlite:${db}`])).exitCode).toBe(0);
    const conn = await openSqlite(db);
    try {
      const cols = (conn.prepare(`select name from pragma_table_info('form_${String(made.qrId).toLowerCase()}')`).all() as Array<{ name: string }>).map((c) => c.name);
      expect(cols).toEqual(expect.arrayContaining(['quiz_points', 'quiz_passed']));
    } finally {
      conn.close();
    }
  });
});
