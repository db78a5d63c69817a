import type { Db } from './db.js';

/** A stored attempt, as GET /_sandbox/deliveries lists it. */
export interface DeliveryRow {
  id: string;
  account_id: string;
  submission_id: string;
  qr_id: string;
  url: string;
  status: number | null;
  error: string | null;
  ms: number;
  signature: string;
  body: string;
  at: string;
}

/** Webhook delivery attempts and their outcome (GET /_sandbox/deliveries). */
export class Deliveries {
  constructor(private readonly db: Db) {}

  add(d: DeliveryRow): void {
    this.db
      .sql(`INSERT INTO deliveries (id, account_id, submission_id, qr_id, url, status, error, ms, signature, body, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(d.id, d.account_id, d.submission_id, d.qr_id, d.url, d.status, d.error, d.ms, d.signature, d.body, d.at);
  }

  /** oldest first */
  all(): DeliveryRow[] {
    return this.db.sql(`SELECT id, account_id, submission_id, qr_id, url, status, error, ms, signature, body, at FROM deliveries ORDER BY at, rowid`).all() as DeliveryRow[];
  }
}
