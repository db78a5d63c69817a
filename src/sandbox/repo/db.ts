import { MIGRATIONS } from './migrations.js';
import { isBusy, openSqlite, type SqliteDatabase, type SqliteRowsStatement, type SqliteStatement } from './sqlite.js';

/** One SQLite connection with a cache of prepared statements (the hot paths run thousands a second). */
export class Db {
  private readonly statements = new Map<string, SqliteStatement>();
  private readonly rowStatements = new Map<string, SqliteRowsStatement>();

  constructor(readonly raw: SqliteDatabase) {}

  sql(text: string): SqliteStatement {
    return cached(this.statements, text, () => this.raw.prepare(text));
  }

  /** A cached query whose rows come as arrays (sqlite.ts prepareRows). */
  rows(text: string): SqliteRowsStatement {
    return cached(this.rowStatements, text, () => this.raw.prepareRows(text));
  }

  /** A write transaction that takes the lock up front (never a read lock upgraded later). */
  write<T>(fn: () => T): T {
    return this.raw.immediate(fn);
  }

  close(): void {
    // cached statements die with the connection: a use after close prepares anew, and is told the
    // connection is not open in the same words by either engine
    this.statements.clear();
    this.rowStatements.clear();
    this.raw.close();
  }
}

/** the statement prepared for `text` once per connection */
function cached<S>(statements: Map<string, S>, text: string, prepare: () => S): S {
  let stmt = statements.get(text);
  if (!stmt) {
    stmt = prepare();
    statements.set(text, stmt);
  }
  return stmt;
}

export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Opens (and if needed creates or upgrades) a data dir's database. WAL: readers never block the
 * writer, and every committed transaction is in the WAL file before the response is sent, so a
 * kill -9 of the sandbox loses no acknowledged write. Safe to open from several processes at once.
 */
export function openDatabase(file: string, seed: (db: Db) => void): Db {
  const raw = openSqlite(file);
  raw.pragma('busy_timeout = 10000');
  switchToWal(raw);
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  const db = new Db(raw);
  // the usual case: nothing to create, no write lock taken
  if (version(raw) === SCHEMA_VERSION && raw.prepare(`SELECT 1 FROM meta WHERE k = 'seeded'`).get()) return db;
  // several processes may open a new data dir at once: migrations and the seed run in one
  // IMMEDIATE transaction, which waits for the write lock instead of upgrading a read lock
  db.write(() => {
    for (let v = version(raw); v < SCHEMA_VERSION; v++) {
      MIGRATIONS[v]!(raw);
      raw.pragma(`user_version = ${v + 1}`);
    }
    if (!raw.prepare(`SELECT 1 FROM meta WHERE k = 'seeded'`).get()) seed(db);
  });
  return db;
}

/** The schema version of an open database (PRAGMA user_version). */
export function version(raw: SqliteDatabase): number {
  return Number(raw.pragma('user_version'));
}

/** WAL can only be switched on outside transactions; a busy file is tried again for a while. */
function switchToWal(raw: SqliteDatabase): void {
  for (let attempt = 0; ; attempt++) {
    try {
      raw.pragma('journal_mode = WAL');
      return;
    } catch (e) {
      if (!isBusy(e) || attempt >= 200) throw e;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25); // a synchronous pause
    }
  }
}
