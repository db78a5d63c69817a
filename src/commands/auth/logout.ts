import type { Deps } from '../../cmdutil/factory.js';
import { UsageError } from '../../errors.js';
import { updateConfig } from '../../config/store.js';

export async function run(deps: Deps, _args: unknown[], opts: { profile?: string }): Promise<void> {
  const config = deps.config();
  const name = opts.profile ?? deps.io.env.FORMCTL_PROFILE ?? config.currentProfile ?? 'default';
  if (!config.profiles[name]) throw new UsageError(`no profile "${name}" (profiles: ${Object.keys(config.profiles).join(', ') || 'none'})`);
  await updateConfig((c) => {
    delete c.profiles[name];
    if (c.currentProfile === name) c.currentProfile = Object.keys(c.profiles)[0];
  }, deps.io.env);
  deps.info(`Logged out: profile "${name}" and its key removed.`);
}
