import type { Deps } from '../../cmdutil/factory.js';
import { ledgerPath, quotaUsage, sandboxQuotaUsage } from '../../cmdutil/ledger.js';
import type { View } from '../../output/format.js';

const SANDBOX_NOTE = "the embedded sandbox's own count, every client of its data dir included; `formctl sandbox plan` changes its plan";

/** `formctl quota`: no request; the ledger of this profile and month, or the embedded sandbox's own count. */
export async function run(deps: Deps): Promise<void> {
  const t = deps.target();
  const { month: m, lines, used, plan, limit, left } = t.sandbox ? await sandboxQuotaUsage(deps) : quotaUsage(deps);
  const byCommand = new Map<string, number>();
  for (const l of lines) byCommand.set(l.command, (byCommand.get(l.command) ?? 0) + l.requests);
  const busiest = [...byCommand].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([command, requests]) => ({ command, requests }));
  const now = new Date();
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  const daysLeft = Math.ceil((end - now.getTime()) / 86_400_000);
  const report = {
    profile: t.profileName, month: m, used, plan: plan ?? null, limit: limit ?? null, left: left ?? null,
    // the sandbox's requests go in no ledger: no file to name
    daysLeft, busiest, sandbox: t.sandbox, ledger: t.sandbox ? null : ledgerPath(deps, m),
    note: t.sandbox ? SANDBOX_NOTE : 'requests sent by formctl with this profile; other clients using the same key are not counted',
  };
  // the one output contract: -o json|jsonl|csv and --columns give the report as a record
  const view: View<typeof report> = { fields: Object.keys(report), columns: Object.keys(report), id: (r) => r.profile };
  const shape = deps.outputFor(view);
  if (!shape.prose || shape.quiet || shape.fields) {
    await deps.printOne(view, report);
    return;
  }
  const out = deps.io.stdout;
  out.write(`${m} · profile ${t.profileName}: ${used.toLocaleString('en')} request${used === 1 ? '' : 's'}${limit ? ` of ${limit.toLocaleString('en')} (${plan} plan, ${Math.round((used / limit) * 100)} %), ${left!.toLocaleString('en')} left` : t.sandbox ? '' : ' (set the plan with `formctl config set plan business` to see the limit)'} · ${daysLeft} day${daysLeft === 1 ? '' : 's'} left in the month\n`);
  for (const b of busiest) out.write(`  ${b.command.padEnd(24)} ${String(b.requests).padStart(7)}\n`);
  deps.info(t.sandbox ? `${SANDBOX_NOTE[0]!.toUpperCase()}${SANDBOX_NOTE.slice(1)}.` : 'Counted by formctl on this machine: requests of other clients with the same key are not seen.');
}
