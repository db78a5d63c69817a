import type { Deps } from '../../cmdutil/factory.js';
import { sandboxDataDir } from '../../config/store.js';
import type { SandboxStore } from '../../sandbox/repo/store.js';

/** Reads a sandbox's data dir directly (no server needed), closing the store afterwards. */
export async function withStore<T>(deps: Deps, dataDir: string | undefined, read: (store: SandboxStore) => T | Promise<T>): Promise<T> {
  const { SandboxStore } = await (await import('../../sandbox/entry.js')).sandboxStore();
  const store = new SandboxStore(dataDir ?? sandboxDataDir(deps.io.env));
  try {
    return await read(store);
  } finally {
    store.close();
  }
}
