import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SandboxStore } from '../../../src/sandbox/store.js';

describe('sandbox data dir', () => {
  it('is seeded once and keeps its keys across opens', () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-'));
    const a = new SandboxStore(dir);
    const keys = a.keys();
    a.close();
    const b = new SandboxStore(dir);
    expect(b.keys()).toEqual(keys);
    expect(keys.map((k) => k.role)).toEqual(['owner', 'admin', 'editor', 'editor2', 'viewer', 'other']);
    b.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds columns that a data dir made by an older version lacks', () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-'));
    new SandboxStore(dir).close();
    const raw = new Database(join(dir, 'sandbox.db'));
    raw.exec('ALTER TABLE forms DROP COLUMN sub_version');
    raw.close();
    const store = new SandboxStore(dir);
    const columns = (store.db.prepare('PRAGMA table_info(forms)').all() as Array<{ name: string }>).map((c) => c.name);
    expect(columns).toContain('sub_version');
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
