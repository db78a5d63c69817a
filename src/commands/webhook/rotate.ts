import { getWebhook, putWebhook } from '../../api/resources/webhook.js';
import type { Deps } from '../../cmdutil/factory.js';
import { CancelError, UsageError } from '../../errors.js';
import { printSettings, settingsView } from './present.js';

export async function run(deps: Deps, _args: unknown[], opts: { showSecret?: boolean; yes?: boolean }): Promise<void> {
  deps.outputFor(settingsView);
  // the receivers verifying with the old secret refuse every delivery from then on, as `disable` stops
  // them: asked first, before any request, as disable asks (refused off a terminal without --yes)
  if (!opts.yes && !(await deps.prompter().confirm('Make a new webhook secret? Receivers reject deliveries until they verify with it.', '--yes'))) throw new CancelError('nothing changed');
  const client = await deps.client();
  // spec §3: rotation needs the (non-empty) URL in the same PUT
  const current = await getWebhook(client);
  if (!current.url) throw new UsageError('no webhook URL is set: run `formctl webhook enable URL` first');
  const s = await putWebhook(client, { enabled: current.enabled, url: current.url, rotateSecret: true });
  await printSettings(deps, s, opts.showSecret ? 'full' : 'masked');
  deps.info('New secret made: receivers must verify with it from now on.');
}
