import { openSqlite } from '../../../src/sandbox/repo/sqlite.js';
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../../src/sandbox/repo/db.js';
import { SandboxStore } from '../../../src/sandbox/repo/store.js';
import { REQUEST_LOG_PATH, REQUEST_LOG_ROWS } from '../../../src/sandbox/repo/requestLog.js';
import { PRE_MIGRATION_SCHEMA } from './fixtures/preMigrationSchema.js';

function tempDataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'store-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

describe('sandbox data dir', () => {
  it('is seeded once and keeps its keys across opens', () => {
    const { dir, remove } = tempDataDir();
    const a = new SandboxStore(dir);
    const keys = a.members.seededKeys();
    a.close();
    const b = new SandboxStore(dir);
    expect(b.members.seededKeys()).toEqual(keys);
    expect(keys.map((k) => k.role)).toEqual(['owner', 'admin', 'editor', 'editor2', 'viewer', 'other']);
    expect(b.db.raw.pragma('user_version')).toBe(SCHEMA_VERSION);
    b.close();
    remove();
  });

  it('keeps its database (the keys) readable by its owner only, in a directory that existed with 0755', () => {
    const { dir, remove } = tempDataDir();
    try {
      chmodSync(dir, 0o755);
      const store = new SandboxStore(dir);
      store.requests.add({ at: '2026-01-01T00:00:00.000Z', method: 'GET', path: '/', status: 200, memberId: null, ms: 1, fault: null });
      for (const f of ['sandbox.db', 'sandbox.db-wal']) expect((statSync(join(dir, f)).mode & 0o777).toString(8), f).toBe('600');
      store.close();
      // a file made readable by others meanwhile is made private again when opened
      chmodSync(join(dir, 'sandbox.db'), 0o644);
      writeFileSync(join(dir, 'sandbox.db-wal'), '', { mode: 0o644 });
      const again = new SandboxStore(dir);
      try {
        for (const f of ['sandbox.db', 'sandbox.db-wal']) expect((statSync(join(dir, f)).mode & 0o777).toString(8), f).toBe('600');
      } finally {
        again.close();
      }
    } finally {
      remove();
    }
  });

  it('keeps the newest requests of its log, each path cut to a bounded length (anyone can send requests)', () => {
    const { dir, remove } = tempDataDir();
    const store = new SandboxStore(dir);
    try {
      const add = (path: string) => store.requests.add({ at: '2026-01-01T00:00:00.000Z', method: 'GET', path, status: 404, memberId: null, ms: 1, fault: null });
      store.write(() => {
        for (let i = 0; i < REQUEST_LOG_ROWS + 1000; i++) add(`/v1/nope/${i}`);
      });
      add(`/v1/${'x'.repeat(15_000)}`);
      const rows = store.requests.since(0);
      expect(rows.length).toBeGreaterThanOrEqual(REQUEST_LOG_ROWS);
      expect(rows.length).toBeLessThanOrEqual(REQUEST_LOG_ROWS + 500);
      expect(rows[0]!.path).not.toBe('/v1/nope/0');
      expect(rows.at(-2)!.path).toBe(`/v1/nope/${REQUEST_LOG_ROWS + 999}`);
      expect(rows.at(-1)!.path).toHaveLength(REQUEST_LOG_PATH);
      expect(rows.at(-1)!.path.endsWith('…')).toBe(true);
    } finally {
      store.close();
      remove();
    }
  });

  it('adds columns that a data dir made by an older version lacks', () => {
    const { dir, remove } = tempDataDir();
    new SandboxStore(dir).close();
    const raw = openSqlite(join(dir, 'sandbox.db'));
    raw.exec('ALTER TABLE forms DROP COLUMN sub_version');
    raw.pragma('user_version = 0');
    raw.close();
    const store = new SandboxStore(dir);
    const columns = (store.db.raw.prepare('PRAGMA table_info(forms)').all() as Array<{ name: string }>).map((c) => c.name);
    expect(columns).toContain('sub_version');
    expect(store.db.raw.pragma('journal_mode')).toBe('wal');
    store.close();
    remove();
  });

  it('upgrades a data dir written before numbered migrations without losing a row', () => {
    const { dir, remove } = tempDataDir();
    // the schema as the first half shipped it (user_version 0), with data in it
    const raw = openSqlite(join(dir, 'sandbox.db'));
    raw.exec(PRE_MIGRATION_SCHEMA);
    const at = '2026-06-15T10:00:00.000Z';
    raw.prepare(`INSERT INTO meta (k, v) VALUES ('seeded', ?)`).run(at);
    raw.prepare(`INSERT INTO accounts (id, plan, created_at) VALUES ('acct_main', 'business', ?)`).run(at);
    raw.prepare(`INSERT INTO members (id, account_id, name, email, user_type, api_key, password, seed_role, created_at) VALUES ('m1', 'acct_main', 'Olivia', 'o@x.test', 'Owner', 'fk_old', 'pw', 'owner', ?)`).run(at);
    raw.prepare(`INSERT INTO forms (qr_id, id, account_id, creator_id, doc, title, submissions, created_at, updated_at) VALUES ('OLD1', 'abc', 'acct_main', 'm1', '{"title":"Old","fields":[]}', 'Old', 2, ?, ?)`).run(at, at);
    for (const id of ['a'.repeat(24), 'b'.repeat(24)]) {
      raw.prepare(`INSERT INTO submissions (id, qr_id, account_id, answers, created_ms, created_at, updated_at) VALUES (?, 'OLD1', 'acct_main', '{}', 1, ?, ?)`).run(id, at, at);
    }
    raw.prepare(`INSERT INTO usage (account_id, month, count) VALUES ('acct_main', '2026-06', 42)`).run();
    expect(raw.pragma('user_version')).toBe(0);
    raw.close();

    const store = new SandboxStore(dir);
    expect(store.db.raw.pragma('user_version')).toBe(SCHEMA_VERSION);
    expect(store.members.byKey('fk_old')?.name).toBe('Olivia');
    expect(store.accounts.get('acct_main').plan).toBe('business');
    const form = store.forms.find('OLD1')!;
    expect(form.submissions).toBe(2);
    expect(form.sub_version).toBe(0);
    expect(store.submissions.countBetween('OLD1', 0, 10)).toBe(2);
    expect(store.usage.used('acct_main', '2026-06')).toBe(42);
    store.close();
    remove();
  });
});
