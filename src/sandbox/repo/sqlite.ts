// The ONE SQLite module: the sandbox's store and `submissions sync`'s SQLite sink open databases here,
// and see only what they use (prepare, get, all, iterate, run, exec, pragmas, immediate transactions).
//
// Two engines, chosen by what the running Node has (docs/benchmarks.md "SQLite on every Node"):
// - node:sqlite (DatabaseSync), built into Node from 22.13 with no flag: nothing to compile, and no
//   native addon that can abort the process (better-sqlite3 ≤ 12 aborts at exit or a worker's teardown
//   on Node ≥ 24.19, where node::ObjectWrap changed).
// - better-sqlite3, an optional dependency, for Node 20, which has no node:sqlite.
// FORMCTL_SQLITE=better-sqlite3 or node:sqlite picks one (benchmarks, and tests of both on one Node).

export type SqlValue = string | number | bigint | null | Uint8Array;

export interface SqliteStatement {
  run(...params: SqlValue[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  get(...params: SqlValue[]): unknown;
  all(...params: SqlValue[]): unknown[];
  iterate(...params: SqlValue[]): IterableIterator<unknown>;
}

/** A query whose rows come as arrays of their columns' values, in the SELECT's order. */
export interface SqliteRowsStatement {
  all(...params: SqlValue[]): unknown[][];
}

export interface SqliteDatabase {
  readonly engine: SqliteEngine;
  prepare(sql: string): SqliteStatement;
  /** rows as arrays, not objects: no property per column to make for every row of a long list */
  prepareRows(sql: string): SqliteRowsStatement;
  exec(sql: string): void;
  /** `PRAGMA text`: the first column of its first row (undefined when it returns none) */
  pragma(text: string): unknown;
  /** `fn` in a transaction that takes the write lock up front; nested calls are savepoints */
  immediate<T>(fn: () => T): T;
  close(): void;
}

export type SqliteEngine = 'node:sqlite' | 'better-sqlite3';

/** Whether a failure is SQLITE_BUSY (the file is locked by another connection), in either engine. */
export function isBusy(e: unknown): boolean {
  const err = e as { code?: string; errcode?: number };
  return err.code === 'SQLITE_BUSY' || (typeof err.errcode === 'number' && (err.errcode & 0xff) === 5);
}

interface NodeSqlite {
  DatabaseSync: new (file: string, opts?: { readOnly?: boolean }) => RawDatabase;
}

/**
 * node:sqlite, when this Node has it without a flag. Its one ExperimentalWarning (on the Nodes that
 * still print one) is left out by its name and subject; every other warning passes.
 */
let nodeSqlite: NodeSqlite | undefined;

function loadNodeSqlite(): NodeSqlite | undefined {
  if (nodeSqlite) return nodeSqlite;
  const emit = process.emitWarning;
  process.emitWarning = function (this: unknown, warning: string | Error, ...rest: unknown[]) {
    const type = typeof rest[0] === 'string' ? rest[0] : (rest[0] as { type?: string } | undefined)?.type;
    const text = typeof warning === 'string' ? warning : warning.message;
    if ((type === 'ExperimentalWarning' || (warning as Error).name === 'ExperimentalWarning') && /SQLite/i.test(text)) return;
    return (emit as (...a: unknown[]) => void).call(process, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    return (nodeSqlite = process.getBuiltinModule?.('node:sqlite') as NodeSqlite | undefined);
  } catch {
    return undefined; // an older Node, or one that needs --experimental-sqlite
  } finally {
    process.emitWarning = emit;
  }
}

let chosen: SqliteEngine | undefined;

/** The engine this process uses: node:sqlite where it exists, else better-sqlite3. */
export function sqliteEngine(env: NodeJS.ProcessEnv = process.env): SqliteEngine {
  if (chosen) return chosen;
  const asked = env.FORMCTL_SQLITE;
  if (asked === 'better-sqlite3') return (chosen = 'better-sqlite3');
  if (loadNodeSqlite()) return (chosen = 'node:sqlite');
  if (asked === 'node:sqlite') throw new Error(`FORMCTL_SQLITE=node:sqlite: this Node.js (${process.version}) has no node:sqlite; it needs 22.13 or newer`);
  return (chosen = 'better-sqlite3');
}

/** Opens (creating unless read-only) a database file with the engine of this process. */
export function openSqlite(file: string, opts: { readonly?: boolean } = {}): SqliteDatabase {
  const engine = sqliteEngine();
  if (engine === 'node:sqlite') {
    const { DatabaseSync } = loadNodeSqlite()!;
    const db = new DatabaseSync(file, opts.readonly ? { readOnly: true } : {});
    const pragma = (text: string) => {
      const row = db.prepare(`PRAGMA ${text}`).get() as Record<string, unknown> | undefined;
      return row === undefined ? undefined : Object.values(row)[0];
    };
    return wrap(engine, db, pragma);
  }
  let Database: new (file: string, opts?: { readonly?: boolean }) => RawDatabase & { pragma(text: string, opts: { simple: true }): unknown };
  try {
    // a plain require: the bundle is CommonJS, and better-sqlite3 stays outside it (optional)
    Database = require('better-sqlite3');
  } catch (e) {
    throw new Error(`SQLite is not available on this Node.js (${process.version}): it has no node:sqlite (Node 22.13 or newer has it) and the optional better-sqlite3 is not installed (${(e as Error).message.split('\n')[0]}): use Node 22.13 or newer, or install formctl again where better-sqlite3 installs: its install downloads a prebuilt binary (from GitHub), else builds one with python3, make, g++ and Node's headers, which node-gyp downloads too (offline: set npm_config_nodedir to a directory holding include/node, then npm ci again)`);
  }
  const db = new Database(file, opts.readonly ? { readonly: true } : {});
  return wrap(engine, db, (text) => db.pragma(text, { simple: true }));
}

/** each engine's switch to rows as arrays (node:sqlite before 22.16 has none: its objects' values then) */
type RawStatement = SqliteStatement & { raw?(on: boolean): unknown; setReturnArrays?(on: boolean): void };

export function rowsStatement(engine: SqliteEngine, stmt: RawStatement): SqliteRowsStatement {
  if (engine === 'better-sqlite3') stmt.raw!(true);
  else if (stmt.setReturnArrays) stmt.setReturnArrays(true);
  else return { all: (...params) => stmt.all(...params).map((r) => Object.values(r as object)) };
  return stmt as unknown as SqliteRowsStatement;
}

interface RawDatabase {
  prepare(sql: string): RawStatement;
  exec(sql: string): void;
  close(): void;
}

function wrap(engine: SqliteEngine, raw: RawDatabase, pragma: (text: string) => unknown): SqliteDatabase {
  let depth = 0;
  let open = true;
  const live = () => {
    if (!open) throw new Error('The database connection is not open');
  };
  return {
    engine,
    prepare: (sql) => (live(), raw.prepare(sql)),
    prepareRows: (sql) => (live(), rowsStatement(engine, raw.prepare(sql))),
    exec: (sql) => (live(), raw.exec(sql)),
    pragma: (text) => (live(), pragma(text)),
    immediate<T>(fn: () => T): T {
      live();
      const savepoint = `formctl_${depth}`;
      raw.exec(depth === 0 ? 'BEGIN IMMEDIATE' : `SAVEPOINT ${savepoint}`);
      depth++;
      try {
        const result = fn();
        depth--;
        raw.exec(depth === 0 ? 'COMMIT' : `RELEASE ${savepoint}`);
        return result;
      } catch (e) {
        depth--;
        raw.exec(depth === 0 ? 'ROLLBACK' : `ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`);
        throw e;
      }
    },
    close: () => {
      if (open) raw.close();
      open = false;
    },
  };
}
