import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod/v4';
import { PLANS } from '../../domain/plans.js';
import { utcMonth } from '../../domain/instants.js';
import { isLoopbackHost } from '../../domain/urls.js';
import { parseFaultProfile, parseFaultRule } from '../faults.js';
import { ApiFailure, failure, readJsonBody, sendJson, success } from '../http.js';
import type { SandboxInstance } from '../instance.js';
import { MAIN_ACCOUNT, OTHER_ACCOUNT } from '../repo/store.js';
import { RouteTable, type PathRoute } from '../routing.js';
import { zodBody } from '../routes/bodies.js';
import { seedScans, seedSubmissions } from './seed.js';

/** A /_sandbox route: the API's pipeline minus key and quota (docs/sandbox.md, "Routes"). */
interface AdminRoute<B = unknown> extends PathRoute {
  /** sent as is, not in the envelope */
  bare?: boolean;
  body?(raw: unknown): B;
  handler(sb: SandboxInstance, body: B, query: URLSearchParams): unknown;
}

const admin = <B = undefined>(r: AdminRoute<B>): AdminRoute<B> => r;

const FaultBody = z.object({ spec: z.string({ error: 'expected {"spec": "rate=…,kinds=…"}' }) });

/** The clock moves within a century of the real one: far enough for any test, never past a valid Date. */
export const MAX_CLOCK_OFFSET_MS = 100 * 366 * 86_400_000;

/** a count of requests or submissions: a whole number a SQLite integer and a JSON number both hold */
const quotaOf = (name: string) => {
  const error = `${name} must be a whole number, 0 or more, or null`;
  return z.number({ error }).int({ error }).min(0, { error }).nullable().optional();
};

const AccountBody = z.object({
  account: z.enum(['main', 'other']).optional(),
  plan: z.enum(PLANS, { error: 'plan must be free, starter, business, professional or enterprise' }).optional(),
  subscription: z.enum(['active', 'expired'], { error: 'subscription must be active or expired' }).optional(),
  quota: quotaOf('quota'),
  submissionQuota: quotaOf('submissionQuota'),
});

const seedError = { error: 'expected {qrId, count (1 to 5,000,000), atMs?}' };
// a seeded time lies where the sandbox clock can be (within a century of the real time), so every
// stored createdAt is a four-digit-year ISO date and every page of them renders
const atMsError = { error: 'atMs must be epoch milliseconds within 100 years of the real time (like the sandbox clock)' };
const SeedBody = z.object({
  qrId: z.string(seedError),
  count: z.number(seedError).int(seedError).min(1, seedError).max(5_000_000, seedError),
  atMs: z.number(atMsError).refine((ms) => Math.abs(ms - Date.now()) <= MAX_CLOCK_OFFSET_MS, atMsError).optional(),
});

const seedScanError = { error: 'expected {qrId, count (1 to 1,000,000), days (1 to 3,660), seed?}' };
const SeedScansBody = z.object({
  qrId: z.string(seedScanError),
  count: z.number(seedScanError).int(seedScanError).min(1, seedScanError).max(1_000_000, seedScanError),
  days: z.number(seedScanError).int(seedScanError).min(1, seedScanError).max(3660, seedScanError).default(30),
  seed: z.number(seedScanError).int(seedScanError).optional(),
});

const ClockBody = z.object({ advanceSeconds: z.number({ error: 'advanceSeconds must be a number' }).finite({ error: 'advanceSeconds must be a number' }).default(0) });

function advanceClock(sb: SandboxInstance, seconds: number) {
  const next = sb.store.meta.clockOffsetMs() + seconds * 1000;
  if (Math.abs(next) > MAX_CLOCK_OFFSET_MS) throw new ApiFailure(400, 'The sandbox clock moves at most 100 years away from the real time; advanceSeconds is out of range');
  return { offsetMs: sb.store.meta.advanceClock(seconds * 1000), now: sb.now().toISOString() };
}

function faultSpec<T>(parse: (spec: string) => T) {
  return (raw: unknown): T => {
    const { spec } = zodBody(FaultBody)(raw);
    try {
      return parse(spec);
    } catch (e) {
      throw new ApiFailure(400, (e as Error).message);
    }
  };
}

function accounts(sb: SandboxInstance) {
  const month = utcMonth(sb.now().getTime());
  return sb.store.accounts.ids().map((id) => {
    const a = sb.store.accounts.get(id);
    return { id, plan: a.plan, subscription: a.subscription, monthlyLimit: sb.store.accounts.monthlyLimit(a), usedThisMonth: sb.store.usage.used(id, month) };
  });
}

export const ADMIN_ROUTES = new RouteTable<AdminRoute<any>>([
  // the contract as OpenAPI 3.1, for code generators, mock servers and API clients
  // (the description's 44 operations and their schemas are built on first request, not at start)
  admin({ method: 'GET', path: '/_sandbox/openapi.json', bare: true, handler: async () => (await import('../../domain/openapi.js')).buildOpenApi() }),
  // contract violations seen so far (when checks are on: FORMCTL_SANDBOX_CONTRACT=1)
  admin({ method: 'GET', path: '/_sandbox/contract', handler: (sb) => ({ enabled: sb.contract !== undefined, violations: sb.contract?.violations ?? [] }) }),
  admin({ method: 'GET', path: '/_sandbox/keys', handler: (sb) => sb.store.members.seededKeys() }),
  admin({ method: 'GET', path: '/_sandbox/deliveries', handler: (sb) => sb.store.deliveries.all() }),
  admin({ method: 'GET', path: '/_sandbox/outbox', handler: (sb) => sb.store.outbox.all() }),
  admin({ method: 'GET', path: '/_sandbox/requests', handler: (sb, _b, q) => sb.store.requests.since(Number(q.get('since') ?? 0) || 0) }),
  admin({ method: 'GET', path: '/_sandbox/faults', handler: (sb) => sb.faults.describe() }),
  // the whole sandbox's random profile
  admin({ method: 'PUT', path: '/_sandbox/faults', body: faultSpec(parseFaultProfile), handler: (sb, profile) => (sb.faults.set(profile), sb.faults.profile) }),
  // a scoped rule: route pattern, key and/or count
  admin({ method: 'POST', path: '/_sandbox/faults', body: faultSpec(parseFaultRule), handler: (sb, rule) => sb.faults.addRule(rule) }),
  admin({ method: 'DELETE', path: '/_sandbox/faults', handler: (sb) => (sb.faults.clear(), sb.faults.describe()) }),
  admin({ method: 'GET', path: '/_sandbox/account', handler: accounts }),
  admin({
    method: 'PUT', path: '/_sandbox/account', body: zodBody(AccountBody),
    handler: (sb, b) => {
      sb.store.accounts.update(b.account === 'other' ? OTHER_ACCOUNT : MAIN_ACCOUNT, { plan: b.plan, subscription: b.subscription, quota: b.quota, submissionQuota: b.submissionQuota });
      return { ok: true };
    },
  }),
  admin({ method: 'POST', path: '/_sandbox/seed-submissions', body: zodBody(SeedBody), handler: (sb, b) => ({ created: seedSubmissions(sb.store, b.qrId, b.count, sb.now().getTime(), b.atMs) }) }),
  admin({ method: 'POST', path: '/_sandbox/seed-scans', body: zodBody(SeedScansBody), handler: (sb, b) => seedScans(sb.store, b.qrId, b, sb.now().getTime()) }),
  admin({ method: 'POST', path: '/_sandbox/clock', body: zodBody(ClockBody, { optional: true }), handler: (sb, b) => advanceClock(sb, b.advanceSeconds) }),
]);

/** a Host header naming a loopback address (any port); one the URL parser refuses is no such name */
function loopbackHost(host: string): boolean {
  try {
    return isLoopbackHost(new URL(`http://${host}`).hostname);
  } catch {
    return false;
  }
}

/**
 * Where a request to the admin routes may come from. On a loopback bind (no token) only a loopback
 * Host: a page elsewhere whose name resolves to 127.0.0.1 (DNS rebinding) sends its own name. A
 * browser's Origin, when sent, must be the sandbox's own: no other page's script reaches the keys.
 */
function refuseForeignOrigin(req: IncomingMessage, token: string | undefined): void {
  const host = String(req.headers.host ?? '');
  if (token === undefined && !loopbackHost(host)) throw new ApiFailure(403, 'The /_sandbox routes answer loopback names only (Host: localhost or 127.0.0.1)');
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${host}`) throw new ApiFailure(403, 'The /_sandbox routes answer no other origin');
}

export async function handleAdmin(sb: SandboxInstance, req: IncomingMessage, res: ServerResponse, url: URL, token?: string): Promise<void> {
  try {
    refuseForeignOrigin(req, token);
    // served beyond loopback, the admin routes (which list every key) need the token printed at start
    if (token !== undefined && !safeEqual(String(req.headers['x-sandbox-token'] ?? ''), token)) {
      throw new ApiFailure(401, 'The /_sandbox routes need the X-Sandbox-Token header printed by `sandbox serve`');
    }
    const match = ADMIN_ROUTES.match(req.method ?? 'GET', url.pathname);
    if (!match) throw new ApiFailure(404, `Route not found: ${req.method} ${url.pathname}`);
    const body = match.route.body ? match.route.body(await readJsonBody(req)) : undefined;
    const data = await match.route.handler(sb, body, url.searchParams);
    sendJson(res, 200, match.route.bare ? data : success(data));
  } catch (e) {
    // an unexpected error is logged for the operator, never told to the client
    if (!(e instanceof ApiFailure)) process.stderr.write(`sandbox: ${(e as Error)?.stack ?? String(e)}\n`);
    const err = e instanceof ApiFailure ? e : new ApiFailure(500, 'Internal server error');
    if (!req.readableEnded) req.resume();
    sendJson(res, err.status, failure(err.status, err.message, err.data));
  }
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
