import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PLAN_LIMITS, type Plan } from '../domain/plans.js';

export type Role = 'Owner' | 'Admin' | 'Editor' | 'Viewer';

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

export interface AccountRow {
  id: string;
  plan: Plan;
  subscription: 'active' | 'expired';
  quota_override: number | null;
  submission_quota_override: number | null;
  team_name: string | null;
}

export interface FormRow {
  seq: number;
  qr_id: string;
  id: string;
  account_id: string;
  creator_id: string;
  doc: string;
  title: string;
  scans: number;
  submissions: number;
  active: number;
  blocked: number;
  starred: number;
  archived: number;
  created_at: string;
  updated_at: string;
  /** bumped with every insert or delete of the form's submissions: keys the list caches */
  sub_version: number;
}

export interface SubmissionRow {
  seq: number;
  id: string;
  qr_id: string;
  account_id: string;
  answers: string;
  quiz: string | null;
  time_spent: number | null;
  time_expired: number | null;
  created_ms: number;
  created_at: string;
  updated_at: string;
}

export interface FileRow {
  id: string;
  account_id: string;
  qr_id: string | null;
  category: string;
  name: string;
  mime: string;
  size: number;
  created_at: string;
}

export interface SeededKey {
  role: string;
  account: string;
  memberId: string;
  email: string;
  key: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS accounts (
  id TEXT PRIMARY KEY, plan TEXT NOT NULL, subscription TEXT NOT NULL DEFAULT 'active',
  quota_override INTEGER, submission_quota_override INTEGER, team_name TEXT, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS members (
  id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id), name TEXT NOT NULL, email TEXT NOT NULL,
  user_type TEXT NOT NULL, blocked INTEGER NOT NULL DEFAULT 0, api_key TEXT NOT NULL UNIQUE, password TEXT NOT NULL,
  team_name TEXT, seed_role TEXT, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS usage (account_id TEXT NOT NULL, month TEXT NOT NULL, count INTEGER NOT NULL,
  PRIMARY KEY (account_id, month));
CREATE TABLE IF NOT EXISTS forms (
  seq INTEGER PRIMARY KEY AUTOINCREMENT, qr_id TEXT NOT NULL UNIQUE, id TEXT NOT NULL, account_id TEXT NOT NULL,
  creator_id TEXT NOT NULL, doc TEXT NOT NULL, title TEXT NOT NULL, scans INTEGER NOT NULL DEFAULT 0,
  submissions INTEGER NOT NULL DEFAULT 0, active INTEGER NOT NULL DEFAULT 1, blocked INTEGER NOT NULL DEFAULT 0,
  starred INTEGER NOT NULL DEFAULT 0, archived INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
  sub_version INTEGER NOT NULL DEFAULT 0);
CREATE INDEX IF NOT EXISTS forms_by_account ON forms (account_id, archived, seq);
CREATE TABLE IF NOT EXISTS submissions (
  seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, qr_id TEXT NOT NULL, account_id TEXT NOT NULL,
  answers TEXT NOT NULL, quiz TEXT, time_spent REAL, time_expired INTEGER, created_ms INTEGER NOT NULL,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
-- newest-first pages of one form, and their counts, straight from the index (a covering scan for OFFSET)
CREATE INDEX IF NOT EXISTS submissions_by_form ON submissions (qr_id, created_ms DESC, seq DESC);
CREATE TABLE IF NOT EXISTS submission_usage (account_id TEXT NOT NULL, month TEXT NOT NULL, count INTEGER NOT NULL,
  PRIMARY KEY (account_id, month));
CREATE TABLE IF NOT EXISTS idempotency (
  account_id TEXT NOT NULL, key TEXT NOT NULL, qr_id TEXT NOT NULL, body_hash TEXT NOT NULL, response TEXT NOT NULL,
  created_ms INTEGER NOT NULL, PRIMARY KEY (account_id, key));
CREATE TABLE IF NOT EXISTS files (
  id TEXT PRIMARY KEY, account_id TEXT NOT NULL, qr_id TEXT, category TEXT NOT NULL, name TEXT NOT NULL,
  mime TEXT NOT NULL, size INTEGER NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS webhooks (
  account_id TEXT PRIMARY KEY, enabled INTEGER NOT NULL DEFAULT 0, url TEXT NOT NULL DEFAULT '', secret TEXT NOT NULL DEFAULT '');
CREATE TABLE IF NOT EXISTS deliveries (
  id TEXT PRIMARY KEY, account_id TEXT NOT NULL, submission_id TEXT NOT NULL, qr_id TEXT NOT NULL, url TEXT NOT NULL,
  status INTEGER, error TEXT, ms REAL, signature TEXT NOT NULL, body TEXT NOT NULL, at TEXT NOT NULL, seq INTEGER);
CREATE TABLE IF NOT EXISTS outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT, account_id TEXT NOT NULL, kind TEXT NOT NULL, recipients TEXT NOT NULL,
  subject TEXT NOT NULL, body TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS request_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, method TEXT NOT NULL, path TEXT NOT NULL,
  status INTEGER NOT NULL, member_id TEXT, ms REAL NOT NULL, fault TEXT);
`;

export function newKey(): string {
  return `fk_${randomBytes(16).toString('hex')}`;
}

export function newHexId(): string {
  return randomBytes(12).toString('hex'); // spec §2.1: 24-character hex
}

const QR_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newQrId(): string {
  const bytes = randomBytes(8);
  let out = '';
  for (const b of bytes) out += QR_ALPHABET[b % QR_ALPHABET.length];
  return out;
}

/** The SQLite-backed state of one sandbox data dir. Safe to open from several processes at once (WAL). */
export class SandboxStore {
  readonly db: Database.Database;

  readonly filesDir: string;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    this.filesDir = join(dataDir, 'files');
    mkdirSync(this.filesDir, { recursive: true, mode: 0o700 });
    this.db = new Database(join(dataDir, 'sandbox.db'));
    this.db.pragma('busy_timeout = 10000');
    // WAL: readers never block the writer; every committed transaction is in the WAL file before the
    // response is sent, so a kill -9 of the sandbox loses no acknowledged write.
    this.switchToWal();
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    // several processes may open a new data dir at once: schema, migration and seed run in one
    // IMMEDIATE transaction, which takes the write lock up front (and waits for it) instead of
    // upgrading a read lock, which SQLite may refuse with SQLITE_BUSY to avoid a deadlock
    if (this.ready()) return; // the usual case: nothing to create, no write lock taken
    this.db
      .transaction(() => {
        this.db.exec(SCHEMA);
        this.migrate();
        this.seed();
      })
      .immediate();
  }

  /** True when the schema is current and the data dir is seeded (reads only). */
  private ready(): boolean {
    const tables = (this.db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as Array<{ name: string }>).map((t) => t.name);
    const expected = [...SCHEMA.matchAll(/CREATE TABLE IF NOT EXISTS (\w+)/g)].map((m) => m[1]!);
    if (!expected.every((t) => tables.includes(t))) return false;
    if (this.missingColumns().length) return false;
    return this.db.prepare(`SELECT 1 FROM meta WHERE k = 'seeded'`).get() !== undefined;
  }

  private readonly statements = new Map<string, Database.Statement>();

  /** A prepared statement, parsed once per process (the hot paths run thousands a second). */
  sql(text: string): Database.Statement {
    let stmt = this.statements.get(text);
    if (!stmt) {
      stmt = this.db.prepare(text);
      this.statements.set(text, stmt);
    }
    return stmt;
  }

  close(): void {
    this.db.close();
  }

  /** WAL can only be switched on outside transactions; a busy file is tried again for a while. */
  private switchToWal(): void {
    for (let attempt = 0; ; attempt++) {
      try {
        this.db.pragma('journal_mode = WAL');
        return;
      } catch (e) {
        if ((e as { code?: string }).code !== 'SQLITE_BUSY' || attempt >= 200) throw e;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25); // a synchronous pause
      }
    }
  }

  /** Columns added after a data dir was first made: [table, column, definition]. */
  private static readonly ADDED_COLUMNS: Array<[string, string, string]> = [
    ['accounts', 'submission_quota_override', 'INTEGER'],
    ['forms', 'sub_version', 'INTEGER NOT NULL DEFAULT 0'],
  ];

  private missingColumns(): Array<[string, string, string]> {
    const has = (table: string, column: string) => (this.db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).some((c) => c.name === column);
    return SandboxStore.ADDED_COLUMNS.filter(([table, column]) => !has(table, column));
  }

  private migrate(): void {
    for (const [table, column, definition] of this.missingColumns()) this.db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
  }

  /** Seeds the two accounts and their role keys once (inside the opening transaction). */
  private seed(): void {
    if (this.db.prepare(`SELECT 1 FROM meta WHERE k = 'seeded'`).get()) return;
    const now = new Date().toISOString();
    const addAccount = this.db.prepare(`INSERT INTO accounts (id, plan, created_at) VALUES (?, ?, ?)`);
    const addMember = this.db.prepare(
      `INSERT INTO members (id, account_id, name, email, user_type, api_key, password, seed_role, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    addAccount.run('acct_main', 'free', now);
    addAccount.run('acct_other', 'free', now);
    const people: Array<[string, string, string, Role, string]> = [
      ['owner', 'acct_main', 'Olivia Owner', 'Owner', 'owner@sandbox.test'],
      ['admin', 'acct_main', 'Adam Admin', 'Admin', 'admin@sandbox.test'],
      ['editor', 'acct_main', 'Edith Editor', 'Editor', 'editor@sandbox.test'],
      ['editor2', 'acct_main', 'Eddie Editor', 'Editor', 'editor2@sandbox.test'],
      ['viewer', 'acct_main', 'Vera Viewer', 'Viewer', 'viewer@sandbox.test'],
      ['other', 'acct_other', 'Otto Other', 'Owner', 'owner@other.test'],
    ];
    for (const [seedRole, account, name, role, email] of people) {
      addMember.run(newHexId(), account, name, email, role, newKey(), 'sandbox-password', seedRole, now);
    }
    this.db.prepare(`INSERT INTO meta (k, v) VALUES ('seeded', ?)`).run(now);
  }

  keys(): SeededKey[] {
    return this.db
      .prepare(
        `SELECT seed_role AS role, account_id AS account, id AS memberId, email, api_key AS key
         FROM members WHERE seed_role IS NOT NULL ORDER BY created_at, rowid`,
      )
      .all() as SeededKey[];
  }

  memberByKey(key: string): MemberRow | undefined {
    return this.sql(`SELECT * FROM members WHERE api_key = ?`).get(key) as MemberRow | undefined;
  }

  account(id: string): AccountRow {
    return this.sql(`SELECT * FROM accounts WHERE id = ?`).get(id) as AccountRow;
  }

  setAccount(id: string, patch: { plan?: Plan; subscription?: 'active' | 'expired'; quota?: number | null; submissionQuota?: number | null }): void {
    if (patch.submissionQuota !== undefined) this.db.prepare(`UPDATE accounts SET submission_quota_override = ? WHERE id = ?`).run(patch.submissionQuota, id);
    if (patch.plan) this.db.prepare(`UPDATE accounts SET plan = ? WHERE id = ?`).run(patch.plan, id);
    if (patch.subscription) this.db.prepare(`UPDATE accounts SET subscription = ? WHERE id = ?`).run(patch.subscription, id);
    if (patch.quota !== undefined) this.db.prepare(`UPDATE accounts SET quota_override = ? WHERE id = ?`).run(patch.quota, id);
  }

  monthlyLimit(account: AccountRow): number {
    return account.quota_override ?? PLAN_LIMITS[account.plan].monthlyRequests;
  }

  /**
   * spec §8: every authenticated request counts against the monthly limit. Returns false, counting
   * nothing, when the limit is already used up. Atomic across processes.
   */
  consumeQuota(account: AccountRow, month: string): { allowed: boolean; used: number; limit: number } {
    const limit = this.monthlyLimit(account);
    const tx = this.db.transaction(() => {
      const row = this.sql(`SELECT count FROM usage WHERE account_id = ? AND month = ?`).get(account.id, month) as
        | { count: number }
        | undefined;
      const used = row?.count ?? 0;
      if (used >= limit) return { allowed: false, used, limit };
      this.sql(`INSERT INTO usage (account_id, month, count) VALUES (?, ?, 1) ON CONFLICT (account_id, month) DO UPDATE SET count = count + 1`).run(account.id, month);
      return { allowed: true, used: used + 1, limit };
    });
    return tx.immediate();
  }

  usage(accountId: string, month: string): number {
    const row = this.db.prepare(`SELECT count FROM usage WHERE account_id = ? AND month = ?`).get(accountId, month) as
      | { count: number }
      | undefined;
    return row?.count ?? 0;
  }

  clockOffsetMs(): number {
    const row = this.sql(`SELECT v FROM meta WHERE k = 'clock_offset_ms'`).get() as { v: string } | undefined;
    return row ? Number(row.v) : 0;
  }

  advanceClock(ms: number): number {
    const next = this.clockOffsetMs() + ms;
    this.db.prepare(`INSERT INTO meta (k, v) VALUES ('clock_offset_ms', ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v`).run(String(next));
    return next;
  }

  addOutbox(accountId: string, kind: string, recipients: string, subject: string, body: string, at: string): void {
    this.sql(`INSERT INTO outbox (account_id, kind, recipients, subject, body, created_at) VALUES (?, ?, ?, ?, ?, ?)`).run(accountId, kind, recipients, subject, body, at);
  }

  outbox(): Array<{ id: number; account_id: string; kind: string; recipients: string; subject: string; body: string; created_at: string }> {
    return this.db.prepare(`SELECT * FROM outbox ORDER BY id`).all() as never;
  }

  /** Webhook delivery attempts, oldest first. */
  deliveries(): Array<Record<string, unknown>> {
    return this.sql(`SELECT * FROM deliveries ORDER BY at, rowid`).all() as Array<Record<string, unknown>>;
  }

  logRequest(entry: { at: string; method: string; path: string; status: number; memberId: string | null; ms: number; fault: string | null }): void {
    this.sql(`INSERT INTO request_log (at, method, path, status, member_id, ms, fault) VALUES (?, ?, ?, ?, ?, ?, ?)`).run(entry.at, entry.method, entry.path, entry.status, entry.memberId, entry.ms, entry.fault);
  }

  requestLog(sinceId = 0): Array<{ id: number; at: string; method: string; path: string; status: number; member_id: string | null; ms: number; fault: string | null }> {
    return this.db.prepare(`SELECT * FROM request_log WHERE id > ? ORDER BY id`).all(sinceId) as never;
  }
}
