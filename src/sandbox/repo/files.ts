import type { Db } from './db.js';

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

/** how long a page submit's files wait for its retry (public/visitTokens.ts) */
export const PENDING_FILE_TTL_MS = 60 * 60 * 1000;

/** Uploaded files' records; their bytes live in the data dir's files/ under the id. */
export class Files {
  constructor(private readonly db: Db) {}

  insert(f: FileRow): void {
    this.db
      .sql(`INSERT INTO files (id, account_id, qr_id, category, name, mime, size, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(f.id, f.account_id, f.qr_id, f.category, f.name, f.mime, f.size, f.created_at);
  }

  get(id: string): FileRow | undefined {
    return this.db.sql(`SELECT * FROM files WHERE id = ?`).get(id) as FileRow | undefined;
  }

  ofForm(id: string, accountId: string, qrId: string): FileRow | undefined {
    return this.db.sql(`SELECT * FROM files WHERE id = ? AND account_id = ? AND qr_id = ?`).get(id, accountId, qrId) as FileRow | undefined;
  }

  /** spec §7 file_not_found: a file of this form, or an account file */
  usableBy(fileId: string, accountId: string, qrId: string): boolean {
    return this.db.sql(`SELECT 1 FROM files WHERE id = ? AND account_id = ? AND (qr_id = ? OR qr_id IS NULL)`).get(fileId, accountId, qrId) !== undefined;
  }

  logos(accountId: string): FileRow[] {
    return this.db.sql(`SELECT * FROM files WHERE account_id = ? AND category = 'logo' ORDER BY created_at, id`).all(accountId) as FileRow[];
  }

  delete(id: string): void {
    this.db.sql(`DELETE FROM files WHERE id = ?`).run(id);
  }

  /** Every file of a form (its own, its submissions', those of page submits still pending). */
  ofFormAll(qrId: string): FileRow[] {
    return this.db.sql(`SELECT * FROM files WHERE qr_id = ?`).all(qrId) as FileRow[];
  }

  /** A page submit's files of this form, named by a submission now: theirs (served from now on). */
  settle(qrId: string, ids: readonly string[]): void {
    const stmt = this.db.sql(`UPDATE files SET category = 'submission' WHERE id = ? AND qr_id = ? AND category = 'pending'`);
    for (const id of ids) stmt.run(id, qrId);
  }

  /** Of these ids, the form's submission files (pending or not), whose records can go with the last submission naming them. */
  submissionFilesOf(qrId: string, ids: readonly string[]): FileRow[] {
    const stmt = this.db.sql(`SELECT * FROM files WHERE id = ? AND qr_id = ? AND category IN ('submission', 'pending')`);
    return [...new Set(ids)].flatMap((id) => (stmt.get(id, qrId) as FileRow | undefined) ?? []);
  }

  /** Files of page submits that came back with errors, stored before `before` (ISO time). */
  pendingBefore(before: string): FileRow[] {
    return this.db.sql(`SELECT * FROM files WHERE category = 'pending' AND created_at < ?`).all(before) as FileRow[];
  }
}
