import type { Deps } from '../../cmdutil/factory.js';
import { UsageError } from '../../errors.js';
import { updateConfig } from '../../config/store.js';

export async function run(deps: Deps, _args: unknown[], opts: { profile?: string }): Promise<void> {
  const config = deps.config();
  const name = opts.profile ?? deps.io.env.FORMCTL_PROFILE ?? config.currentProfile ?? 'default';
  const profile = config.profiles[name];
  if (!profile) throw new UsageError(`no profile "${name}" (profiles: ${Object.keys(config.profiles).join(', ') || 'none'})`);
  // the key goes from where it is: the keyring (asked only when the key is there), or the file with the profile
  const { forgetKeyringKey } = await import('../../config/keys.js');
  const forgotten = await forgetKeyringKey(name, profile, deps.io.env);
  await updateConfig((c) => {
    delete c.profiles[name];
    if (c.currentProfile === name) c.currentProfile = Object.keys(c.profiles)[0];
  }, deps.io.env);
  if (forgotten && !forgotten.ok) {
    deps.warn(`the key stays in the system keyring (service formctl, account ${forgotten.account}): ${forgotten.reason}; delete it there once the keyring answers`);
    deps.info(`Logged out: profile "${name}" removed.`);
  } else deps.info(`Logged out: profile "${name}" and its key removed${forgotten ? ' (deleted from the system keyring)' : profile.apiKey ? ' (from the config file)' : ''}.`);
}
