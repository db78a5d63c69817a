import type { Deps } from '../../cmdutil/factory.js';
import { maskSecret } from '../../config/resolve.js';
import type { View } from '../../output/format.js';

interface Row {
  name: string;
  current: boolean;
  baseUrl: string;
  key: string;
  plan: string;
}

const view: View<Row> = { fields: ['name', 'current', 'baseUrl', 'key', 'plan'], columns: ['name', 'current', 'baseUrl', 'key', 'plan'], id: (r) => r.name };

export async function run(deps: Deps): Promise<void> {
  deps.outputFor(view);
  const c = deps.config();
  const rows = Object.entries(c.profiles).map(([name, p]) => ({
    name,
    current: name === c.currentProfile,
    baseUrl: p.sandbox ? 'embedded sandbox' : (p.baseUrl ?? ''),
    // the keyring is not asked for every profile: auth status shows the one in use
    key: p.keyStore === 'keyring' ? '(system keyring)' : p.apiKey ? `${maskSecret(p.apiKey)} (config file)` : '',
    plan: p.plan ?? '',
  }));
  await deps.printList({ ...view, empty: 'No profiles yet. Log in: formctl auth login (or try one without an account: formctl --sandbox forms list)' }, rows);
}
