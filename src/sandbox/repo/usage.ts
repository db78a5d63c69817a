import type { Db } from './db.js';

/** Per-month counters: API requests (spec §8 quota) and created submissions (plan limit). */
export class Usage {
  constructor(
    private readonly db: Db,
    private readonly table: 'usage' | 'submission_usage',
  ) {}

  used(accountId: string, month: string): number {
    return (this.db.sql(`SELECT count FROM ${this.table} WHERE account_id = ? AND month = ?`).get(accountId, month) as { count: number } | undefined)?.count ?? 0;
  }

  /** Counts one unless `limit` is reached; atomic across processes. */
  consume(accountId: string, month: string, limit: number): { allowed: boolean; used: number } {
    return this.db.write(() => {
      const used = this.used(accountId, month);
      if (used >= limit) return { allowed: false, used };
      this.increment(accountId, month);
      return { allowed: true, used: used + 1 };
    });
  }

  /** Counts one; for callers already inside a write transaction that checked the limit. */
  increment(accountId: string, month: string): void {
    this.db.sql(`INSERT INTO ${this.table} (account_id, month, count) VALUES (?, ?, 1) ON CONFLICT (account_id, month) DO UPDATE SET count = count + 1`).run(accountId, month);
  }
}
