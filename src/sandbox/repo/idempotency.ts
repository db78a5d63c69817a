import type { Db } from './db.js';

export interface IdempotencyHit {
  body_hash: string;
  response: string;
}

/** Create-submission responses by Idempotency-Key (spec §8: 24-hour replay window). */
export class Idempotency {
  constructor(private readonly db: Db) {}

  find(accountId: string, key: string, notBeforeMs: number): IdempotencyHit | undefined {
    return this.db.sql(`SELECT * FROM idempotency WHERE account_id = ? AND key = ? AND created_ms > ?`).get(accountId, key, notBeforeMs) as IdempotencyHit | undefined;
  }

  remember(accountId: string, key: string, qrId: string, hash: string, response: unknown, atMs: number): void {
    this.db
      .sql(`INSERT INTO idempotency (account_id, key, qr_id, body_hash, response, created_ms) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (account_id, key) DO UPDATE SET qr_id = excluded.qr_id, body_hash = excluded.body_hash, response = excluded.response, created_ms = excluded.created_ms`)
      .run(accountId, key, qrId, hash, JSON.stringify(response), atMs);
  }
}
