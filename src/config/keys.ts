import { ExitWith, NotLoggedInError } from '../errors.js';
import { KEYRING_SERVICE } from './keyring.js';
import { keyringAccount, profileKeyAccount, type KeySource, type Target } from './resolve.js';
import type { Profile } from './types.js';

// Where a profile's key lives, and the moves between the two places: the system keyring (the
// default, like gh) or the config file (mode 0600: no keyring answered, or --insecure-storage).
// The keyring module (config/keyring.ts) is imported only on the paths that really use it.

export interface KeyFound {
  key: string | undefined;
  source: KeySource | undefined;
  /** why a key that should be in the keyring could not be had, with what to do */
  problem?: string;
}

/** The target's key and where it came from; the keyring is asked only when the key lives there. */
export function findTargetKey(t: Target, env: NodeJS.ProcessEnv): Promise<KeyFound> {
  // once per target (a run resolves one): doctor and the client both ask, and a locked keyring
  // must not be asked twice, nor answer twice differently
  let found = FOUND.get(t);
  if (!found) FOUND.set(t, (found = readTargetKey(t, env)));
  return found;
}

const FOUND = new WeakMap<Target, Promise<KeyFound>>();

async function readTargetKey(t: Target, env: NodeJS.ProcessEnv): Promise<KeyFound> {
  if (!t.keyAccount) return { key: t.apiKey, source: t.keySource };
  const { keyringRead } = await import('./keyring.js');
  const r = await keyringRead(t.keyAccount, env);
  if (r.ok && r.value) return { key: r.value, source: 'system keyring' };
  // then the file: a profile edited by hand may hold both
  if (t.profile?.apiKey) return { key: t.profile.apiKey, source: 'config file' };
  const where = `service ${KEYRING_SERVICE}, account ${t.keyAccount}`;
  const problem = r.ok
    ? `no key for profile "${t.profileName}" in the system keyring (${where}): log in again with \`formctl auth login --profile ${t.profileName}\``
    : `cannot read the key of profile "${t.profileName}" from the system keyring (${where}): ${r.reason}; unlock the keyring, set FORMCTL_API_KEY, or log in again with --insecure-storage`;
  return { key: undefined, source: 'system keyring', problem };
}

/** The key for requests; a keyring that holds none or does not answer stops the command (exit 4). */
export async function keyForRequests(t: Target, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const found = await findTargetKey(t, env);
  if (found.problem) throw new NotLoggedInError(found.problem);
  return found.key;
}

/** auto: the keyring when one answers, else the file; require: the keyring or nothing; file: --insecure-storage. */
export type KeyStorage = 'auto' | 'require' | 'file';

export interface StoredKey {
  /** the profile's key fields, to write into the config file */
  fields: Pick<Profile, 'apiKey' | 'keyStore' | 'keyAccount'>;
  /** why the key went into the file although the keyring was asked */
  fellBack?: string;
}

/** Stores a profile's key where `storage` says; with `require`, a keyring that does not answer is exit 1. */
export async function storeKey(profileName: string, baseUrl: string | undefined, key: string, storage: KeyStorage, env: NodeJS.ProcessEnv): Promise<StoredKey> {
  const inFile: StoredKey['fields'] = { apiKey: key, keyStore: undefined, keyAccount: undefined };
  if (storage === 'file') return { fields: inFile };
  const account = keyringAccount(profileName, baseUrl);
  const { keyringWrite } = await import('./keyring.js');
  const r = await keyringWrite(account, key, env);
  if (r.ok) return { fields: { apiKey: undefined, keyStore: 'keyring', keyAccount: account } };
  if (storage === 'require') throw new ExitWith(1, `no system keyring: ${r.reason}; nothing was saved (--keyring=require)`);
  return { fields: inFile, fellBack: r.reason };
}

/**
 * Deletes a profile's key from the keyring when it is there (the file's copy goes with the profile).
 * Undefined when there was nothing to delete there, else the keyring's answer.
 */
export async function forgetKeyringKey(profileName: string, profile: Profile | undefined, env: NodeJS.ProcessEnv, keep?: string): Promise<{ account: string; ok: boolean; reason?: string } | undefined> {
  const account = profileKeyAccount(profileName, profile);
  if (account === undefined || account === keep) return undefined;
  const { keyringDelete } = await import('./keyring.js');
  const r = await keyringDelete(account, env);
  return r.ok ? { account, ok: true } : { account, ok: false, reason: r.reason };
}
