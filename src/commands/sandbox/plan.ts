import type { Deps } from '../../cmdutil/factory.js';
import { isPlan, PLANS, PLAN_LIMITS } from '../../domain/plans.js';
import { UsageError } from '../../errors.js';
import { withStore } from './openStore.js';

/** Sets the plan of the sandbox's main account (its data dir; a running `sandbox serve` sees it at once). */
export async function run(deps: Deps, [plan]: unknown[], opts: { data?: string }): Promise<void> {
  const name = String(plan);
  if (!isPlan(name)) throw new UsageError(`PLAN: "${name}" is not a plan; expected one of ${PLANS.join(', ')}`);
  await withStore(deps, opts.data, (store) => store.accounts.update('acct_main', { plan: name }));
  const slots = PLAN_LIMITS[name].formSlots;
  deps.info(`The sandbox's main account is now on the ${name} plan (${PLAN_LIMITS[name].monthlyRequests.toLocaleString('en')} requests a month, ${Number.isFinite(slots) ? slots.toLocaleString('en') : 'unlimited'} forms).`);
}
