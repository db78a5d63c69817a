import { getWebhook } from '../../api/resources/webhook.js';
import type { Deps } from '../../cmdutil/factory.js';
import { printSettings, settingsView } from './present.js';

export async function run(deps: Deps, _args: unknown[], opts: { showSecret?: boolean }): Promise<void> {
  deps.outputFor(settingsView);
  await printSettings(deps, await getWebhook(await deps.client()), opts.showSecret ? 'full' : 'masked');
}
