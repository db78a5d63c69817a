import type { Deps } from '../../cmdutil/factory.js';
import type { View } from '../../output/format.js';
import { profileName, readSetting, SETTING_KEYS } from './keys.js';

interface Row {
  key: string;
  value: string;
  scope: string;
}

const view: View<Row> = { fields: ['key', 'value', 'scope'], columns: ['key', 'value', 'scope'], id: (r) => r.key };

export async function run(deps: Deps): Promise<void> {
  deps.outputFor(view);
  const c = deps.config();
  const profile = profileName(c, undefined, deps.io.env);
  const rows = SETTING_KEYS.map((key) => ({
    key,
    value: String(readSetting(c, key, profile) ?? ''),
    scope: key === 'base-url' || key === 'plan' ? `profile "${profile}"` : 'global',
  }));
  await deps.printList(view, rows);
}
