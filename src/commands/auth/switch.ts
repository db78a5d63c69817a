import type { Deps } from '../../cmdutil/factory.js';
import { UsageError } from '../../errors.js';
import { updateConfig } from '../../config/store.js';

export async function run(deps: Deps, [name]: unknown[]): Promise<void> {
  const profiles = deps.config().profiles;
  if (!profiles[String(name)]) throw new UsageError(`no profile "${String(name)}" (profiles: ${Object.keys(profiles).join(', ') || 'none'})`);
  await updateConfig((c) => void (c.currentProfile = String(name)), deps.io.env);
  deps.info(`Current profile: ${String(name)}.`);
}
