import type { Writable } from 'node:stream';
import type { Client } from 'pg';
import { cellReaders, type Cell, type ColumnType, type SyncColumn, type SyncSubmission } from '../../domain/syncColumns.js';
import { UsageError } from '../../errors.js';
import { q, redact, type RowSink } from './syncShared.js';
import { pagesOver } from './syncRows.js';

// `submissions sync` into PostgreSQL. Each batch of pages is one transaction at its commit. Rows new
// to the database (a first sync, and every later one that only brings new submissions) go straight
// into the tables with COPY … FROM STDIN; a batch that meets a row already there (--full, a
// submission synced before) is rolled back to a savepoint and goes the other way, as every later
// batch of the form does: COPY into temporary staging tables, then one INSERT … SELECT … ON CONFLICT
// (id) DO UPDATE per table that rewrites only the rows that changed. The state row goes last. The
// staging tables empty themselves at the commit (ON COMMIT DELETE ROWS).

const PG_TYPES: Record<ColumnType, string> = { text: 'text', number: 'numeric', json: 'jsonb', boolean: 'boolean', timestamp: 'timestamptz' };
const RAW_COLUMNS = ['id', 'qr_id', 'created_at', 'updated_at', 'raw'];

type CopyFrom = (sql: string) => Writable;

const ESCAPED = /[\\\t\n\r]/;

/**
 * One value in COPY's text format: \N for NULL; backslash, tab, newline and carriage return escaped
 * (`plain`: known to hold none, so not looked for).
 */
export function copyText(v: Cell, plain = false): string {
  if (v === null) return '\\N';
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (typeof v === 'number' || plain) return String(v);
  return ESCAPED.test(v) ? v.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r')) : v;
}

/** COPY's line of a row: tab-separated, ending in a newline. */
export function copyLine(cells: readonly Cell[], plain = false): string {
  let line = copyText(cells[0] ?? null, plain);
  for (let i = 1; i < cells.length; i++) line += `\t${copyText(cells[i]!, plain)}`;
  return `${line}\n`;
}

/**
 * A batch's rows as COPY text for the form's table and for `submissions`, made as each page comes
 * (the pages' objects are not kept until the commit). A row read twice in a batch (rows deleted
 * meanwhile shift the pages) is kept once, the last read: one statement cannot write a row twice.
 */
export class CopyBatch {
  rows = 0;
  // bytes, not strings: a page's text made of many small strings is costly for the GC to keep
  private readonly form: Buffer[] = [];
  private readonly raw: Buffer[] = [];
  private readonly ids = new Set<string>();
  private repeated = false;

  /** json: each row's JSON, the raw column */
  add(qrId: string, rows: readonly SyncSubmission[], json: readonly string[], cellsOf: (s: SyncSubmission) => Cell[]): void {
    let form = '';
    let raw = '';
    for (let k = 0; k < rows.length; k++) {
      const s = rows[k]!;
      const j = json[k]!;
      const id = s.id;
      if (this.ids.has(id)) this.repeated = true;
      this.ids.add(id);
      // JSON escapes a backslash, a tab or a line break inside a string: a row whose text holds none has
      // no cell that holds one (every cell is read from the row), so its line needs no test per cell.
      // The JSON as the service sent it may hold tabs and line breaks between its tokens: escaped, as a cell's
      const plain = !ESCAPED.test(j);
      form += copyLine(cellsOf(s), plain);
      raw += copyLine([id, qrId, s.createdAt, s.updatedAt, j], plain);
    }
    this.form.push(Buffer.from(form));
    this.raw.push(Buffer.from(raw));
    this.rows += rows.length;
  }

  /** the COPY text of the form's table and of `submissions`, one line per id */
  text(): { form: Buffer[]; raw: Buffer[] } {
    if (!this.repeated) return { form: this.form, raw: this.raw };
    return { form: [lastById(Buffer.concat(this.form).toString())], raw: [lastById(Buffer.concat(this.raw).toString())] };
  }
}

/** COPY lines with one line per id (the first field: `id` leads both tables, domain/syncColumns.ts FIXED_COLUMNS), the last one seen. */
function lastById(text: string): Buffer {
  const byId = new Map<string, string>();
  for (const line of text.split('\n')) if (line) byId.set(line.slice(0, line.indexOf('\t')), line);
  return Buffer.from(`${[...byId.values()].join('\n')}\n`);
}

/** `table`: a quoted, qualified name */
async function copyInto(client: Client, copyFrom: CopyFrom, table: string, columns: string[], chunks: readonly Buffer[]): Promise<void> {
  const stream = client.query(copyFrom(`COPY ${table} (${columns.map(q).join(', ')}) FROM STDIN`) as never) as unknown as Writable;
  await new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
    for (const c of chunks) stream.write(c);
    stream.end();
  });
}

/** the staging tables, always named in the session's own temporary schema (never a table of the database's) */
const stageOf = (table: string) => `pg_temp.${q(`_formctl_stage_${table}`)}`;
const RAW_STAGE = 'pg_temp._formctl_stage_raw';

/** INSERT … SELECT from a staging table that updates a row only when something in it changed. */
function upsertFrom(stage: string, table: string, columns: string[], updated: string[]): string {
  const cols = columns.map(q).join(', ');
  const set = updated.map(q);
  return `INSERT INTO ${table} AS t (${cols}) SELECT ${cols} FROM ${stage} ON CONFLICT (id) DO UPDATE SET ${set.map((n) => `${n} = EXCLUDED.${n}`).join(', ')}
    WHERE (${set.map((n) => `t.${n}`).join(', ')}) IS DISTINCT FROM (${set.map((n) => `EXCLUDED.${n}`).join(', ')})`;
}

interface Conn {
  client: Client;
  copyFrom: CopyFrom;
  /** the form's rows met one in the database: its batches upsert from now on */
  conflicts: boolean;
}

async function writeBatch(db: Conn, table: string, columns: SyncColumn[], { form, raw }: { form: Buffer[]; raw: Buffer[] }): Promise<void> {
  const { client, copyFrom } = db;
  const names = columns.map((c) => c.name);
  if (!db.conflicts) {
    await client.query('SAVEPOINT formctl_copy');
    try {
      await copyInto(client, copyFrom, q(table), names, form);
      await copyInto(client, copyFrom, 'submissions', RAW_COLUMNS, raw);
      await client.query('RELEASE SAVEPOINT formctl_copy');
      return;
    } catch (e) {
      if ((e as { code?: string }).code !== '23505') throw e; // unique_violation: a row is there already
      await client.query('ROLLBACK TO SAVEPOINT formctl_copy');
      db.conflicts = true;
    }
  }
  await copyInto(client, copyFrom, stageOf(table), names, form);
  await client.query(upsertFrom(stageOf(table), q(table), names, names.filter((n) => n !== 'id')));
  await copyInto(client, copyFrom, RAW_STAGE, RAW_COLUMNS, raw);
  await client.query(upsertFrom(RAW_STAGE, 'submissions', RAW_COLUMNS, ['updated_at', 'raw']));
}

/** errors of the network, not of what the URL says */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'EPIPE']);

async function connect(url: string): Promise<{ client: Client; copyFrom: CopyFrom }> {
  const [{ default: pg }, copyStreams] = await Promise.all([import('pg'), import('pg-copy-streams')]);
  let client: Client;
  try {
    // a URL pg cannot read throws here ("Invalid URL"): the same usage error as one it cannot reach
    client = new pg.Client({ connectionString: url });
  } catch (e) {
    throw new UsageError(`--to ${redact(url)}: not a PostgreSQL URL pg can read (${(e as Error).message})`);
  }
  try {
    await client.connect();
  } catch (e) {
    // a refusal after the socket opened (a bad password, SASL) leaves it open: the process would not end
    await client.end().catch(() => undefined);
    const message = `--to ${redact(url)}: cannot connect (${(e as Error).message})`;
    // a server that cannot be reached (down, a network that stays down) may be there on the next run:
    // exit 1, as any network failure; a refusal by the server (a password, a database that is not there) is input to fix: exit 2
    if (NETWORK_CODES.has((e as { code?: string }).code ?? '')) throw new Error(message);
    throw new UsageError(message);
  }
  return { client, copyFrom: copyStreams.from };
}

export async function postgresSink(url: string): Promise<RowSink> {
  const { client, copyFrom } = await connect(url);
  try {
    await createTables(client);
  } catch (e) {
    // the sink is not the caller's yet (nothing would close it): a refusal here ends the connection
    await client.end().catch(() => undefined);
    throw new UsageError(`--to ${redact(url)}: cannot create formctl's tables (${(e as Error).message}); the user needs CREATE on the schema (GRANT CREATE ON SCHEMA public TO …)`);
  }
  return rowSink(url, client, copyFrom);
}

/** formctl's own tables, and the connection's staging table of `submissions` */
async function createTables(client: Client): Promise<void> {
  await client.query(`CREATE TABLE IF NOT EXISTS _formctl_sync (qr_id text PRIMARY KEY, table_name text NOT NULL, newest_created_at text NOT NULL, ids_at_newest jsonb NOT NULL, columns jsonb NOT NULL, rows bigint NOT NULL, updated_at timestamptz NOT NULL);
CREATE TABLE IF NOT EXISTS submissions (id text PRIMARY KEY, qr_id text NOT NULL, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, raw jsonb NOT NULL);
CREATE INDEX IF NOT EXISTS submissions_by_form ON submissions (qr_id, created_at);
CREATE TEMPORARY TABLE ${RAW_STAGE.slice('pg_temp.'.length)} (LIKE submissions) ON COMMIT DELETE ROWS;`);
}

function rowSink(url: string, client: Client, copyFrom: CopyFrom): RowSink {
  const db: Conn = { client, copyFrom, conflicts: false };
  // the cells of the form being written (prepare)
  let cellsOf: (s: SyncSubmission) => Cell[] = () => [];
  // the rows of the batch being read, sent at its commit (COPY is one stream per table)
  let pending = new CopyBatch();
  const sink: RowSink = {
    label: redact(url),
    async state(qrId) {
      const r = (await client.query('SELECT * FROM _formctl_sync WHERE qr_id = $1', [qrId])).rows[0] as Record<string, unknown> | undefined;
      return r ? { qrId, table: String(r.table_name), newestCreatedAt: String(r.newest_created_at), idsAtNewest: r.ids_at_newest as string[], columns: r.columns as SyncColumn[], rows: Number(r.rows) } : undefined;
    },
    async prepare(table, columns, fieldTypes) {
      cellsOf = cellReaders(columns, (k) => fieldTypes[k]);
      // the columns of the table this connection's statements name (its search_path), not of a
      // table of the same name in another schema
      const have = new Set((await client.query('SELECT attname FROM pg_attribute WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped', [q(table)])).rows.map((r: { attname: string }) => r.attname));
      if (have.size === 0) await client.query(`CREATE TABLE IF NOT EXISTS ${q(table)} (${columns.map((c) => `${q(c.name)} ${PG_TYPES[c.type]}${c.name === 'id' ? ' PRIMARY KEY' : ''}`).join(', ')})`);
      else for (const c of columns) if (!have.has(c.name)) await client.query(`ALTER TABLE ${q(table)} ADD COLUMN IF NOT EXISTS ${q(c.name)} ${PG_TYPES[c.type]}`);
      // the form's staging table, with the table's columns as they are now
      await client.query(`DROP TABLE IF EXISTS ${stageOf(table)}; CREATE TEMPORARY TABLE ${q(`_formctl_stage_${table}`)} (LIKE ${q(table)}) ON COMMIT DELETE ROWS`);
      db.conflicts = false;
    },
    pages: async (qrId, plan) => pagesOver(sink, qrId, plan),
    async writeRows(qrId, rows, json) {
      pending.add(qrId, rows, json, cellsOf);
    },
    async commit(state) {
      const { qrId, table, columns } = state;
      const batch = pending;
      pending = new CopyBatch();
      await client.query('BEGIN');
      try {
        if (batch.rows) await writeBatch(db, table, columns, batch.text());
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
  return sink;
}
