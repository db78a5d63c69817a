import type { Deps } from '../../cmdutil/factory.js';
import { updateConfig } from '../../config/store.js';
import { parseSetting, profileName, requireKey, writeSetting } from './keys.js';

export async function run(deps: Deps, [key, value]: unknown[], opts: { profile?: string }): Promise<void> {
  const k = requireKey(String(key));
  const parsed = parseSetting(k, String(value));
  await updateConfig((c) => writeSetting(c, k, profileName(c, opts.profile, deps.io.env), parsed), deps.io.env);
}
