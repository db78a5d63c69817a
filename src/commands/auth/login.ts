import type { Deps } from '../../cmdutil/factory.js';
import { UsageError } from '../../errors.js';
import { readStdin } from '../../cmdutil/input.js';
import { checkBaseUrl, maskSecret, SANDBOX_PROFILE } from '../../config/resolve.js';
import { updateConfig } from '../../config/store.js';

interface Opts {
  profile?: string;
  baseUrl?: string;
  withKey?: boolean;
  sandbox?: boolean;
  plan?: string;
  check?: boolean;
}

export async function run(deps: Deps, _args: unknown[], opts: Opts): Promise<void> {
  const io = deps.io;
  if (opts.sandbox) {
    if (opts.baseUrl || opts.withKey) throw new UsageError('--sandbox needs no --base-url or key: the embedded sandbox makes its own');
    const name = opts.profile ?? SANDBOX_PROFILE;
    await updateConfig((c) => {
      c.profiles[name] = { sandbox: true, plan: opts.plan };
      c.currentProfile = name;
    }, io.env);
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
  await updateConfig((c) => {
    c.profiles[name] = { ...c.profiles[name], baseUrl: checked.url, apiKey: key, plan: opts.plan ?? c.profiles[name]?.plan, sandbox: undefined };
    c.currentProfile = name;
  }, io.env);
  deps.info(`Logged in to ${checked.url} as profile "${name}" (key ${maskSecret(key)})${opts.check !== false ? '; the key works' : ' (not checked)'}.`);
}
