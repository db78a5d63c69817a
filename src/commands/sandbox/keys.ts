import { sandboxDataDir, type Deps } from '../../cli/factory.js';
import type { View } from '../../output/format.js';

interface KeyRow {
  role: string;
  account: string;
  email: string;
  key: string;
}

const keysView: View<KeyRow> = { fields: ['role', 'account', 'email', 'key'], columns: ['role', 'account', 'email', 'key'], id: (k) => k.key };

export async function run(deps: Deps, _args: unknown[], opts: { data?: string }): Promise<void> {
  deps.outputFor(keysView);
  const { SandboxStore } = await import('../../sandbox/store.js');
  const store = new SandboxStore(opts.data ?? sandboxDataDir(deps.io.env));
  try {
    await deps.printList(keysView, store.keys().map((k) => ({ role: k.role, account: k.account === 'acct_other' ? 'other' : 'main', email: k.email, key: k.key })));
  } finally {
    store.close();
  }
}
