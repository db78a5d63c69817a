import type { Deps } from '../../cmdutil/factory.js';
import { updateConfig } from '../../config/store.js';
import { profileName, requireKey, writeSetting } from './keys.js';

export async function run(deps: Deps, [key]: unknown[], opts: { profile?: string }): Promise<void> {
  const k = requireKey(String(key));
  await updateConfig((c) => writeSetting(c, k, profileName(c, opts.profile, deps.io.env), undefined), deps.io.env);
}
