import type { WebhookSettings } from '../../api/resources/webhook.js';
import type { Deps } from '../../cli/factory.js';
import { UsageError } from '../../cli/errors.js';
import { isLoopbackHost } from '../../domain/urls.js';
import type { View } from '../../output/format.js';

export const settingsView: View<WebhookSettings> = { fields: ['enabled', 'url', 'secret'], columns: ['enabled', 'url', 'secret'], id: (w) => w.url };

/** `whsec_…9f3a`: enough to tell secrets apart, never enough to sign. */
export function maskSecret(secret: string): string {
  if (!secret) return '';
  return `${secret.slice(0, Math.min(6, secret.indexOf('_') + 1 || 3))}…${secret.slice(-4)}`;
}

/** The secret only where the command shows it (get, rotate), masked unless asked. */
export async function printSettings(deps: Deps, s: WebhookSettings, secret: 'masked' | 'full' | 'hidden'): Promise<void> {
  const shown = { ...s, secret: secret === 'full' ? s.secret : secret === 'masked' ? maskSecret(s.secret) : undefined } as WebhookSettings;
  if (secret === 'hidden') delete (shown as Partial<WebhookSettings>).secret;
  await deps.printOne({ ...settingsView, fields: secret === 'hidden' ? ['enabled', 'url'] : settingsView.fields }, shown);
}

export const MAX_WEBHOOK_URL = 2048;

/** spec §2.10: at most 2,048 characters; https, or http to a loopback host. Checked before sending. */
export function checkWebhookUrl(raw: string): string {
  const url = raw.trim();
  if (url.length > MAX_WEBHOOK_URL) throw new UsageError(`URL: at most ${MAX_WEBHOOK_URL} characters (this one has ${url.length})`);
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new UsageError(`URL: "${raw}" is not an absolute URL`);
  }
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && isLoopbackHost(u.hostname))) throw new UsageError('URL: must use https (http only for a loopback host, for local development)');
  return url;
}

export function secretFromFlagOrEnv(deps: Deps, flag: string | undefined): string | undefined {
  return flag ?? (deps.io.env.FORMCTL_WEBHOOK_SECRET || undefined);
}
