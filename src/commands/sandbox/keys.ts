import type { Deps } from '../../cmdutil/factory.js';
import type { View } from '../../output/format.js';
import { withStore } from './openStore.js';

interface KeyRow {
  role: string;
  account: string;
  email: string;
  key: string;
}

const keysView: View<KeyRow> = { fields: ['role', 'account', 'email', 'key'], columns: ['role', 'account', 'email', 'key'], id: (k) => k.key };

export async function run(deps: Deps, _args: unknown[], opts: { data?: string }): Promise<void> {
  deps.outputFor(keysView);
  const keys = await withStore(deps, opts.data, (store) => store.members.seededKeys());
  await deps.printList(keysView, keys.map((k) => ({ role: k.role, account: k.account === 'acct_other' ? 'other' : 'main', email: k.email, key: k.key })));
}
