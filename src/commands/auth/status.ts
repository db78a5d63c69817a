import type { Deps } from '../../cmdutil/factory.js';
import { maskSecret } from '../../config/resolve.js';
import { configPath } from '../../config/store.js';
import type { View } from '../../output/format.js';

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
  const status: Status = {
    profile: t.profileName + (t.profile ? '' : ' (not set up)'),
    baseUrl: t.sandbox ? 'embedded sandbox' : (t.baseUrl ?? '(none)'),
    key: t.apiKey ? maskSecret(t.apiKey) : t.sandbox ? 'sandbox owner key' : '(none)',
    keySource: t.keySource ?? '(none)',
    plan: t.plan ?? '(unknown)',
    configFile: configPath(deps.io.env),
  };
  if (opts.check) {
    const client = await deps.client();
    await client.data({ method: 'GET', path: '/forms', query: { page: 1, limit: 1 } });
    status.check = 'ok: the key was accepted';
  }
  await deps.printOne(statusView, status);
}
