import type { Deps } from '../../cmdutil/factory.js';
import { UsageError } from '../../errors.js';
import { readStdin } from '../../cmdutil/input.js';
import { checkBaseUrl, maskSecret, SANDBOX_PROFILE } from '../../config/resolve.js';
import { configPath, updateConfig, type ConfigFile } from '../../config/store.js';
import type { KeyStorage } from '../../config/keys.js';
import type { Profile } from '../../config/types.js';

interface Opts {
  profile?: string;
  baseUrl?: string;
  withKey?: boolean;
  sandbox?: boolean;
  plan?: string;
  check?: boolean;
  insecureStorage?: boolean;
  keyring?: 'auto' | 'require';
}

/** Where the key is to go: --insecure-storage is the file, --keyring=require the keyring or nothing. */
function storageOf(opts: Opts): KeyStorage {
  if (opts.insecureStorage && opts.keyring === 'require') throw new UsageError('--insecure-storage and --keyring=require contradict each other: pick one');
  return opts.insecureStorage ? 'file' : (opts.keyring ?? 'auto');
}

export async function run(deps: Deps, _args: unknown[], opts: Opts): Promise<void> {
  const io = deps.io;
  const storage = storageOf(opts);
  if (opts.sandbox) {
    if (opts.baseUrl || opts.withKey) throw new UsageError('--sandbox needs no --base-url or key: the embedded sandbox makes its own');
    const name = opts.profile ?? SANDBOX_PROFILE;
    const before = deps.config().profiles[name];
    await updateConfig((c) => {
      c.profiles[name] = { sandbox: true, plan: opts.plan };
      c.currentProfile = name;
    }, io.env);
    await forgetReplacedKey(deps, name, before);
    deps.info(`Profile "${name}" now uses the embedded sandbox; it is the current profile. Try: formctl forms list`);
    return;
  }
  const name = opts.profile ?? deps.config().currentProfile ?? 'default';
  const existing = deps.config().profiles[name];
  let baseUrl = opts.baseUrl ?? io.env.FORMCTL_BASE_URL ?? existing?.baseUrl;
  if (!baseUrl) baseUrl = await deps.prompter().input('API base URL (ending in /v1):', '--base-url URL');
  const checked = checkBaseUrl(baseUrl.trim());
  if (!checked.ok) throw new UsageError(`--base-url: ${checked.message}`);

  let key: string;
  if (opts.withKey) {
    if (io.isStdinTTY) throw new UsageError('--with-key reads the key from stdin: pipe it in, e.g. `formctl auth login --with-key < key.txt`');
    key = (await readStdin(io)).trim();
  } else {
    key = (await deps.prompter().secret('API key:', '--with-key (and pipe the key on stdin)')).trim();
  }
  if (!key) throw new UsageError('the API key is empty');
  if (/\s/.test(key)) throw new UsageError('the API key contains white space; paste only the key');

  // like gh: a key is checked before it is saved, with one request, said up front (--no-check skips it)
  if (opts.check !== false) {
    deps.info(`Checking the key with one request (GET /forms; --no-check skips it)…`);
    const { ApiClient } = await import('../../api/http.js');
    const client = new ApiClient({ baseUrl: checked.url, apiKey: key, retries: 1 });
    try {
      await client.data({ method: 'GET', path: '/forms', query: { page: 1, limit: 1 } });
    } finally {
      client.close();
    }
  }
  const { storeKey } = await import('../../config/keys.js');
  const stored = await storeKey(name, checked.url, key, storage, io.env);
  if (stored.fellBack) deps.info(`No system keyring: ${stored.fellBack}. The key goes into the config file (mode 600) instead; --keyring=require refuses that.`);
  const saved = await updateConfig((c) => {
    c.profiles[name] = { ...c.profiles[name], baseUrl: checked.url, ...stored.fields, plan: opts.plan ?? c.profiles[name]?.plan, sandbox: undefined };
    c.currentProfile = name;
  }, io.env);
  await forgetReplacedKey(deps, name, existing, stored.fields.keyAccount);
  const where = stored.fields.keyStore === 'keyring' ? 'in the system keyring' : `in ${configPath(io.env)}`;
  deps.info(`Logged in to ${checked.url} as profile "${name}" (key ${maskSecret(key)}, ${where})${opts.check !== false ? '; the key works' : ' (not checked)'}.`);
  if (stored.fields.keyStore === 'keyring') await offerMigration(deps, saved);
}

/** A key the profile held in the keyring before, under another account (or now in the file), is deleted there. */
async function forgetReplacedKey(deps: Deps, name: string, before: Profile | undefined, keep?: string): Promise<void> {
  const { forgetKeyringKey } = await import('../../config/keys.js');
  const r = await forgetKeyringKey(name, before, deps.io.env, keep);
  if (r && !r.ok) deps.warn(`the key profile "${name}" had before stays in the system keyring (service formctl, account ${r.account}): ${r.reason}`);
}

/** On a terminal, after a key went into the keyring: the keys other profiles keep in the file can follow it. */
async function offerMigration(deps: Deps, config: ConfigFile): Promise<void> {
  if (!deps.io.canPrompt) return;
  const { profilesWithFileKeys, moveKeysToKeyring } = await import('./migrateKeys.js');
  const names = profilesWithFileKeys(config);
  if (names.length === 0) return;
  const which = names.map((n) => `"${n}"`).join(', ');
  if (await deps.prompter().confirm(`Profile${names.length === 1 ? '' : 's'} ${which} keep${names.length === 1 ? 's its key' : ' their keys'} in the config file in clear text. Move ${names.length === 1 ? 'it' : 'them'} into the system keyring?`, 'formctl auth migrate', true)) {
    await moveKeysToKeyring(deps, config, names);
  }
}
