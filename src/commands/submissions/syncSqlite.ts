import { cellReaders, type Cell, type ColumnType, type SyncColumn, type SyncSubmission } from '../../domain/syncColumns.js';
import { q, type RowSink } from './syncShared.js';
import { pagesOver } from './syncRows.js';
import { UsageError } from '../../errors.js';
import type { SqlValue, SqliteDatabase, SqliteStatement } from '../../sandbox/repo/sqlite.js';

// `submissions sync` into SQLite (the one SQLite module, sandbox/repo/sqlite.ts). The sync's own
// state lives in the same database (`_formctl_sync`), so the database alone is enough to resume.
// It runs in a worker thread when it can (syncWorker.ts), else here.

const SQLITE_TYPES: Record<ColumnType, string> = { text: 'TEXT', number: 'REAL', json: 'TEXT', boolean: 'INTEGER', timestamp: 'TEXT' };

/** The database file, made ready for a sync: its settings, and the tables every sync uses. */
async function openSyncDatabase(file: string): Promise<SqliteDatabase> {
  const { openSqlite } = await (await import('../../sandbox/entry.js')).sandboxSqlite();
  let db: SqliteDatabase;
  try {
    db = openSqlite(file);
  } catch (e) {
    throw new UsageError(`--to sqlite:${file}: cannot open it (${(e as Error).message})`);
  }
  try {
    prepareDatabase(db);
  } catch (e) {
    // opening is lazy: a file that is no SQLite database (sqlite:/etc/passwd) fails at the first statement
    db.close();
    throw new UsageError(`--to sqlite:${file}: cannot use it (${(e as Error).message})`);
  }
  return db;
}

/** A sync's settings, and the tables every sync uses. */
function prepareDatabase(db: SqliteDatabase): void {
  // 16 KiB pages for a new database (an existing one keeps its own): a sync writes rows of half a
  // KiB into five B-trees, and every commit rewrites the pages it touched — with 4 KiB pages the
  // commits were a third of a 100,000-row sync
  db.pragma('page_size = 16384');
  db.pragma('journal_mode = WAL');
  // WAL with NORMAL: a committed page survives a crash of formctl (kill -9); a power cut may lose the
  // last pages, which the next sync reads again from the state that survived
  db.pragma('synchronous = NORMAL');
  // the WAL is copied into the database (with an fsync) every 1,000 pages by default: during a sync
  // that was most of its time (500 pages of 100 rows: 5 s of 7). It grows to 40 MB instead, and
  // close() copies it once
  db.pragma(`wal_autocheckpoint = ${Math.ceil((40 << 20) / Number(db.pragma('page_size')))}`);
  db.pragma('busy_timeout = 10000');
  db.exec(`CREATE TABLE IF NOT EXISTS _formctl_sync (qr_id TEXT PRIMARY KEY, table_name TEXT NOT NULL, newest_created_at TEXT NOT NULL, ids_at_newest TEXT NOT NULL, columns TEXT NOT NULL, rows INTEGER NOT NULL, updated_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS submissions (id TEXT PRIMARY KEY, qr_id TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, raw TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS submissions_by_form ON submissions (qr_id, created_at);`);
}

export async function sqliteSink(file: string): Promise<RowSink> {
  const db = await openSyncDatabase(file);
  const statements = new Map<string, SqliteStatement>();
  // a transaction spans the pages of a batch (writeRows … commit); closing with one open rolls it back
  let inTransaction = false;
  // the form being written (prepare): its table, its columns, a row's cells
  let form: { table: string; columns: SyncColumn[] } = { table: '', columns: [] };
  let cellsOf: (s: SyncSubmission) => Cell[] = () => [];
  const stmt = (sql: string) => {
    let s = statements.get(sql);
    if (!s) statements.set(sql, (s = db.prepare(sql)));
    return s;
  };
  const sink: RowSink = {
    label: `sqlite:${file}`,
    async state(qrId) {
      const r = stmt('SELECT * FROM _formctl_sync WHERE qr_id = ?').get(qrId) as Record<string, string | number> | undefined;
      return r ? { qrId, table: String(r.table_name), newestCreatedAt: String(r.newest_created_at), idsAtNewest: JSON.parse(String(r.ids_at_newest)) as string[], columns: JSON.parse(String(r.columns)) as SyncColumn[], rows: Number(r.rows) } : undefined;
    },
    async prepare(table, columns, fieldTypes) {
      form = { table, columns };
      cellsOf = cellReaders(columns, (k) => fieldTypes[k]);
      const have = new Set((db.prepare(`PRAGMA table_info(${q(table)})`).all() as Array<{ name: string }>).map((c) => c.name));
      if (have.size === 0) {
        db.exec(`CREATE TABLE ${q(table)} (${columns.map((c) => `${q(c.name)} ${SQLITE_TYPES[c.type]}${c.name === 'id' ? ' PRIMARY KEY' : ''}`).join(', ')})`);
        return;
      }
      for (const c of columns) if (!have.has(c.name)) db.exec(`ALTER TABLE ${q(table)} ADD COLUMN ${q(c.name)} ${SQLITE_TYPES[c.type]}`);
    },
    pages: async (qrId, plan) => pagesOver(sink, qrId, plan),
    async writeRows(qrId, rows, json) {
      const { table, columns } = form;
      const names = columns.map((c) => q(c.name));
      const upsert = stmt(`INSERT INTO ${q(table)} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')}) ON CONFLICT(id) DO UPDATE SET ${names.filter((n) => n !== '"id"').map((n) => `${n} = excluded.${n}`).join(', ')}`);
      const raw = stmt('INSERT INTO submissions (id, qr_id, created_at, updated_at, raw) VALUES (?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET updated_at = excluded.updated_at, raw = excluded.raw');
      // SQLite has no boolean: the quiz's passed column is 0 or 1
      const booleans = columns.flatMap((c, i) => (c.type === 'boolean' ? [i] : []));
      if (!inTransaction) db.exec('BEGIN IMMEDIATE');
      inTransaction = true;
      for (let k = 0; k < rows.length; k++) {
        const s = rows[k]!;
        const cells = cellsOf(s);
        for (const i of booleans) if (typeof cells[i] === 'boolean') cells[i] = Number(cells[i]);
        upsert.run(...(cells as SqlValue[]));
        raw.run(s.id, qrId, s.createdAt, s.updatedAt, json[k]!);
      }
    },
    async commit(state) {
      const save = stmt('INSERT INTO _formctl_sync (qr_id, table_name, newest_created_at, ids_at_newest, columns, rows, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(qr_id) DO UPDATE SET table_name = excluded.table_name, newest_created_at = excluded.newest_created_at, ids_at_newest = excluded.ids_at_newest, columns = excluded.columns, rows = excluded.rows, updated_at = excluded.updated_at');
      if (!inTransaction) db.exec('BEGIN IMMEDIATE');
      inTransaction = true;
      save.run(state.qrId, state.table, state.newestCreatedAt, JSON.stringify(state.idsAtNewest), JSON.stringify(state.columns), state.rows, new Date().toISOString());
      db.exec('COMMIT');
      inTransaction = false;
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
  return sink;
}

