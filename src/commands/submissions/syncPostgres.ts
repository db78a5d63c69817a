import type { Writable } from 'node:stream';
import type { Client } from 'pg';
import type { Cell, ColumnType, SyncColumn } from '../../domain/syncColumns.js';
import { UsageError } from '../../errors.js';
import { q, redact, type PageRow, type Sink } from './syncShared.js';

// `submissions sync` into PostgreSQL. Each batch of pages is one transaction at its commit: the rows go in with
// COPY … FROM STDIN into temporary staging tables (one stream per table, no parameters to bind),
// then one INSERT … SELECT … ON CONFLICT (id) DO UPDATE per table moves them into place, then the
// state row; the staging tables empty themselves at the commit (ON COMMIT DELETE ROWS).

const PG_TYPES: Record<ColumnType, string> = { text: 'text', number: 'numeric', json: 'jsonb', boolean: 'boolean', timestamp: 'timestamptz' };
const RAW_COLUMNS = ['id', 'qr_id', 'created_at', 'updated_at', 'raw'];

type CopyFrom = (sql: string) => Writable;

/** One value in COPY's text format: \N for NULL; backslash, tab, newline and carriage return escaped. */
export function copyText(v: Cell): string {
  if (v === null) return '\\N';
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (typeof v === 'number') return String(v);
  return /[\\\t\n\r]/.test(v) ? v.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r')) : v;
}

/** COPY's text of rows: a line each, tab-separated. */
function copyLines(rows: Cell[][]): string {
  let out = '';
  for (const r of rows) out += `${r.map(copyText).join('\t')}\n`;
  return out;
}

/** `table`: a quoted, qualified name */
async function copyInto(client: Client, copyFrom: CopyFrom, table: string, columns: string[], rows: Cell[][]): Promise<void> {
  const stream = client.query(copyFrom(`COPY ${table} (${columns.map(q).join(', ')}) FROM STDIN`) as never) as unknown as Writable;
  await new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
    stream.end(copyLines(rows));
  });
}

/** The rows with one row per id, the last seen (an upsert cannot touch a row twice in one statement). */
function lastById(rows: PageRow[]): PageRow[] {
  const byId = new Map<string, PageRow>();
  for (const r of rows) byId.set(r.raw.id, r);
  return byId.size === rows.length ? rows : [...byId.values()];
}

/** the staging tables, always named in the session's own temporary schema (never a table of the database's) */
const stageOf = (table: string) => `pg_temp.${q(`_formctl_stage_${table}`)}`;
const RAW_STAGE = 'pg_temp._formctl_stage_raw';

async function writeBatch(client: Client, copyFrom: CopyFrom, qrId: string, table: string, columns: SyncColumn[], rows: PageRow[]): Promise<void> {
  const names = columns.map((c) => c.name);
  const quoted = names.map(q);
  const unique = lastById(rows);
  await copyInto(client, copyFrom, stageOf(table), names, unique.map((r) => r.cells));
  await client.query(`INSERT INTO ${q(table)} (${quoted.join(', ')}) SELECT ${quoted.join(', ')} FROM ${stageOf(table)} ON CONFLICT (id) DO UPDATE SET ${quoted.filter((n) => n !== '"id"').map((n) => `${n} = EXCLUDED.${n}`).join(', ')}`);
  await copyInto(client, copyFrom, RAW_STAGE, RAW_COLUMNS, unique.map((r) => [r.raw.id, qrId, r.raw.createdAt, r.raw.updatedAt, JSON.stringify(r.raw)]));
  await client.query(`INSERT INTO submissions (${RAW_COLUMNS.join(', ')}) SELECT ${RAW_COLUMNS.join(', ')} FROM ${RAW_STAGE} ON CONFLICT (id) DO UPDATE SET updated_at = EXCLUDED.updated_at, raw = EXCLUDED.raw`);
}

async function connect(url: string): Promise<{ client: Client; copyFrom: CopyFrom }> {
  const [{ default: pg }, copyStreams] = await Promise.all([import('pg'), import('pg-copy-streams')]);
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (e) {
    throw new UsageError(`--to ${redact(url)}: cannot connect (${(e as Error).message})`);
  }
  return { client, copyFrom: copyStreams.from };
}

export async function postgresSink(url: string): Promise<Sink> {
  const { client, copyFrom } = await connect(url);
  await client.query(`CREATE TABLE IF NOT EXISTS _formctl_sync (qr_id text PRIMARY KEY, table_name text NOT NULL, newest_created_at text NOT NULL, ids_at_newest jsonb NOT NULL, columns jsonb NOT NULL, rows bigint NOT NULL, updated_at timestamptz NOT NULL);
CREATE TABLE IF NOT EXISTS submissions (id text PRIMARY KEY, qr_id text NOT NULL, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, raw jsonb NOT NULL);
CREATE INDEX IF NOT EXISTS submissions_by_form ON submissions (qr_id, created_at);
CREATE TEMPORARY TABLE ${RAW_STAGE.slice('pg_temp.'.length)} (LIKE submissions) ON COMMIT DELETE ROWS;`);
  // the rows of the batch being read, sent at its commit (COPY is one stream per table)
  let pending: PageRow[] = [];
  return {
    label: redact(url),
    async state(qrId) {
      const r = (await client.query('SELECT * FROM _formctl_sync WHERE qr_id = $1', [qrId])).rows[0] as Record<string, unknown> | undefined;
      return r ? { qrId, table: String(r.table_name), newestCreatedAt: String(r.newest_created_at), idsAtNewest: r.ids_at_newest as string[], columns: r.columns as SyncColumn[], rows: Number(r.rows) } : undefined;
    },
    async prepare(table, columns) {
      const have = new Set((await client.query('SELECT column_name FROM information_schema.columns WHERE table_name = $1', [table])).rows.map((r: { column_name: string }) => r.column_name));
      if (have.size === 0) await client.query(`CREATE TABLE IF NOT EXISTS ${q(table)} (${columns.map((c) => `${q(c.name)} ${PG_TYPES[c.type]}${c.name === 'id' ? ' PRIMARY KEY' : ''}`).join(', ')})`);
      else for (const c of columns) if (!have.has(c.name)) await client.query(`ALTER TABLE ${q(table)} ADD COLUMN IF NOT EXISTS ${q(c.name)} ${PG_TYPES[c.type]}`);
      // the form's staging table, with the table's columns as they are now
      await client.query(`DROP TABLE IF EXISTS ${stageOf(table)}; CREATE TEMPORARY TABLE ${q(`_formctl_stage_${table}`)} (LIKE ${q(table)}) ON COMMIT DELETE ROWS`);
    },
    async writeRows(_qrId, _table, _columns, rows) {
      for (const r of rows) pending.push(r);
    },
    async commit(qrId, table, columns, state) {
      const rows = pending;
      pending = [];
      await client.query('BEGIN');
      try {
        if (rows.length) await writeBatch(client, copyFrom, qrId, table, columns, rows);
        await client.query(
          `INSERT INTO _formctl_sync (qr_id, table_name, newest_created_at, ids_at_newest, columns, rows, updated_at) VALUES ($1, $2, $3, $4, $5, $6, now())
           ON CONFLICT (qr_id) DO UPDATE SET table_name = EXCLUDED.table_name, newest_created_at = EXCLUDED.newest_created_at, ids_at_newest = EXCLUDED.ids_at_newest, columns = EXCLUDED.columns, rows = EXCLUDED.rows, updated_at = EXCLUDED.updated_at`,
          [qrId, table, state.newestCreatedAt, JSON.stringify(state.idsAtNewest), JSON.stringify(state.columns), state.rows],
        );
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      }
    },
    async finish(qrId, table) {
      const n = Number((await client.query(`SELECT COUNT(*) AS n FROM ${q(table)}`)).rows[0].n);
      await client.query('UPDATE _formctl_sync SET rows = $1 WHERE qr_id = $2', [n, qrId]);
      return n;
    },
    async deleteMissing(qrId, table, seen) {
      const ids = (await client.query(`SELECT id FROM ${q(table)}`)).rows.map((r: { id: string }) => r.id).filter((id: string) => !seen.has(id));
      if (ids.length) {
        await client.query('BEGIN');
        await client.query(`DELETE FROM ${q(table)} WHERE id = ANY($1)`, [ids]);
        await client.query('DELETE FROM submissions WHERE qr_id = $1 AND id = ANY($2)', [qrId, ids]);
        await client.query(`UPDATE _formctl_sync SET rows = (SELECT COUNT(*) FROM ${q(table)}) WHERE qr_id = $1`, [qrId]);
        await client.query('COMMIT');
      }
      return ids.length;
    },
    async close() {
      await client.end();
    },
  };
}
