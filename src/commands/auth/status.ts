import type { Deps } from '../../cmdutil/factory.js';
import { maskSecret } from '../../config/resolve.js';
import { configPath } from '../../config/store.js';
import type { View } from '../../output/format.js';
import { NotLoggedInError } from '../../errors.js';

interface Status {
  profile: string;
  baseUrl: string;
  key: string;
  keySource: string;
  plan: string;
  configFile: string;
  check?: string;
}

const statusView: View<Status> = {
  fields: ['profile', 'baseUrl', 'key', 'keySource', 'plan', 'configFile', 'check'],
  columns: ['profile', 'baseUrl', 'key', 'keySource', 'plan', 'configFile', 'check'],
  id: (s) => s.profile,
};

export async function run(deps: Deps, _args: unknown[], opts: { check?: boolean }): Promise<void> {
  deps.outputFor(statusView);
  const t = deps.target();
  // the key from where it lives: the keyring is asked only when the profile's key is there
  const { findTargetKey } = await import('../../config/keys.js');
  const found = await findTargetKey(t, deps.io.env);
  if (found.problem) deps.warn(found.problem);
  const status: Status = {
    profile: t.profileName + (t.profile ? '' : ' (not set up)'),
    baseUrl: t.sandbox ? 'embedded sandbox' : (t.baseUrl ?? '(none)'),
    key: found.key ? `${maskSecret(found.key)} (${found.source})` : t.sandbox ? 'sandbox owner key' : '(none)',
    keySource: found.source ?? '(none)',
    // the sandbox's plan is its data's, as `formctl --sandbox quota` shows it (read, never created)
    plan: (t.sandbox ? (await (await import('../../cmdutil/ledger.js')).sandboxQuotaUsage(deps)).plan : t.plan) ?? '(unknown)',
    configFile: configPath(deps.io.env),
  };
  if (opts.check) {
    const client = await deps.client();
    await client.data({ method: 'GET', path: '/forms', query: { page: 1, limit: 1 } });
    status.check = 'ok: the key was accepted';
  }
  await deps.printOne(statusView, status);
  // as gh auth status: a script can ask `formctl auth status || formctl auth login …` (exit 4, not logged in)
  if (!t.sandbox && (!found.key || !t.baseUrl)) throw new NotLoggedInError(`not logged in: profile "${t.profileName}" has no ${!t.baseUrl ? 'base URL' : 'API key'} (run \`formctl auth login\`, set FORMCTL_API_KEY and FORMCTL_BASE_URL, or use --sandbox)`);
}
