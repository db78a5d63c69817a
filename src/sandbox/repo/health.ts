import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE } from '../../domain/dataDir.js';
import { Db, SCHEMA_VERSION, version } from './db.js';
import { Accounts } from './accounts.js';
import { MAIN_ACCOUNT } from './accountIds.js';
import { Meta } from './meta.js';
import { Usage } from './usage.js';
import type { Plan } from '../../domain/plans.js';
import { utcMonth } from '../../domain/instants.js';
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

/** The main account's month as the sandbox counts it (spec §8): its plan, its limit, the requests so far. */
export interface SandboxQuota {
  month: string;
  plan: Plan;
  limit: number;
  used: number;
}

/**
 * A data dir's quota for `formctl quota` and `doctor`: read only like dataDirHealth (no data dir is
 * created, migrated or seeded by asking); undefined when there is no database yet.
 */
export function dataDirQuota(dataDir: string): SandboxQuota | undefined {
  const file = join(dataDir, DATABASE_FILE);
  if (!existsSync(file)) return undefined;
  const db = new Db(openSqlite(file, { readonly: true }));
  try {
    // an older schema has these tables too (a newer one is read as far as it agrees)
    const accounts = new Accounts(db);
    const account = accounts.get(MAIN_ACCOUNT);
    if (!account) return undefined; // made but never seeded (a first run stopped): as if none
    const month = utcMonth(Date.now() + new Meta(db).clockOffsetMs());
    return { month, plan: account.plan, limit: accounts.monthlyLimit(account), used: new Usage(db, 'usage').used(MAIN_ACCOUNT, month) };
  } finally {
    db.raw.close();
  }
}
