import { putWebhook } from '../../api/resources/webhook.js';
import type { Deps } from '../../cmdutil/factory.js';
import { CancelError } from '../../errors.js';

export async function run(deps: Deps, _args: unknown[], opts: { yes?: boolean }): Promise<void> {
  if (!opts.yes && !(await deps.prompter().confirm('Disable the webhook? Its URL and secret are cleared.', '--yes'))) throw new CancelError('nothing changed');
  // spec §3: enabled false with an empty URL clears the URL and the secret
  await putWebhook(await deps.client(), { enabled: false, url: '' });
  deps.info('Webhook disabled; URL and secret cleared.');
}
