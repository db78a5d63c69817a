import { ApiFailure, asObject, type RequestContext } from '../http.js';
import type { Route } from '../router.js';
import { MAX_WEBHOOK_URL } from '../../domain/limits.js';
import { webhookUrlProblem } from '../../domain/urls.js';
import { newWebhookSecret, webhookOf } from '../webhooks.js';

/** spec §4.5: owner and Admin only; Editor and Viewer get 403. */
function assertManager(ctx: RequestContext): void {
  const role = ctx.member.user_type;
  if (role !== 'Owner' && role !== 'Admin') throw new ApiFailure(403, `${role}s cannot manage the webhook`);
}

function present(row: { enabled: number; url: string; secret: string }) {
  return { enabled: row.enabled === 1, url: row.url, secret: row.secret };
}

function getWebhook(ctx: RequestContext) {
  assertManager(ctx);
  return present(webhookOf(ctx.store, ctx.account.id));
}

/** spec §2.10: the same rule the CLI checks before sending. */
function checkUrl(url: string): void {
  const problem = webhookUrlProblem(url, MAX_WEBHOOK_URL);
  if (problem) throw new ApiFailure(400, problem);
}

async function putWebhook(ctx: RequestContext) {
  assertManager(ctx);
  const body = asObject(await ctx.readJson());
  const extra = Object.keys(body).filter((k) => !['enabled', 'url', 'rotateSecret'].includes(k));
  if (extra.length) throw new ApiFailure(400, `Unknown propert${extra.length > 1 ? 'ies' : 'y'}: ${extra.join(', ')}`);
  if (typeof body.enabled !== 'boolean') throw new ApiFailure(400, 'enabled must be true or false');
  if (typeof body.url !== 'string') throw new ApiFailure(400, 'url must be a string');
  if (body.rotateSecret !== undefined && typeof body.rotateSecret !== 'boolean') throw new ApiFailure(400, 'rotateSecret must be true or false');
  const url = body.url.trim();
  const current = webhookOf(ctx.store, ctx.account.id);
  let next: { enabled: number; url: string; secret: string };
  if (body.enabled) {
    // spec §3: enabling needs a URL; the secret is made if none exists and kept when the URL changes
    if (url === '') throw new ApiFailure(400, 'url is required to enable the webhook');
    checkUrl(url);
    next = { enabled: 1, url, secret: body.rotateSecret === true || current.secret === '' ? newWebhookSecret() : current.secret };
  } else if (url === '') {
    // spec §3: disabled with an empty URL clears URL and secret
    if (body.rotateSecret) throw new ApiFailure(400, 'rotateSecret needs a non-empty url');
    next = { enabled: 0, url: '', secret: '' };
  } else {
    // not in the spec's table: disabled but the URL (and its secret) kept for later
    checkUrl(url);
    next = { enabled: 0, url, secret: body.rotateSecret === true || current.secret === '' ? newWebhookSecret() : current.secret };
  }
  ctx.store
    .sql(`INSERT INTO webhooks (account_id, enabled, url, secret) VALUES (?, ?, ?, ?) ON CONFLICT (account_id) DO UPDATE SET enabled = excluded.enabled, url = excluded.url, secret = excluded.secret`)
    .run(ctx.account.id, next.enabled, next.url, next.secret);
  return present(next);
}

export const webhookRoutes: Route[] = [
  { method: 'GET', path: '/account/webhook', handler: getWebhook },
  { method: 'PUT', path: '/account/webhook', handler: putWebhook },
];
