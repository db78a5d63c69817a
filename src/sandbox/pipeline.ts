import type { IncomingMessage, ServerResponse } from 'node:http';
import { decideAccess, type Action } from '../domain/roles.js';
import { utcMonth } from '../domain/instants.js';
import type { PickedFault } from './faults.js';
import { ApiFailure, JsonText, RawReply, envelopeOf, failure, readJsonBody, sendJson, sendRaw } from './http.js';
import type { ApiRoute, RequestContext, SandboxInstance } from './instance.js';
import { FORM_LOADERS } from './resources.js';
import type { FormRow } from './repo/forms.js';
import type { MemberRow } from './repo/members.js';
import type { RouteTable } from './routing.js';

/** Waits ms, or less when the sandbox closes meanwhile (unref: it never keeps a process alive). */
function sleep(ms: number, closing: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (closing.aborted) return resolve();
    const timer = setTimeout(done, ms).unref();
    function done() {
      clearTimeout(timer);
      closing.removeEventListener('abort', done);
      resolve();
    }
    closing.addEventListener('abort', done, { once: true });
  });
}

export const API_PREFIX = '/v1';
export const QUOTA_MESSAGE = 'Sorry, your API request limit has been reached';
export const INACTIVE_PLAN_MESSAGE = 'You have a free plan. You can purchase or renew a paid plan to be able to continue.';
export const THROTTLE_MESSAGE = 'Too many requests. Please try again later.';

/** spec §5: the role table, with the form's creator for the "own" verdict. */
export function authorize(member: MemberRow, action: Action, form?: FormRow): void {
  const d = decideAccess(member.user_type, action, form ? form.creator_id === member.id : undefined);
  if (!d.ok) throw new ApiFailure(d.status, d.message);
}

/** spec §5 rule 1: `Authorization: Bearer <API_KEY>` */
function bearerKey(req: IncomingMessage): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
}

/** Answers an injected fault before the API sees the request; false when the request goes on. */
async function injectFault(fault: PickedFault | null, req: IncomingMessage, res: ServerResponse, closing: AbortSignal): Promise<'dropped' | 'answered' | false> {
  if (!fault) return false;
  if (fault.kind === 'latency') await sleep(fault.profile.latencyMs, closing);
  // a client that left during the hold: its request goes no further, whatever the route would read
  // (a JSON body, a multipart upload), so nothing waits on a body that will never come
  if (req.destroyed) return 'dropped';
  if (fault.kind === 'drop') {
    req.socket.destroy();
    return 'dropped';
  }
  if (fault.kind === '500' || fault.kind === '503' || fault.kind === '429') {
    const status = Number(fault.kind);
    const headers: Record<string, string> = status === 429 ? { 'retry-after': String(fault.profile.retryAfterSeconds) } : {};
    const message = status === 429 ? THROTTLE_MESSAGE : status === 503 ? 'Service temporarily unavailable' : 'Internal server error';
    sendJson(res, status, failure(status, message), headers);
    return 'answered';
  }
  return false;
}

/**
 * The one request pipeline of API v1, in the order of spec §7 after an injected fault (a test's, by
 * `/_sandbox/faults`): route (404) → key (401) → monthly
 * quota (429) → subscription (400) → plan and feature limits (400) → access (403/400, from the
 * role table, after loading the form the path names) → body (400) → handler → envelope.
 */
export async function handleApi(sb: SandboxInstance, routes: RouteTable<ApiRoute<any>>, req: IncomingMessage, res: ServerResponse, url: URL, origin: string): Promise<void> {
  const started = performance.now();
  const method = req.method ?? 'GET';
  const path = url.pathname.slice(API_PREFIX.length) || '/';
  let memberId: string | null = null;
  const key = bearerKey(req);
  const fault = sb.faults.pick({ method, path, key });
  const log = (status: number) =>
    sb.store.requests.add({ at: sb.now().toISOString(), method, path: url.pathname + url.search, status, memberId, ms: performance.now() - started, fault: fault?.kind ?? null });

  const injected = await injectFault(fault, req, res, sb.closing);
  if (injected) return log(injected === 'dropped' ? 0 : res.statusCode);

  let status = 200;
  let operationId: string | undefined;
  try {
    const match = routes.match(method, path);
    if (!match) throw new ApiFailure(404, `Route not found: ${method} ${url.pathname}`);
    const member = key ? sb.store.members.byKey(key) : undefined;
    if (!member) throw new ApiFailure(401, key ? 'Invalid API key' : 'Missing API key: send Authorization: Bearer <API_KEY>');
    // docs/sandbox.md: a blocked member's key stops working at once, as an invalid key would (401)
    if (member.blocked === 1) throw new ApiFailure(401, 'This API key belongs to a blocked team member');
    memberId = member.id;
    operationId = match.route.operationId;
    const account = sb.store.accounts.get(member.account_id);
    // spec §8: every authenticated request counts; an exhausted quota → 429
    if (!sb.store.usage.consume(account.id, utcMonth(sb.now().getTime()), sb.store.accounts.monthlyLimit(account)).allowed) throw new ApiFailure(429, QUOTA_MESSAGE);
    // spec §7: an inactive subscription → 400
    if (account.subscription === 'expired') throw new ApiFailure(400, INACTIVE_PLAN_MESSAGE);
    let body: Promise<unknown> | undefined;
    const ctx: RequestContext = {
      sb, store: sb.store, now: sb.now, req, res, url, params: match.params, query: url.searchParams, origin, member, account, fault,
      json: () => (body ??= readJsonBody(req).then((b) => checkRequest(sb, req, match.route.operationId, b))),
      authorize: (action, form) => authorize(member, action, form),
    };
    const data = await runRoute(match.route, ctx);
    if (fault?.kind === 'drop-after') {
      req.socket.destroy();
      return log(0);
    }
    if (data instanceof RawReply) sendRaw(res, data);
    else status = respond(sb, res, operationId, 200, data instanceof JsonText ? data : envelopeOf(data));
  } catch (e) {
    const err = e instanceof ApiFailure ? e : new ApiFailure(500, 'Internal server error');
    if (!(e instanceof ApiFailure)) process.stderr.write(`sandbox: ${(e as Error)?.stack ?? String(e)}\n`);
    // drain an unread body so keep-alive connections stay usable
    if (!req.readableEnded) req.resume();
    status = respond(sb, res, operationId, err.status, failure(err.status, err.message, err.data), err.headers);
  }
  log(status);
}

/** Sends a JSON answer; with contract checks on, one that does not match the description becomes a 500. */
function respond(sb: SandboxInstance, res: ServerResponse, operationId: string | undefined, status: number, body: Record<string, unknown> | JsonText, headers: Record<string, string> = {}): number {
  // a body serialised already is checked as what the client will parse
  const violation = sb.contract?.checkResponse(operationId, status, body instanceof JsonText ? JSON.parse(body.text) : body);
  if (violation) {
    sendJson(res, 500, failure(500, violation));
    return 500;
  }
  sendJson(res, status, body, headers);
  return status;
}

/** With contract checks on, a JSON body sent by formctl's own commands must match the description. */
function checkRequest(sb: SandboxInstance, req: IncomingMessage, operationId: string, body: unknown): unknown {
  // raw calls (`formctl api`, tests' fetch) may send anything on purpose; the commands may not
  if (sb.contract && /^formctl\/\S+$/.test(req.headers['user-agent'] ?? '')) {
    const violation = sb.contract.checkRequest(operationId, body);
    if (violation) throw new ApiFailure(400, violation);
  }
  return body;
}

async function runRoute(route: ApiRoute<unknown>, ctx: RequestContext): Promise<unknown> {
  await route.gate?.(ctx);
  // DELETE /forms/{qrId}/uploads/{fileId} takes any segment as :anyQrId, to answer 400 for a malformed one (spec §4.2)
  if (route.form) ctx.form = FORM_LOADERS[route.form](ctx.store, ctx.account.id, (ctx.params.qrId ?? ctx.params.anyQrId)!);
  ctx.authorize(route.action, ctx.form);
  const body = route.body ? await route.body(await ctx.json(), ctx) : undefined;
  return route.handler(ctx, body);
}
