import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Role } from '../../domain/roles.js';
import { Accounts } from './accounts.js';
import { DATABASE_FILE } from '../../domain/dataDir.js';
import { Db, openDatabase } from './db.js';
import { Deliveries } from './deliveries.js';
import { Files, PENDING_FILE_TTL_MS, type FileRow } from './files.js';
import { Forms, newObjectId, readDoc } from './forms.js';
import { fileIdsOf } from '../../domain/answers.js';
import { Idempotency } from './idempotency.js';
import { Members } from './members.js';
import { Meta } from './meta.js';
import { Outbox } from './outbox.js';
import { RequestLog } from './requestLog.js';
import { Scans } from './scans.js';
import { Templates } from './templates.js';
import { AiCache } from './aiCache.js';
import { Submissions } from './submissions.js';
import { Usage } from './usage.js';
import { Webhooks } from './webhooks.js';

import { MAIN_ACCOUNT, OTHER_ACCOUNT } from './accountIds.js';

export { MAIN_ACCOUNT, OTHER_ACCOUNT };

/** the name of an uploaded file's bytes: the server's id (repo/forms.ts newHexId) */
const SERVER_FILE_ID = /^[0-9a-f]{24}$/;

const SEEDED_PEOPLE: Array<[seedRole: string, account: string, name: string, role: Role, email: string]> = [
  ['owner', MAIN_ACCOUNT, 'Olivia Owner', 'Owner', 'owner@sandbox.test'],
  ['admin', MAIN_ACCOUNT, 'Adam Admin', 'Admin', 'admin@sandbox.test'],
  ['editor', MAIN_ACCOUNT, 'Edith Editor', 'Editor', 'editor@sandbox.test'],
  ['editor2', MAIN_ACCOUNT, 'Eddie Editor', 'Editor', 'editor2@sandbox.test'],
  ['viewer', MAIN_ACCOUNT, 'Vera Viewer', 'Viewer', 'viewer@sandbox.test'],
  ['other', OTHER_ACCOUNT, 'Otto Other', 'Owner', 'owner@other.test'],
];

/**
 * The SQLite-backed state of one sandbox data dir, one repository per table: the only code that
 * writes SQL. Safe to open from several processes at once (WAL).
 */
export class SandboxStore {
  readonly db: Db;
  readonly filesDir: string;
  readonly meta: Meta;
  readonly accounts: Accounts;
  readonly members: Members;
  /** API requests per account and month (spec §8) */
  readonly usage: Usage;
  /** created submissions per account and month */
  readonly submissionUsage: Usage;
  readonly forms: Forms;
  readonly submissions: Submissions;
  readonly idempotency: Idempotency;
  readonly files: Files;
  readonly webhooks: Webhooks;
  readonly deliveries: Deliveries;
  readonly outbox: Outbox;
  readonly requests: RequestLog;
  /** visits of the short links, and analytics CSV links */
  readonly scans: Scans;
  /** private templates and favorites */
  readonly templates: Templates;
  /** the AI builder's answers, a week long */
  readonly aiCache: AiCache;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    this.filesDir = join(dataDir, 'files');
    mkdirSync(this.filesDir, { recursive: true, mode: 0o700 });
    this.db = openDatabase(privateFile(join(dataDir, DATABASE_FILE)), (db) => seed(db));
    this.meta = new Meta(this.db);
    this.accounts = new Accounts(this.db);
    this.members = new Members(this.db);
    this.usage = new Usage(this.db, 'usage');
    this.submissionUsage = new Usage(this.db, 'submission_usage');
    this.forms = new Forms(this.db);
    this.submissions = new Submissions(this.db);
    this.idempotency = new Idempotency(this.db);
    this.files = new Files(this.db);
    this.webhooks = new Webhooks(this.db);
    this.deliveries = new Deliveries(this.db);
    this.outbox = new Outbox(this.db);
    this.requests = new RequestLog(this.db);
    this.scans = new Scans(this.db);
    this.templates = new Templates(this.db);
    this.aiCache = new AiCache(this.db);
  }

  /**
   * A file is in use when a form's document of its account (its images, qrConfig.logo) or a
   * submission of its form names it: the uploads' `fileUsed`, and what keeps a file when what named
   * it goes (a text answer that spells its id keeps it too: on the safe side).
   */
  fileInUse(file: Pick<FileRow, 'id' | 'account_id' | 'qr_id'>): boolean {
    return this.forms.anyDocMentions(file.account_id, file.id) || (file.qr_id !== null && this.submissions.anyAnswerMentions(file.qr_id, file.id));
  }

  /**
   * Deletes submissions of one form, and the submission files they referred to that nothing uses any
   * more, in the caller's transaction; the files whose bytes go once it has committed (removeFileBytes).
   */
  deleteSubmissions(qrId: string, ids: string[]): string[] {
    const refs = this.submissions.answersOf(qrId, ids).flatMap((text) => fileIdsOf(JSON.parse(text)));
    this.submissions.delete(qrId, ids);
    return this.release(qrId, refs);
  }

  /**
   * Replaces a submission's answers (scored anew), in the caller's transaction; the files the old
   * answers referred to that nothing uses any more go (their ids returned, for removeFileBytes).
   */
  updateSubmission(qrId: string, seq: number, id: string, next: { answers: unknown; quiz: unknown; timeSpent: number | null; at: string }): string[] {
    const before = this.submissions.answersOf(qrId, [id]).flatMap((text) => fileIdsOf(JSON.parse(text)));
    this.submissions.update(seq, next.answers, next.quiz, next.timeSpent, next.at);
    // a page submit's waiting file the new answers name in a file field is theirs now (as on create)
    const row = this.forms.find(qrId);
    if (row) this.files.settle(qrId, fileIdsOf(next.answers, readDoc(row).fields));
    return this.release(qrId, before);
  }

  /** Of these references, the form's submission files nothing uses any more: their records deleted, their ids returned. */
  private release(qrId: string, refs: string[]): string[] {
    const gone = this.files.submissionFilesOf(qrId, refs).filter((f) => !this.fileInUse(f));
    for (const f of gone) this.files.delete(f.id);
    return gone.map((f) => f.id);
  }

  /**
   * Files of page submits whose retry never came (a retry waits PENDING_FILE_TTL_MS, in the memory of
   * the process that served the page: a restart forgets it): removed, records and bytes, unless
   * something uses one (then it is that submission's). Run as a sandbox opens its data.
   */
  sweepPendingFiles(nowMs: number): void {
    // bytes are dated by the file system's clock, never the sandbox's (POST /_sandbox/clock moves that
    // one: an hour ahead, an upload another process is still receiving would look abandoned)
    this.sweepOrphanBytes(Date.now() - PENDING_FILE_TTL_MS);
    const stale = this.files.pendingBefore(new Date(nowMs - PENDING_FILE_TTL_MS).toISOString());
    if (!stale.length) return;
    const gone = this.write(() => {
      const orphans = stale.filter((f) => !this.fileInUse(f));
      for (const f of stale) if (!orphans.includes(f)) this.files.settle(f.qr_id ?? '', [f.id]);
      for (const f of orphans) this.files.delete(f.id);
      return orphans.map((f) => f.id);
    });
    this.removeFileBytes(gone);
  }

  /**
   * Bytes in files/ that no record names: an upload cut short by a process that died before its
   * record was written (a kill, a power cut). Only a server id's name (24 hex digits), and only bytes
   * last written before `beforeMs`, since another process sharing the data dir may be receiving one now.
   */
  private sweepOrphanBytes(beforeMs: number): void {
    let names: string[];
    try {
      names = readdirSync(this.filesDir);
    } catch {
      return;
    }
    for (const name of names) {
      if (!SERVER_FILE_ID.test(name) || this.files.get(name)) continue;
      const path = join(this.filesDir, name);
      try {
        if (statSync(path).mtimeMs < beforeMs) rmSync(path, { force: true });
      } catch {
        // gone meanwhile, or not ours to read: left alone
      }
    }
  }

  /** The bytes of files whose records are gone (after the transaction that deleted them). */
  removeFileBytes(ids: readonly string[]): void {
    for (const id of ids) rmSync(join(this.filesDir, id), { force: true });
  }

  write<T>(fn: () => T): T {
    return this.db.write(fn);
  }

  close(): void {
    this.db.close();
  }
}

/** The two accounts and their role keys, once per data dir (inside the opening transaction). */
function seed(db: Db): void {
  const at = new Date().toISOString();
  const accounts = new Accounts(db);
  accounts.add(MAIN_ACCOUNT, 'free', at);
  accounts.add(OTHER_ACCOUNT, 'free', at);
  const members = new Members(db);
  for (const [seedRole, accountId, name, role, email] of SEEDED_PEOPLE) {
    members.add({ id: newObjectId(Date.parse(at)), accountId, name, email, role, password: 'sandbox-password', seedRole, at });
  }
  new Meta(db).set('seeded', at);
}

/**
 * The database holds the keys: readable by its owner only, whatever the umask or the mode of a
 * --data directory that existed already (SQLite gives its WAL and shared-memory files the same mode).
 */
function privateFile(file: string): string {
  try {
    closeSync(openSync(file, 'a', 0o600));
    // its write-ahead log and shared memory hold the same rows: made private too when they are there
    for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f) && statSync(f).mode & 0o077) chmodSync(f, 0o600);
  } catch {
    /* not ours to change (a read-only copy): SQLite says what it cannot open */
  }
  return file;
}
