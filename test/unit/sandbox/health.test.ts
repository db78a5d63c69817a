import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../../src/sandbox/repo/db.js';
import { dataDirHealth } from '../../../src/sandbox/repo/health.js';
import { openSqlite } from '../../../src/sandbox/repo/sqlite.js';
import { SandboxStore } from '../../../src/sandbox/repo/store.js';

const dirs: string[] = [];
const tempDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'health-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('dataDirHealth (what doctor asks of the sandbox)', () => {
  it('says none for a data dir without a database, and creates none', () => {
    const dir = tempDataDir();
    expect(dataDirHealth(dir)).toEqual({ state: 'none' });
    expect(dataDirHealth(dir)).toEqual({ state: 'none' });
  });

  it('reads the integrity check and schema version of a data dir in use, without changing it', () => {
    const dir = tempDataDir();
    new SandboxStore(dir).close();
    const before = statSync(join(dir, 'sandbox.db')).mtimeMs;
    expect(dataDirHealth(dir)).toEqual({ state: 'read', integrity: 'ok', schemaVersion: SCHEMA_VERSION, supportedVersion: SCHEMA_VERSION });
    expect(statSync(join(dir, 'sandbox.db')).mtimeMs).toBe(before);
  });

  it('reports a schema newer than this formctl knows, as it is', () => {
    const dir = tempDataDir();
    new SandboxStore(dir).close();
    const db = openSqlite(join(dir, 'sandbox.db'));
    db.pragma(`user_version = ${SCHEMA_VERSION + 3}`);
    db.close();
    expect(dataDirHealth(dir)).toMatchObject({ state: 'read', schemaVersion: SCHEMA_VERSION + 3, supportedVersion: SCHEMA_VERSION });
  });

  it('says unreadable, with the engine\'s words, for a file that is not a database', () => {
    const dir = tempDataDir();
    writeFileSync(join(dir, 'sandbox.db'), 'not a database, just text that is long enough to have a header '.repeat(20));
    const health = dataDirHealth(dir);
    expect(health.state).toBe('unreadable');
    expect(health.state === 'unreadable' && health.message).toMatch(/not a database|file is not a database|malformed/i);
  });
});
