import { randomBytes } from 'node:crypto';
import type { z } from 'zod/v4';
import type { WebhookPutBody } from './bodySchemas.js';
import { MAX_WEBHOOK_URL } from '../../domain/limits.js';
import { isLoopbackHost, isNonPublicAddress, webhookUrlProblem } from '../../domain/urls.js';
import { ApiFailure } from '../http.js';
import { route, type RequestContext } from '../instance.js';
import type { WebhookRow } from '../repo/webhooks.js';
import { contractBody } from './bodies.js';

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('hex')}`;
}

function present(row: { enabled: number; url: string; secret: string }) {
  return { enabled: row.enabled === 1, url: row.url, secret: row.secret };
}

/**
 * spec §2.10: the same rule the CLI checks before sending; served beyond loopback, also no address
 * of a private network (a name is checked again when it is resolved, at each delivery).
 */
function checkUrl(ctx: RequestContext, url: string): void {
  const problem = webhookUrlProblem(url, MAX_WEBHOOK_URL);
  if (problem) throw new ApiFailure(400, problem);
  const host = new URL(url).hostname;
  if (ctx.sb.publicTargetsOnly && (isLoopbackHost(host) || isNonPublicAddress(host))) {
    throw new ApiFailure(400, 'url must be a public address: this sandbox is served beyond loopback and delivers to no loopback, private or link-local address');
  }
}

/** spec §3: the webhook state table. */
function putWebhook(ctx: RequestContext, body: z.infer<typeof WebhookPutBody>) {
  const url = body.url.trim();
  const current = ctx.store.webhooks.get(ctx.account.id);
  const secret = () => (body.rotateSecret === true || current.secret === '' ? newWebhookSecret() : current.secret);
  let next: WebhookRow;
  if (body.enabled) {
    // enabling needs a URL; the secret is made if none exists and kept when the URL changes
    if (url === '') throw new ApiFailure(400, 'url is required to enable the webhook');
    checkUrl(ctx, url);
    next = { account_id: ctx.account.id, enabled: 1, url, secret: secret() };
  } else if (url === '') {
    // disabled with an empty URL clears URL and secret
    if (body.rotateSecret) throw new ApiFailure(400, 'rotateSecret needs a non-empty url');
    next = { account_id: ctx.account.id, enabled: 0, url: '', secret: '' };
  } else {
    // not in the spec's table: disabled but the URL (and its secret) kept for later (docs/sandbox.md)
    checkUrl(ctx, url);
    next = { account_id: ctx.account.id, enabled: 0, url, secret: secret() };
  }
  ctx.store.webhooks.put(next);
  return present(next);
}

// spec §4.5: Owner and Admin only; Editor and Viewer get 403
export const webhookRoutes = [
  route({ operationId: 'getWebhook', method: 'GET', path: '/account/webhook', action: 'webhook.read', handler: (ctx) => present(ctx.store.webhooks.get(ctx.account.id)) }),
  route({ operationId: 'putWebhook', method: 'PUT', path: '/account/webhook', action: 'webhook.write', body: contractBody('WebhookPutBody'), handler: putWebhook }),
];
