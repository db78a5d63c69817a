import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isBusy, openSqlite, rowsStatement, sqliteEngine } from '../../../src/sandbox/repo/sqlite.js';

// The one SQLite module, on the engine this Node uses (CI runs it on Node 20: better-sqlite3, and
// Node 24: node:sqlite): the same answers and the same errors through either.
const dir = mkdtempSync(join(tmpdir(), 'formctl-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe(`the SQLite module (${sqliteEngine()} on Node ${process.version})`, () => {
  it('picks node:sqlite where Node has it unflagged, better-sqlite3 elsewhere', () => {
    const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
    const hasNodeSqlite = major > 22 || (major === 22 && minor >= 13);
    expect(sqliteEngine({})).toBe(process.env.FORMCTL_SQLITE === 'better-sqlite3' || !hasNodeSqlite ? 'better-sqlite3' : 'node:sqlite');
  });

  it('prepares, runs, gets, lists and iterates; pragmas read their first column', () => {
    const db = openSqlite(join(dir, 'a.db'));
    expect(db.pragma('journal_mode = WAL')).toBe('wal');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, data BLOB)');
    const insert = db.prepare('INSERT INTO t (name, data) VALUES (?, ?)');
    const r = insert.run('a', new Uint8Array([1, 2]));
    expect([Number(r.changes), Number(r.lastInsertRowid)]).toEqual([1, 1]);
    insert.run('b', null);
    expect({ ...(db.prepare('SELECT id, name FROM t WHERE name = ?').get('b') as object) }).toEqual({ id: 2, name: 'b' });
    expect(db.prepare('SELECT id FROM t WHERE name = ?').get('zzz')).toBeUndefined();
    expect(db.prepare('SELECT name FROM t ORDER BY id').all().map((row) => (row as { name: string }).name)).toEqual(['a', 'b']);
    expect([...db.prepare('SELECT id FROM t ORDER BY id DESC').iterate()].map((row) => (row as { id: number }).id)).toEqual([2, 1]);
    expect([...((db.prepare('SELECT data FROM t WHERE id = 1').get() as { data: Uint8Array }).data)]).toEqual([1, 2]);
    expect(db.pragma('user_version')).toBe(0);
    db.close();
  });

  it('gives rows as arrays in the columns\' order, and a statement prepared as objects keeps objects', () => {
    const db = openSqlite(join(dir, 'rows.db'));
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, n REAL); INSERT INTO t (name, n) VALUES ('a', 1.5), ('b', NULL)");
    expect(db.prepareRows('SELECT name, id, n FROM t ORDER BY id').all()).toEqual([['a', 1, 1.5], ['b', 2, null]]);
    expect(db.prepareRows('SELECT id FROM t WHERE name = ?').all('zzz')).toEqual([]);
    expect({ ...(db.prepare('SELECT name, id FROM t WHERE id = ?').get(1) as object) }).toEqual({ name: 'a', id: 1 });
    db.close();
  });

  it('a node:sqlite without setReturnArrays (before 22.16) gives the values of its row objects, in order', () => {
    const objects = { all: (...p: unknown[]) => [{ name: 'a', id: p[0] }, { name: 'b', id: 2 }], run: () => ({ changes: 0, lastInsertRowid: 0 }), get: () => undefined, iterate: () => [][Symbol.iterator]() };
    expect(rowsStatement('node:sqlite', objects as never).all(1)).toEqual([['a', 1], ['b', 2]]);
  });

  it('immediate transactions commit, roll back on a throw, and nest as savepoints', () => {
    const db = openSqlite(join(dir, 'b.db'));
    db.exec('CREATE TABLE t (n INTEGER)');
    const add = db.prepare('INSERT INTO t VALUES (?)');
    const count = () => (db.prepare('SELECT count(*) AS c FROM t').get() as { c: number }).c;
    db.immediate(() => add.run(1));
    expect(() => db.immediate(() => { add.run(2); throw new Error('undo'); })).toThrow('undo');
    expect(count()).toBe(1);
    db.immediate(() => {
      add.run(3);
      expect(() => db.immediate(() => { add.run(4); throw new Error('inner'); })).toThrow('inner');
      db.immediate(() => add.run(5));
    });
    expect(db.prepare('SELECT n FROM t ORDER BY n').all().map((row) => (row as { n: number }).n)).toEqual([1, 3, 5]);
    db.close();
  });

  it('tells SQLITE_BUSY from other failures, and a closed connection in the same words', () => {
    const file = join(dir, 'c.db');
    const a = openSqlite(file);
    a.exec('CREATE TABLE t (n INTEGER)');
    const b = openSqlite(file);
    b.pragma('busy_timeout = 0');
    let caught: unknown;
    a.immediate(() => {
      try {
        b.immediate(() => undefined);
      } catch (e) {
        caught = e;
      }
    });
    expect(isBusy(caught)).toBe(true);
    let other: unknown;
    try {
      a.exec('SELECT * FROM nowhere');
    } catch (e) {
      other = e;
    }
    expect(isBusy(other)).toBe(false);
    a.close();
    b.close();
    expect(() => a.prepare('SELECT 1')).toThrow('The database connection is not open');
    expect(() => a.immediate(() => 1)).toThrow('The database connection is not open');
    const ro = openSqlite(file, { readonly: true });
    expect(() => ro.exec('INSERT INTO t VALUES (1)')).toThrow(/readonly/i);
    ro.close();
  });
});
