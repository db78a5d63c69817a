import { readInputBytes } from '../../cmdutil/input.js';
import type { WebhookSettings } from '../../api/resources/webhook.js';
import type { Deps } from '../../cmdutil/factory.js';
import { UsageError } from '../../errors.js';
import { maskSecret } from '../../config/resolve.js';
import { MAX_WEBHOOK_URL } from '../../domain/limits.js';
import { webhookUrlProblem } from '../../domain/urls.js';
import type { View } from '../../output/format.js';

export const settingsView: View<WebhookSettings> = { fields: ['enabled', 'url', 'secret'], columns: ['enabled', 'url', 'secret'], id: (w) => w.url };

/** The secret only where the command shows it (get, rotate), masked unless asked. */
export async function printSettings(deps: Deps, s: WebhookSettings, secret: 'masked' | 'full' | 'hidden'): Promise<void> {
  const shown = { ...s, secret: secret === 'full' ? s.secret : secret === 'masked' ? maskSecret(s.secret) : undefined } as WebhookSettings;
  if (secret === 'hidden') delete (shown as Partial<WebhookSettings>).secret;
  await deps.printOne({ ...settingsView, fields: secret === 'hidden' ? ['enabled', 'url'] : settingsView.fields }, shown);
}

/** spec §2.10, checked before sending (the sandbox applies the same rule). */
export function checkWebhookUrl(raw: string): string {
  const url = raw.trim();
  const problem = webhookUrlProblem(url, MAX_WEBHOOK_URL);
  if (problem) throw new UsageError(problem.replace(/^url\b/, 'the webhook URL'));
  return url;
}

/**
 * The webhook secret from `--secret-file FILE` (or `-` for stdin), else FORMCTL_WEBHOOK_SECRET: like
 * the API key, never a flag value (flag values show in `ps` and shell history).
 */
export async function secretFromFileOrEnv(deps: Deps, file: string | undefined): Promise<string | undefined> {
  if (file !== undefined) {
    const text = (await readInputBytes(deps.io, file, '--secret-file')).toString('utf8').trim();
    if (!text) throw new UsageError(`--secret-file ${file}: the file is empty`);
    return text;
  }
  return deps.io.env.FORMCTL_WEBHOOK_SECRET || undefined;
}
