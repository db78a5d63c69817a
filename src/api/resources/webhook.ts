import type { ApiClient } from '../http.js';

import type { WebhookPutBody, WebhookSettings } from '../../domain/contract/schemas.js';

/** spec §2.10 / §4.5 */
export type { WebhookSettings };

export const getWebhook = (c: ApiClient) => c.data<WebhookSettings>({ method: 'GET', path: '/account/webhook' });

export const putWebhook = (c: ApiClient, body: WebhookPutBody) =>
  c.data<WebhookSettings>({ method: 'PUT', path: '/account/webhook', body });
