import { getWebhook, putWebhook } from '../../api/resources/webhook.js';
import type { Deps } from '../../cmdutil/factory.js';
import { checkWebhookUrl, printSettings, settingsView } from './present.js';

export async function run(deps: Deps, [url]: unknown[]): Promise<void> {
  const checked = checkWebhookUrl(String(url));
  deps.outputFor(settingsView);
  const client = await deps.client();
  // keeps enabled as it is: one read first (spec §3: a new URL keeps the secret)
  const current = await getWebhook(client);
  const s = await putWebhook(client, { enabled: current.enabled, url: checked });
  await printSettings(deps, s, 'hidden');
}
