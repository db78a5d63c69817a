import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE } from '../../domain/dataDir.js';
import { SCHEMA_VERSION, version } from './db.js';
import { openSqlite } from './sqlite.js';

/**
 * A data dir's database as `formctl doctor` reports it: read only, never created, migrated or seeded
 * (a doctor that changed what it examines could not tell what it found).
 */
export type DataDirHealth =
  | { state: 'none' }
  | { state: 'unreadable'; message: string }
  | { state: 'read'; integrity: string; schemaVersion: number; supportedVersion: number };

export function dataDirHealth(dataDir: string): DataDirHealth {
  const file = join(dataDir, DATABASE_FILE);
  if (!existsSync(file)) return { state: 'none' };
  try {
    const db = openSqlite(file, { readonly: true });
    try {
      return { state: 'read', integrity: String(db.pragma('integrity_check')), schemaVersion: version(db), supportedVersion: SCHEMA_VERSION };
    } finally {
      db.close();
    }
  } catch (e) {
    return { state: 'unreadable', message: (e as Error).message };
  }
}
