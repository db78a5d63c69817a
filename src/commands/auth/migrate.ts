import type { Deps } from '../../cmdutil/factory.js';
import { readConfig } from '../../config/store.js';
import { UsageError } from '../../errors.js';
import { moveKeysToKeyring, profilesWithFileKeys } from './migrateKeys.js';

/** auth migrate: the keys kept in the config file (older logins, a keyring that did not answer then) move into the keyring. */
export async function run(deps: Deps, _args: unknown[], opts: { profile?: string }): Promise<void> {
  const config = readConfig(deps.io.env);
  if (opts.profile !== undefined && !config.profiles[opts.profile]) {
    throw new UsageError(`--profile: no profile "${opts.profile}" (profiles: ${Object.keys(config.profiles).join(', ') || 'none'})`);
  }
  const names = profilesWithFileKeys(config, opts.profile === undefined ? undefined : [opts.profile]);
  if (names.length === 0) {
    deps.info(opts.profile === undefined ? 'No key to move: no profile keeps its key in the config file.' : `No key to move: profile "${opts.profile}" keeps no key in the config file.`);
    return;
  }
  await moveKeysToKeyring(deps, config, names);
}
