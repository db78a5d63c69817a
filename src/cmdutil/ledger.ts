import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Deps } from './deps.js';
import { localFileFor } from './localFiles.js';
import { isPlan, PLAN_LIMITS, type Plan } from '../domain/plans.js';
import { sandboxDataDir } from '../config/store.js';
import { DATABASE_FILE } from '../domain/dataDir.js';
import { UsageError } from '../errors.js';
import { utcIso, utcMonth } from '../domain/instants.js';

// The quota ledger: every request formctl sent, per profile and calendar month (UTC, as the service
// counts), one JSON line per run appended with O_APPEND (atomic for lines this short, so concurrent
// runs never interleave). The API never says how much quota is left; this is what formctl knows.

export interface LedgerLine {
  at: string;
  command: string;
  requests: number;
}

export const month = (d = new Date()) => utcMonth(d.getTime());

export function ledgerPath(deps: Deps, m = month()): string {
  return localFileFor(deps, 'ledger', `${deps.target().profileName}-${m}`, 'jsonl');
}

export function record(deps: Deps, command: string, requests: number): void {
  if (requests <= 0) return;
  const path = ledgerPath(deps);
  const line = `${JSON.stringify({ at: utcIso(), command, requests })}\n`;
  try {
    appendFileSync(path, line, { mode: 0o600 });
  } catch (e) {
    // the month's first run of this profile (or the first ever): make the folder, then append
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    appendFileSync(path, line, { mode: 0o600 });
  }
}

export function readLedger(deps: Deps, m = month()): LedgerLine[] {
  let text: string;
  try {
    text = readFileSync(ledgerPath(deps, m), 'utf8');
  } catch {
    return [];
  }
  return text.split('\n').flatMap((l) => {
    try {
      const v = JSON.parse(l) as LedgerLine;
      return typeof v.requests === 'number' ? [v] : [];
    } catch {
      return [];
    }
  });
}

/** This month's figures as `quota`, `doctor` and MCP's quota_get give them: one reading of the ledger and the plan. */
export interface QuotaUsage {
  month: string;
  lines: LedgerLine[];
  /** requests counted (plus `extra`: those of a session not written yet) */
  used: number;
  plan: Plan | undefined;
  limit: number | undefined;
  left: number | undefined;
}

/** The profile's plan, when it names one; the sandbox has a plan of its own (`formctl sandbox plan`), not the profile's. */
export function profilePlan(deps: Deps): Plan | undefined {
  const t = deps.target();
  return !t.sandbox && t.plan && isPlan(t.plan) ? t.plan : undefined;
}

export function quotaUsage(deps: Deps, extra = 0): QuotaUsage {
  const m = month();
  // the sandbox's requests are never counted (factory.ts records real targets only)
  const lines = deps.target().sandbox ? [] : readLedger(deps, m);
  const used = lines.reduce((s, l) => s + l.requests, 0) + extra;
  const plan = profilePlan(deps);
  const limit = plan ? PLAN_LIMITS[plan].monthlyRequests : undefined;
  return { month: m, lines, used, plan, limit, left: limit === undefined ? undefined : Math.max(0, limit - used) };
}

/**
 * The embedded sandbox's month as it counts it (docs/sandbox.md: per account and calendar month,
 * on the sandbox clock): its main account's requests from every client of its data dir, against the
 * plan the sandbox's account is on (`formctl sandbox plan`). Read from the data dir, read only: no
 * request, and nothing created or migrated by asking; a sandbox that never ran is on the free plan.
 */
export async function sandboxQuotaUsage(deps: Deps): Promise<QuotaUsage> {
  const dir = sandboxDataDir(deps.io.env);
  let found;
  try {
    found = existsSync(join(dir, DATABASE_FILE)) ? await (await import('../sandbox/entry.js')).sandboxDataDirQuota(dir) : undefined;
  } catch (e) {
    throw new UsageError(`cannot read the sandbox's quota in ${dir}: ${(e as Error).message} (\`formctl --sandbox forms list\` brings its data up to date; \`formctl sandbox reset --sandbox\` starts over)`);
  }
  const { month: m, plan, limit, used } = found ?? { month: month(), plan: 'free' as const, limit: PLAN_LIMITS.free.monthlyRequests, used: 0 };
  return { month: m, lines: [], used, plan, limit, left: Math.max(0, limit - used) };
}
