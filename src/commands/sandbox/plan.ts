import type { Deps } from '../../cmdutil/factory.js';
import { isPlan, PLANS, PLAN_LIMITS } from '../../domain/plans.js';
import { UsageError } from '../../errors.js';
import { sandboxSource } from './source.js';

/** Sets the plan of the sandbox's main account: the served one the profile points at, else the embedded one's data dir (or --data). */
export async function run(deps: Deps, [plan]: unknown[], opts: { data?: string }): Promise<void> {
  const name = String(plan);
  if (!isPlan(name)) throw new UsageError(`"${name}" is not a plan; expected one of ${PLANS.join(', ')}`);
  await sandboxSource(deps, opts.data).setPlan(name);
  const slots = PLAN_LIMITS[name].formSlots;
  deps.info(`The sandbox's main account is now on the ${name} plan (${PLAN_LIMITS[name].monthlyRequests.toLocaleString('en')} requests a month, ${Number.isFinite(slots) ? slots.toLocaleString('en') : 'unlimited'} forms).`);
}
