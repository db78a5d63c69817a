import type { Deps } from '../../cmdutil/factory.js';
import { profileName, readSetting, requireKey } from './keys.js';

export async function run(deps: Deps, [key]: unknown[], opts: { profile?: string }): Promise<void> {
  const k = requireKey(String(key));
  const c = deps.config();
  const value = readSetting(c, k, profileName(c, opts.profile, deps.io.env));
  if (value !== undefined) deps.io.stdout.write(`${value}\n`);
}
