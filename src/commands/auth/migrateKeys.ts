import type { Deps } from '../../cmdutil/factory.js';
import type { StoredKey } from '../../config/keys.js';
import { maskSecret } from '../../config/resolve.js';
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
  // stored as a login stores it (config/keys.ts storeKey), without falling back to the file
  const { storeKey } = await import('../../config/keys.js');
  const moved = new Map<string, Moved>();
  for (const name of names) {
    const p = config.profiles[name]!;
    const stored = await storeKey(name, p.baseUrl, p.apiKey!, 'auto', deps.io.env);
    if (stored.fellBack !== undefined) {
      const done = moved.size ? ` (moved before it stopped: ${[...moved.keys()].map((n) => `"${n}"`).join(', ')})` : '';
      if (moved.size) await dropFileKeys(deps, moved);
      throw new ExitWith(1, `no system keyring: ${stored.fellBack}; the key of profile "${name}" stays in ${configPath(deps.io.env)}${done}`);
    }
    moved.set(name, { key: p.apiKey!, fields: stored.fields });
  }
  await dropFileKeys(deps, moved);
  for (const [name, { key, fields }] of moved) deps.info(`Moved the key of profile "${name}" (${maskSecret(key)}) into the system keyring (account ${fields.keyAccount}); the config file no longer holds it.`);
  return [...moved.keys()];
}

interface Moved {
  key: string;
  fields: StoredKey['fields'];
}

async function dropFileKeys(deps: Deps, moved: Map<string, Moved>): Promise<void> {
  await updateConfig((c) => {
    for (const [name, { key, fields }] of moved) {
      const p = c.profiles[name];
      if (p?.apiKey !== key) continue;
      c.profiles[name] = { ...p, ...fields };
    }
  }, deps.io.env);
}
