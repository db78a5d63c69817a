import type { ScanPoint } from '../../domain/analytics.js';
import type { Db } from './db.js';

export interface NewScan {
  qrId: string;
  atMs: number;
  device: string;
  country: string;
  city: string;
  visitor: string;
  userAgent?: string;
  submissionId?: string | null;
}

export interface ScanRow {
  id: number;
  qr_id: string;
  at_ms: number;
  device: string;
  country: string;
  city: string;
  visitor: string;
  user_agent: string;
  submission_id: string | null;
}

export interface ExportRow {
  token: string;
  qr_id: string;
  account_id: string;
  query: string;
  created_ms: number;
  expires_ms: number;
}

/** Visits of the public short link (spec §2.11), and the analytics CSV links handed out (spec §4.3). */
export class Scans {
  constructor(private readonly db: Db) {}

  /** Records a scan and counts it on the form (the list's `scans`); returns the scan's id. */
  add(s: NewScan): number {
    const id = this.insert(s);
    this.db.sql(`UPDATE forms SET scans = scans + 1 WHERE qr_id = ?`).run(s.qrId);
    return id;
  }

  private insert(s: NewScan): number {
    return Number(
      this.db
        .sql(`INSERT INTO scans (qr_id, at_ms, device, country, city, visitor, user_agent, submission_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(s.qrId, s.atMs, s.device, s.country, s.city, s.visitor, s.userAgent ?? '', s.submissionId ?? null).lastInsertRowid,
    );
  }

  /** Seeded scans of one form, in the caller's transaction. */
  addMany(qrId: string, rows: NewScan[]): void {
    for (const r of rows) this.insert(r);
    this.db.sql(`UPDATE forms SET scans = scans + ? WHERE qr_id = ?`).run(rows.length, qrId);
  }

  /** The visit that led to a submission (the page's hidden scan id); a scan links to one submission. */
  linkSubmission(scanId: number, qrId: string, submissionId: string): boolean {
    return this.db.sql(`UPDATE scans SET submission_id = ? WHERE id = ? AND qr_id = ? AND submission_id IS NULL`).run(submissionId, scanId, qrId).changes === 1;
  }

  /**
   * The visitor's earliest visit of the form at or after `fromMs` that led to no submission, and
   * that came after their last visit that did (an attempt ends with its submission).
   */
  earliestOpen(qrId: string, visitor: string, fromMs: number): ScanRow | undefined {
    return this.db
      .sql(`SELECT * FROM scans WHERE qr_id = ? AND visitor = ? AND at_ms >= ? AND submission_id IS NULL
        AND id > COALESCE((SELECT MAX(id) FROM scans WHERE qr_id = ? AND visitor = ? AND submission_id IS NOT NULL), 0)
        ORDER BY at_ms, id LIMIT 1`)
      .get(qrId, visitor, fromMs, qrId, visitor) as ScanRow | undefined;
  }

  get(id: number): ScanRow | undefined {
    return this.db.sql(`SELECT * FROM scans WHERE id = ?`).get(id) as ScanRow | undefined;
  }

  /** Scans of a form in [fromMs, toMs), oldest first, streamed. */
  *between(qrId: string, fromMs: number, toMs: number, submissionOnly: boolean): Generator<ScanRow & ScanPoint> {
    const sql = `SELECT *, at_ms AS at FROM scans WHERE qr_id = ? AND at_ms >= ? AND at_ms < ?${submissionOnly ? ' AND submission_id IS NOT NULL' : ''} ORDER BY at_ms, id`;
    yield* this.db.sql(sql).iterate(qrId, fromMs, toMs) as IterableIterator<ScanRow & ScanPoint>;
  }

  firstAt(qrId: string): number | undefined {
    return (this.db.sql(`SELECT MIN(at_ms) AS t FROM scans WHERE qr_id = ?`).get(qrId) as { t: number | null }).t ?? undefined;
  }

  deleteAllOf(qrId: string): void {
    this.db.sql(`DELETE FROM scans WHERE qr_id = ?`).run(qrId);
  }

  addExport(e: ExportRow): void {
    this.db.sql(`INSERT INTO analytics_exports (token, qr_id, account_id, query, created_ms, expires_ms) VALUES (?, ?, ?, ?, ?, ?)`).run(e.token, e.qr_id, e.account_id, e.query, e.created_ms, e.expires_ms);
  }

  getExport(token: string): ExportRow | undefined {
    return this.db.sql(`SELECT * FROM analytics_exports WHERE token = ?`).get(token) as ExportRow | undefined;
  }
}
