import { putWebhook } from '../../api/resources/webhook.js';
import type { Deps } from '../../cmdutil/factory.js';
import { checkWebhookUrl, printSettings, settingsView } from './present.js';

export async function run(deps: Deps, [url]: unknown[]): Promise<void> {
  const checked = checkWebhookUrl(String(url));
  deps.outputFor(settingsView);
  const s = await putWebhook(await deps.client(), { enabled: true, url: checked });
  await printSettings(deps, s, 'hidden');
  deps.info(`Deliveries of submission.created go to ${s.url}. See the signing secret with \`formctl webhook get --show-secret\`.`);
}
