import type { Deps } from '../../cmdutil/factory.js';
import { keyringAccount, maskSecret } from '../../config/resolve.js';
import { configPath, updateConfig, type ConfigFile } from '../../config/store.js';
import { ExitWith } from '../../errors.js';

/** The profiles whose key is in the config file in clear text (sandbox profiles have none). */
export function profilesWithFileKeys(config: ConfigFile, only?: string[]): string[] {
  return Object.entries(config.profiles)
    .filter(([name, p]) => p.apiKey && p.keyStore !== 'keyring' && !p.sandbox && (!only || only.includes(name)))
    .map(([name]) => name);
}

/**
 * Moves the keys of `names` from the config file into the system keyring. A key leaves the file
 * only once the keyring has given it back (keyringWrite reads it back), and only if the file still
 * holds that same key (another login may have changed the profile meanwhile). A keyring that does
 * not answer moves nothing and is exit 1, the file left as it was.
 */
export async function moveKeysToKeyring(deps: Deps, config: ConfigFile, names: string[]): Promise<string[]> {
  const { keyringWrite } = await import('../../config/keyring.js');
  const profiles = config.profiles;
  const moved = new Map<string, { key: string; account: string }>();
  for (const name of names) {
    const p = profiles[name]!;
    const account = keyringAccount(name, p.baseUrl);
    const r = await keyringWrite(account, p.apiKey!, deps.io.env);
    if (!r.ok) {
      const done = moved.size ? ` (moved before it stopped: ${[...moved.keys()].map((n) => `"${n}"`).join(', ')})` : '';
      if (moved.size) await dropFileKeys(deps, moved);
      throw new ExitWith(1, `no system keyring: ${r.reason}; the key of profile "${name}" stays in ${configPath(deps.io.env)}${done}`);
    }
    moved.set(name, { key: p.apiKey!, account });
  }
  await dropFileKeys(deps, moved);
  for (const [name, { key, account }] of moved) deps.info(`Moved the key of profile "${name}" (${maskSecret(key)}) into the system keyring (account ${account}); the config file no longer holds it.`);
  return [...moved.keys()];
}

async function dropFileKeys(deps: Deps, moved: Map<string, { key: string; account: string }>): Promise<void> {
  await updateConfig((c) => {
    for (const [name, { key, account }] of moved) {
      const p = c.profiles[name];
      if (p?.apiKey !== key) continue;
      c.profiles[name] = { ...p, apiKey: undefined, keyStore: 'keyring', keyAccount: account };
    }
  }, deps.io.env);
}
