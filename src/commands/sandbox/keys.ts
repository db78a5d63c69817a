import { OTHER_ACCOUNT } from '../../sandbox/repo/accountIds.js';
import type { Deps } from '../../cmdutil/factory.js';
import type { View } from '../../output/format.js';
import { sandboxSource } from './source.js';

interface KeyRow {
  role: string;
  account: string;
  email: string;
  key: string;
  /** the seeded login password, for the team routes that need one (PATCH /team, reset-password) */
  password: string;
}

const keysView: View<KeyRow> = { fields: ['role', 'account', 'email', 'key', 'password'], columns: ['role', 'account', 'email', 'key', 'password'], id: (k) => k.key };

export async function run(deps: Deps, _args: unknown[], opts: { data?: string }): Promise<void> {
  deps.outputFor(keysView);
  const keys = await sandboxSource(deps, opts.data).keys();
  await deps.printList(keysView, keys.map((k) => ({ role: k.role, account: k.account === OTHER_ACCOUNT ? 'other' : 'main', email: k.email, key: k.key, password: k.password })));
}
