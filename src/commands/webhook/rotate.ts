import { getWebhook, putWebhook } from '../../api/resources/webhook.js';
import type { Deps } from '../../cmdutil/factory.js';
import { UsageError } from '../../errors.js';
import { printSettings, settingsView } from './present.js';

export async function run(deps: Deps, _args: unknown[], opts: { showSecret?: boolean }): Promise<void> {
  deps.outputFor(settingsView);
  const client = await deps.client();
  // spec §3: rotation needs the (non-empty) URL in the same PUT
  const current = await getWebhook(client);
  if (!current.url) throw new UsageError('no webhook URL is set: run `formctl webhook enable URL` first');
  const s = await putWebhook(client, { enabled: current.enabled, url: current.url, rotateSecret: true });
  await printSettings(deps, s, opts.showSecret ? 'full' : 'masked');
  deps.info('New secret made: receivers must verify with it from now on.');
}
