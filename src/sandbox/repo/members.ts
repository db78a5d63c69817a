import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { Role } from '../../domain/roles.js';
import type { Db } from './db.js';
import type { SqlValue } from './sqlite.js';

export interface MemberRow {
  id: string;
  account_id: string;
  name: string;
  email: string;
  user_type: Role;
  blocked: number;
  api_key: string;
  password: string;
  team_name: string | null;
  seed_role: string | null;
  sub_domain_ids: string | null;
}

/** A member's key as `sandbox keys` lists them: the seeded roles first, then members added through the API. */
export interface SeededKey {
  role: string;
  account: string;
  memberId: string;
  email: string;
  key: string;
  /** the seeded login password (the team routes that need one); "(changed)" once it was reset */
  password: string;
}

export function newKey(): string {
  return `fk_${randomBytes(16).toString('hex')}`;
}

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/**
 * Passwords set through the API are stored as scrypt hashes; the seeded ones are known
 * (docs/sandbox.md). Hashed off the event loop (libuv's thread pool): scrypt's 45 ms would hold
 * every other request of the sandbox.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('hex')}$${(await scryptAsync(password, salt, 32)).toString('hex')}`;
}

export async function checkPassword(stored: string, given: string): Promise<boolean> {
  if (stored.startsWith('scrypt$')) {
    const [, salt, hash] = stored.split('$');
    const want = Buffer.from(hash!, 'hex');
    const got = await scryptAsync(given, Buffer.from(salt!, 'hex'), want.length);
    return timingSafeEqual(want, got);
  }
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface MemberPatch {
  name?: string;
  email?: string;
  blocked?: boolean;
  teamName?: string;
  userType?: Role;
  /** already hashed (hashPassword) */
  passwordHash?: string;
  subDomainIds?: string[];
}

/** Members and their API keys (spec §5: each member has a key of its own). */
export class Members {
  constructor(private readonly db: Db) {}

  add(m: { id: string; accountId: string; name: string; email: string; role: Role; password: string; seedRole?: string; at: string; teamName?: string | null; subDomainIds?: string[] }): void {
    this.db
      .sql(`INSERT INTO members (id, account_id, name, email, user_type, api_key, password, seed_role, created_at, team_name, sub_domain_ids) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(m.id, m.accountId, m.name, m.email, m.role, newKey(), m.password, m.seedRole ?? null, m.at, m.teamName ?? null, m.subDomainIds ? JSON.stringify(m.subDomainIds) : null);
  }

  byKey(key: string): MemberRow | undefined {
    return this.db.sql(`SELECT * FROM members WHERE api_key = ?`).get(key) as MemberRow | undefined;
  }

  get(id: string, accountId: string): MemberRow | undefined {
    return this.db.sql(`SELECT * FROM members WHERE id = ? AND account_id = ?`).get(id, accountId) as MemberRow | undefined;
  }

  /** e-mails are login names: unique across the service */
  byEmail(email: string): MemberRow | undefined {
    return this.db.sql(`SELECT * FROM members WHERE lower(email) = lower(?)`).get(email) as MemberRow | undefined;
  }

  ofAccount(accountId: string): MemberRow[] {
    return this.db.sql(`SELECT * FROM members WHERE account_id = ? ORDER BY created_at, rowid`).all(accountId) as MemberRow[];
  }

  /** members other than the owner: what the plan's team slots count */
  teamSize(accountId: string): number {
    return (this.db.sql(`SELECT COUNT(*) AS n FROM members WHERE account_id = ? AND user_type != 'Owner'`).get(accountId) as { n: number }).n;
  }

  update(id: string, p: MemberPatch): void {
    const set = (column: string, value: SqlValue) => this.db.sql(`UPDATE members SET ${column} = ? WHERE id = ?`).run(value, id);
    if (p.name !== undefined) set('name', p.name);
    if (p.email !== undefined) set('email', p.email);
    if (p.blocked !== undefined) set('blocked', p.blocked ? 1 : 0);
    if (p.teamName !== undefined) set('team_name', p.teamName);
    if (p.userType !== undefined) set('user_type', p.userType);
    if (p.passwordHash !== undefined) set('password', p.passwordHash);
    if (p.subDomainIds !== undefined) set('sub_domain_ids', JSON.stringify(p.subDomainIds));
  }

  setTeamName(accountId: string, teamName: string): void {
    this.db.sql(`UPDATE members SET team_name = ? WHERE account_id = ?`).run(teamName, accountId);
  }

  delete(id: string): void {
    this.db.sql(`DELETE FROM template_favorites WHERE member_id = ?`).run(id);
    this.db.sql(`DELETE FROM members WHERE id = ?`).run(id);
  }

  ownerOf(accountId: string): MemberRow {
    return this.db.sql(`SELECT * FROM members WHERE account_id = ? AND user_type = 'Owner' ORDER BY created_at LIMIT 1`).get(accountId) as MemberRow;
  }

  ownerEmail(accountId: string): string {
    return (this.db.sql(`SELECT email FROM members WHERE account_id = ? AND user_type = 'Owner'`).get(accountId) as { email: string } | undefined)?.email ?? '';
  }

  seededKeys(): SeededKey[] {
    const rows = this.db
      .sql(`SELECT COALESCE(seed_role, 'added') AS role, account_id AS account, id AS memberId, email, api_key AS key, password FROM members ORDER BY seed_role IS NULL, created_at, rowid`)
      .all() as SeededKey[];
    // spec §5: each member has a key; the sandbox's listing is where a member's own settings would show it
    return rows.map((r) => ({ ...r, password: r.role === 'added' ? '(set when added)' : r.password.startsWith('scrypt$') ? '(changed)' : r.password }));
  }
}
