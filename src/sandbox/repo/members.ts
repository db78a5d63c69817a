import { randomBytes } from 'node:crypto';
import type { Role } from '../../domain/roles.js';
import type { Db } from './db.js';

export interface MemberRow {
  id: string;
  account_id: string;
  name: string;
  email: string;
  user_type: Role;
  blocked: number;
  api_key: string;
  team_name: string | null;
}

/** A key seeded for a role, as `sandbox keys` lists them. */
export interface SeededKey {
  role: string;
  account: string;
  memberId: string;
  email: string;
  key: string;
}

export function newKey(): string {
  return `fk_${randomBytes(16).toString('hex')}`;
}

/** Members and their API keys (spec §5: each member has a key of its own). */
export class Members {
  constructor(private readonly db: Db) {}

  add(m: { id: string; accountId: string; name: string; email: string; role: Role; password: string; seedRole?: string; at: string }): void {
    this.db
      .sql(`INSERT INTO members (id, account_id, name, email, user_type, api_key, password, seed_role, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(m.id, m.accountId, m.name, m.email, m.role, newKey(), m.password, m.seedRole ?? null, m.at);
  }

  byKey(key: string): MemberRow | undefined {
    return this.db.sql(`SELECT * FROM members WHERE api_key = ?`).get(key) as MemberRow | undefined;
  }

  ownerEmail(accountId: string): string {
    return (this.db.sql(`SELECT email FROM members WHERE account_id = ? AND user_type = 'Owner'`).get(accountId) as { email: string } | undefined)?.email ?? '';
  }

  seededKeys(): SeededKey[] {
    return this.db
      .sql(`SELECT seed_role AS role, account_id AS account, id AS memberId, email, api_key AS key FROM members WHERE seed_role IS NOT NULL ORDER BY created_at, rowid`)
      .all() as SeededKey[];
  }
}
