import type { SqliteDatabase } from './sqlite.js';

// Numbered schema migrations, keyed on PRAGMA user_version: migration i takes a data dir from
// version i to i + 1. Never edit one that has shipped; add the next. Users keep sandbox data dirs.

/** 1: the first schema. Data dirs made before migrations were numbered are at version 0 with these
 * tables already present, some lacking a column added later: both end at the same version 1. */
function initialSchema(db: SqliteDatabase): void {
  db.exec(`
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
`);
  // columns added to tables of the first schema before migrations were numbered
  const added: Array<[string, string, string]> = [
    ['accounts', 'submission_quota_override', 'INTEGER'],
    ['forms', 'sub_version', 'INTEGER NOT NULL DEFAULT 0'],
  ];
  for (const [table, column, definition] of added) {
    const has = (db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).some((c) => c.name === column);
    if (!has) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
  }
}

/** 2: scans of the public short link (spec §2.11) and the analytics CSV links (spec §4.3 export=1). */
function scans(db: SqliteDatabase): void {
  db.exec(`
CREATE TABLE IF NOT EXISTS scans (
  id INTEGER PRIMARY KEY AUTOINCREMENT, qr_id TEXT NOT NULL, at_ms INTEGER NOT NULL, device TEXT NOT NULL,
  country TEXT NOT NULL, city TEXT NOT NULL, visitor TEXT NOT NULL, user_agent TEXT NOT NULL DEFAULT '', submission_id TEXT);
CREATE INDEX IF NOT EXISTS scans_by_form ON scans (qr_id, at_ms);
CREATE TABLE IF NOT EXISTS analytics_exports (
  token TEXT PRIMARY KEY, qr_id TEXT NOT NULL, account_id TEXT NOT NULL, query TEXT NOT NULL,
  created_ms INTEGER NOT NULL, expires_ms INTEGER NOT NULL);
`);
}

/** 3: private templates of accounts and members' favorites (spec §4.7; the public gallery is code), and members' sub-domain ids. */
function templates(db: SqliteDatabase): void {
  db.exec(`
CREATE TABLE IF NOT EXISTS templates (
  id TEXT PRIMARY KEY, account_id TEXT NOT NULL, record TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS templates_by_account ON templates (account_id, created_at);
CREATE TABLE IF NOT EXISTS template_favorites (
  member_id TEXT NOT NULL, template_id TEXT NOT NULL, created_at TEXT NOT NULL, PRIMARY KEY (member_id, template_id));
`);
  // team members' sub-domain ids (spec §4.6), kept as a JSON array
  const has = (db.prepare('PRAGMA table_info(members)').all() as Array<{ name: string }>).some((c) => c.name === 'sub_domain_ids');
  if (!has) db.exec('ALTER TABLE members ADD COLUMN sub_domain_ids TEXT');
}

/** 4: the AI builder's answers, kept a week (spec §4.7 "served from cache for up to one week"). */
function aiCache(db: SqliteDatabase): void {
  db.exec(`CREATE TABLE IF NOT EXISTS ai_cache (key TEXT PRIMARY KEY, response TEXT NOT NULL, created_ms INTEGER NOT NULL);`);
}

export const MIGRATIONS: ReadonlyArray<(db: SqliteDatabase) => void> = [initialSchema, scans, templates, aiCache];
