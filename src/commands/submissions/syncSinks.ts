import type { ColumnType, SyncColumn, SyncSubmission } from '../../domain/syncColumns.js';
import { UsageError } from '../../errors.js';
import type { SqliteDatabase, SqliteStatement } from '../../sandbox/repo/sqlite.js';

// Where `submissions sync` writes: SQLite (the one SQLite module, sandbox/repo/sqlite.ts) or PostgreSQL (pg). The sync's own state
// lives in the same database (`_formctl_sync`), so the database alone is enough to resume.

export interface SyncState {
  qrId: string;
  table: string;
  newestCreatedAt: string;
  idsAtNewest: string[];
  columns: SyncColumn[];
  rows: number;
}

export interface PageRow {
  cells: Array<string | number | boolean | null>;
  raw: SyncSubmission;
}

export interface Sink {
  readonly label: string;
  state(qrId: string): Promise<SyncState | undefined>;
  /** creates the form's table, or adds the columns it lacks */
  prepare(table: string, columns: SyncColumn[], existing: SyncColumn[]): Promise<void>;
  /** one transaction: the rows (of one or more pages) upserted by id into the form's table and `submissions`, then the state */
  writeRows(qrId: string, table: string, columns: SyncColumn[], rows: PageRow[], state: SyncState): Promise<void>;
  /** counts the form's rows into the state, once per sync (a count per page would grow with the table) */
  finish(qrId: string, table: string): Promise<number>;
  /** --full: rows of the form that the service no longer has are deleted */
  deleteMissing(qrId: string, table: string, seen: Set<string>): Promise<number>;
  close(): Promise<void>;
}

const q = (id: string) => `"${id.replace(/"/g, '""')}"`;

// ── SQLite ───────────────────────────────────────────────────────────────────
const SQLITE_TYPES: Record<ColumnType, string> = { text: 'TEXT', number: 'REAL', json: 'TEXT', boolean: 'INTEGER', timestamp: 'TEXT' };

async function sqliteSink(file: string): Promise<Sink> {
  const { openSqlite } = await (await import('../../sandbox/entry.js')).sandboxSqlite();
  let db: SqliteDatabase;
  try {
    db = openSqlite(file);
  } catch (e) {
    throw new UsageError(`--to sqlite:${file}: cannot open it (${(e as Error).message})`);
  }
  db.pragma('journal_mode = WAL');
  // WAL with NORMAL: a committed page survives a crash of formctl (kill -9); a power cut may lose the
  // last pages, which the next sync reads again from the state that survived
  db.pragma('synchronous = NORMAL');
  // the WAL is copied into the database (with an fsync) every 1,000 pages by default: during a sync
  // that was most of its time (500 pages of 100 rows: 5 s of 7). It grows to 40 MB instead, and
  // close() copies it once
  db.pragma('wal_autocheckpoint = 10000');
  db.pragma('busy_timeout = 10000');
  db.exec(`CREATE TABLE IF NOT EXISTS _formctl_sync (qr_id TEXT PRIMARY KEY, table_name TEXT NOT NULL, newest_created_at TEXT NOT NULL, ids_at_newest TEXT NOT NULL, columns TEXT NOT NULL, rows INTEGER NOT NULL, updated_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS submissions (id TEXT PRIMARY KEY, qr_id TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, raw TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS submissions_by_form ON submissions (qr_id, created_at);`);
  const statements = new Map<string, SqliteStatement>();
  const stmt = (sql: string) => {
    let s = statements.get(sql);
    if (!s) statements.set(sql, (s = db.prepare(sql)));
    return s;
  };
  const toCell = (v: string | number | boolean | null) => (typeof v === 'boolean' ? Number(v) : v);
  return {
    label: `sqlite:${file}`,
    async state(qrId) {
      const r = stmt('SELECT * FROM _formctl_sync WHERE qr_id = ?').get(qrId) as Record<string, string | number> | undefined;
      return r ? { qrId, table: String(r.table_name), newestCreatedAt: String(r.newest_created_at), idsAtNewest: JSON.parse(String(r.ids_at_newest)) as string[], columns: JSON.parse(String(r.columns)) as SyncColumn[], rows: Number(r.rows) } : undefined;
    },
    async prepare(table, columns, existing) {
      const have = new Set((db.prepare(`PRAGMA table_info(${q(table)})`).all() as Array<{ name: string }>).map((c) => c.name));
      if (have.size === 0) {
        db.exec(`CREATE TABLE ${q(table)} (${columns.map((c) => `${q(c.name)} ${SQLITE_TYPES[c.type]}${c.name === 'id' ? ' PRIMARY KEY' : ''}`).join(', ')})`);
        return;
      }
      void existing;
      for (const c of columns) if (!have.has(c.name)) db.exec(`ALTER TABLE ${q(table)} ADD COLUMN ${q(c.name)} ${SQLITE_TYPES[c.type]}`);
    },
    async writeRows(qrId, table, columns, rows, state) {
      const names = columns.map((c) => q(c.name));
      const upsert = stmt(`INSERT INTO ${q(table)} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')}) ON CONFLICT(id) DO UPDATE SET ${names.filter((n) => n !== '"id"').map((n) => `${n} = excluded.${n}`).join(', ')}`);
      const raw = stmt('INSERT INTO submissions (id, qr_id, created_at, updated_at, raw) VALUES (?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET updated_at = excluded.updated_at, raw = excluded.raw');
      const save = stmt('INSERT INTO _formctl_sync (qr_id, table_name, newest_created_at, ids_at_newest, columns, rows, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(qr_id) DO UPDATE SET table_name = excluded.table_name, newest_created_at = excluded.newest_created_at, ids_at_newest = excluded.ids_at_newest, columns = excluded.columns, rows = excluded.rows, updated_at = excluded.updated_at');
      db.immediate(() => {
        for (const r of rows) {
          upsert.run(...r.cells.map(toCell));
          raw.run(r.raw.id, qrId, r.raw.createdAt, r.raw.updatedAt, JSON.stringify(r.raw));
        }
        save.run(qrId, table, state.newestCreatedAt, JSON.stringify(state.idsAtNewest), JSON.stringify(state.columns), state.rows, new Date().toISOString());
      });
    },
    async finish(qrId, table) {
      const n = (stmt(`SELECT COUNT(*) AS n FROM ${q(table)}`).get() as { n: number }).n;
      stmt('UPDATE _formctl_sync SET rows = ? WHERE qr_id = ?').run(n, qrId);
      return n;
    },
    async deleteMissing(qrId, table, seen) {
      const ids = (stmt(`SELECT id FROM ${q(table)}`).all() as Array<{ id: string }>).map((r) => r.id).filter((id) => !seen.has(id));
      db.immediate(() => {
        for (const id of ids) {
          stmt(`DELETE FROM ${q(table)} WHERE id = ?`).run(id);
          stmt('DELETE FROM submissions WHERE id = ? AND qr_id = ?').run(id, qrId);
        }
        stmt('UPDATE _formctl_sync SET rows = (SELECT COUNT(*) FROM ' + q(table) + ') WHERE qr_id = ?').run(qrId);
      });
      return ids.length;
    },
    async close() {
      try {
        db.pragma('wal_checkpoint(TRUNCATE)');
      } catch { /* another connection reads: the next writer's checkpoint does it */ }
      db.close();
    },
  };
}

// ── PostgreSQL ───────────────────────────────────────────────────────────────
const PG_TYPES: Record<ColumnType, string> = { text: 'text', number: 'numeric', json: 'jsonb', boolean: 'boolean', timestamp: 'timestamptz' };

async function postgresSink(url: string): Promise<Sink> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (e) {
    throw new UsageError(`--to ${redact(url)}: cannot connect (${(e as Error).message})`);
  }
  await client.query(`CREATE TABLE IF NOT EXISTS _formctl_sync (qr_id text PRIMARY KEY, table_name text NOT NULL, newest_created_at text NOT NULL, ids_at_newest jsonb NOT NULL, columns jsonb NOT NULL, rows bigint NOT NULL, updated_at timestamptz NOT NULL);
CREATE TABLE IF NOT EXISTS submissions (id text PRIMARY KEY, qr_id text NOT NULL, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, raw jsonb NOT NULL);
CREATE INDEX IF NOT EXISTS submissions_by_form ON submissions (qr_id, created_at);`);
  return {
    label: redact(url),
    async state(qrId) {
      const r = (await client.query('SELECT * FROM _formctl_sync WHERE qr_id = $1', [qrId])).rows[0] as Record<string, unknown> | undefined;
      return r ? { qrId, table: String(r.table_name), newestCreatedAt: String(r.newest_created_at), idsAtNewest: r.ids_at_newest as string[], columns: r.columns as SyncColumn[], rows: Number(r.rows) } : undefined;
    },
    async prepare(table, columns) {
      const have = new Set((await client.query('SELECT column_name FROM information_schema.columns WHERE table_name = $1', [table])).rows.map((r: { column_name: string }) => r.column_name));
      if (have.size === 0) {
        await client.query(`CREATE TABLE IF NOT EXISTS ${q(table)} (${columns.map((c) => `${q(c.name)} ${PG_TYPES[c.type]}${c.name === 'id' ? ' PRIMARY KEY' : ''}`).join(', ')})`);
        return;
      }
      for (const c of columns) if (!have.has(c.name)) await client.query(`ALTER TABLE ${q(table)} ADD COLUMN IF NOT EXISTS ${q(c.name)} ${PG_TYPES[c.type]}`);
    },
    async writeRows(qrId, table, columns, rows, state) {
      const names = columns.map((c) => q(c.name));
      await client.query('BEGIN');
      try {
        // multi-row upserts, as many rows each as PostgreSQL's 65,535 parameters allow
        const perStatement = Math.max(1, Math.floor(60_000 / Math.max(columns.length, 5)));
        for (let at = 0; at < rows.length; at += perStatement) {
          const chunk = rows.slice(at, at + perStatement);
          const values: unknown[] = [];
          const tuples = chunk.map((r) => `(${r.cells.map((v) => `$${values.push(v)}`).join(', ')})`);
          await client.query(`INSERT INTO ${q(table)} (${names.join(', ')}) VALUES ${tuples.join(', ')} ON CONFLICT (id) DO UPDATE SET ${names.filter((n) => n !== '"id"').map((n) => `${n} = EXCLUDED.${n}`).join(', ')}`, values);
          const raw: unknown[] = [];
          const rawTuples = chunk.map((r) => `($${raw.push(r.raw.id)}, $${raw.push(qrId)}, $${raw.push(r.raw.createdAt)}, $${raw.push(r.raw.updatedAt)}, $${raw.push(JSON.stringify(r.raw))})`);
          await client.query(`INSERT INTO submissions (id, qr_id, created_at, updated_at, raw) VALUES ${rawTuples.join(', ')} ON CONFLICT (id) DO UPDATE SET updated_at = EXCLUDED.updated_at, raw = EXCLUDED.raw`, raw);
        }
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

/** the URL without its password, for messages */
export function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

/** `sqlite:FILE` or `postgres://…` (also `postgresql://`). */
export async function openSink(to: string): Promise<Sink> {
  if (/^postgres(ql)?:\/\//i.test(to)) return postgresSink(to);
  const m = /^sqlite:(.+)$/i.exec(to);
  if (m) return sqliteSink(m[1]!);
  throw new UsageError(`--to: "${redact(to)}" is not a database URL; expected sqlite:FILE or postgres://user:password@host:port/db`);
}
