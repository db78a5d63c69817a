import { PLAN_LIMITS, type Plan } from '../../domain/plans.js';
import type { Db } from './db.js';

export interface AccountRow {
  id: string;
  plan: Plan;
  subscription: 'active' | 'expired';
  quota_override: number | null;
  submission_quota_override: number | null;
  team_name: string | null;
}

export interface AccountPatch {
  plan?: Plan;
  subscription?: 'active' | 'expired';
  quota?: number | null;
  submissionQuota?: number | null;
}

export class Accounts {
  constructor(private readonly db: Db) {}

  add(id: string, plan: Plan, at: string): void {
    this.db.sql(`INSERT INTO accounts (id, plan, created_at) VALUES (?, ?, ?)`).run(id, plan, at);
  }

  get(id: string): AccountRow {
    return this.db.sql(`SELECT * FROM accounts WHERE id = ?`).get(id) as AccountRow;
  }

  ids(): string[] {
    return (this.db.sql(`SELECT id FROM accounts ORDER BY created_at, rowid`).all() as Array<{ id: string }>).map((r) => r.id);
  }

  update(id: string, patch: AccountPatch): void {
    if (patch.submissionQuota !== undefined) this.db.sql(`UPDATE accounts SET submission_quota_override = ? WHERE id = ?`).run(patch.submissionQuota, id);
    if (patch.plan) this.db.sql(`UPDATE accounts SET plan = ? WHERE id = ?`).run(patch.plan, id);
    if (patch.subscription) this.db.sql(`UPDATE accounts SET subscription = ? WHERE id = ?`).run(patch.subscription, id);
    if (patch.quota !== undefined) this.db.sql(`UPDATE accounts SET quota_override = ? WHERE id = ?`).run(patch.quota, id);
  }

  setTeamName(id: string, teamName: string): void {
    this.db.sql(`UPDATE accounts SET team_name = ? WHERE id = ?`).run(teamName, id);
  }

  /** spec §8: the monthly request limit of the account's plan, unless overridden for tests */
  monthlyLimit(account: AccountRow): number {
    return account.quota_override ?? PLAN_LIMITS[account.plan].monthlyRequests;
  }

  /** submissions created per month (spec §7 "submission quota exceeded"; numbers in docs/sandbox.md) */
  submissionLimit(account: AccountRow): number {
    return account.submission_quota_override ?? PLAN_LIMITS[account.plan].monthlySubmissions;
  }
}
