import type { ApiClient } from '../http.js';

/** spec §2.10 / §4.5 */
export interface WebhookSettings {
  enabled: boolean;
  url: string;
  secret: string;
}

export const getWebhook = (c: ApiClient) => c.data<WebhookSettings>({ method: 'GET', path: '/account/webhook' });

export const putWebhook = (c: ApiClient, body: { enabled: boolean; url: string; rotateSecret?: boolean }) =>
  c.data<WebhookSettings>({ method: 'PUT', path: '/account/webhook', body });
