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
}
