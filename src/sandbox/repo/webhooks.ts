import type { Db } from './db.js';

export interface WebhookRow {
  account_id: string;
  enabled: number;
  url: string;
  secret: string;
}

/** The account-level webhook settings (spec §2.10, §3). */
export class Webhooks {
  constructor(private readonly db: Db) {}

  get(accountId: string): WebhookRow {
    return (this.db.sql(`SELECT * FROM webhooks WHERE account_id = ?`).get(accountId) as WebhookRow | undefined) ?? { account_id: accountId, enabled: 0, url: '', secret: '' };
  }

  put(row: WebhookRow): void {
    this.db
      .sql(`INSERT INTO webhooks (account_id, enabled, url, secret) VALUES (?, ?, ?, ?) ON CONFLICT (account_id) DO UPDATE SET enabled = excluded.enabled, url = excluded.url, secret = excluded.secret`)
      .run(row.account_id, row.enabled, row.url, row.secret);
  }
}
