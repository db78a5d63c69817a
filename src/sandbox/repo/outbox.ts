import type { Db } from './db.js';

export interface OutboxRow {
  id: number;
  account_id: string;
  kind: string;
  recipients: string;
  subject: string;
  body: string;
  created_at: string;
}

/** E-mails the sandbox "sent" (shares, submission notices). */
export class Outbox {
  constructor(private readonly db: Db) {}

  add(accountId: string, kind: string, recipients: string, subject: string, body: string, at: string): void {
    this.db.sql(`INSERT INTO outbox (account_id, kind, recipients, subject, body, created_at) VALUES (?, ?, ?, ?, ?, ?)`).run(accountId, kind, recipients, subject, body, at);
  }

  all(): OutboxRow[] {
    return this.db.sql(`SELECT * FROM outbox ORDER BY id`).all() as OutboxRow[];
  }
}
