import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { isPlan, type Plan } from '../domain/plans.js';
import { FaultInjector, NO_FAULTS, parseFaultProfile, type FaultKind, type FaultProfile } from './faults.js';
import { formRoutes, links, readDoc } from './handlers/forms.js';
import { seedSubmissions, submissionCreatedHooks, submissionRoutes, type SubmissionCreatedHook } from './handlers/submissions.js';
import { webhookRoutes } from './handlers/webhook.js';
import { deliver, deliveryPayload, webhookOf } from './webhooks.js';
import { THROTTLE_MESSAGE, uploadRoutes } from './handlers/uploads.js';
import { ApiFailure, EnvelopeReply, RawReply, asObject, failure, readJsonBody, sendJson, success, type RequestContext } from './http.js';
import { qrStyle, renderQr } from './qr.js';
import { Router } from './router.js';
import { SandboxStore, type FormRow, type SeededKey } from './store.js';

export const API_PREFIX = '/v1';
export const QUOTA_MESSAGE = 'Sorry, your API request limit has been reached';
export const INACTIVE_PLAN_MESSAGE = 'You have a free plan. You can purchase or renew a paid plan to be able to continue.';

export interface SandboxOptions {
  dataDir: string;
  host?: string;
  port?: number;
  plan?: Plan;
  quota?: number;
  faults?: FaultProfile;
}

export interface RunningSandbox {
  baseUrl: string;
  origin: string;
  store: SandboxStore;
  keys: SeededKey[];
  faults: FaultInjector;
  server: Server;
  close(): Promise<void>;
}

const router = new Router().add(formRoutes).add(submissionRoutes).add(uploadRoutes).add(webhookRoutes);

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function startSandbox(opts: SandboxOptions): Promise<RunningSandbox> {
  const store = new SandboxStore(opts.dataDir);
  if (opts.plan) store.setAccount('acct_main', { plan: opts.plan });
  if (opts.quota !== undefined) store.setAccount('acct_main', { quota: opts.quota });
  const faults = new FaultInjector(opts.faults ?? NO_FAULTS);
  const now = () => new Date(Date.now() + store.clockOffsetMs());

  // spec §6: a signed delivery per new submission, after the response; tracked so close() waits
  const pending = new Set<Promise<void>>();
  const onCreated: SubmissionCreatedHook = (event) => {
    if (event.store !== store) return;
    const hook = webhookOf(store, event.accountId);
    if (hook.enabled !== 1 || hook.url === '') return;
    const body = deliveryPayload(event.row, event.doc.title, event.quizData);
    setImmediate(() => {
      const p = deliver(store, hook, event.row, body).finally(() => pending.delete(p));
      pending.add(p);
    });
  };
  submissionCreatedHooks.add(onCreated);

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, origin: string, started: number): Promise<void> {
    const method = req.method ?? 'GET';
    const path = url.pathname.slice(API_PREFIX.length) || '/';
    let memberId: string | null = null;
    const fault: FaultKind | null = faults.pick();
    const log = (status: number) =>
      store.logRequest({ at: now().toISOString(), method, path: url.pathname + url.search, status, memberId, ms: performance.now() - started, fault });

    if (fault === 'latency') await new Promise((r) => setTimeout(r, faults.profile.latencyMs));
    if (fault === 'drop') {
      log(0);
      req.socket.destroy();
      return;
    }
    if (fault === '500' || fault === '503' || fault === '429') {
      const status = Number(fault);
      const headers: Record<string, string> = status === 429 ? { 'retry-after': String(faults.profile.retryAfterSeconds) } : {};
      const message = status === 429 ? THROTTLE_MESSAGE : status === 503 ? 'Service temporarily unavailable' : 'Internal server error';
      sendJson(res, status, failure(status, message), headers);
      log(status);
      return;
    }

    let status = 200;
    try {
      const match = router.match(method, path);
      if (!match) throw new ApiFailure(404, `Route not found: ${method} ${url.pathname}`);
      // spec §5: Bearer API key
      const auth = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
      const member = auth ? store.memberByKey(auth[1]!) : undefined;
      if (!member || member.blocked === 1) throw new ApiFailure(401, auth ? 'Invalid API key' : 'Missing API key: send Authorization: Bearer <API_KEY>');
      memberId = member.id;
      const account = store.account(member.account_id);
      // spec §8: every authenticated request counts; exhausted quota → 429
      const quota = store.consumeQuota(account, now().toISOString().slice(0, 7));
      if (!quota.allowed) throw new ApiFailure(429, QUOTA_MESSAGE);
      // spec §7: inactive subscription → 400
      if (account.subscription === 'expired') throw new ApiFailure(400, INACTIVE_PLAN_MESSAGE);
      let body: Promise<unknown> | undefined;
      const ctx: RequestContext = {
        req, res, url, params: match.params, query: url.searchParams, store, origin, now, member, account,
        readJson: () => (body ??= readJsonBody(req)),
      };
      const data = await match.route.handler(ctx);
      if (fault === 'drop-after') {
        log(0);
        req.socket.destroy();
        return;
      }
      if (data instanceof RawReply) {
        res.writeHead(200, { 'content-type': data.contentType, 'content-length': Buffer.byteLength(data.body), ...data.headers });
        res.end(data.body);
      } else if (data instanceof EnvelopeReply) {
        sendJson(res, 200, { ...success(data.data), ...data.extra });
      } else {
        sendJson(res, 200, success(data));
      }
    } catch (e) {
      const err = e instanceof ApiFailure ? e : new ApiFailure(500, 'Internal server error');
      if (!(e instanceof ApiFailure)) process.stderr.write(`sandbox: ${(e as Error)?.stack ?? String(e)}\n`);
      status = err.status;
      // drain an unread body so keep-alive connections stay usable
      if (!req.readableEnded) req.resume();
      sendJson(res, err.status, failure(err.status, err.message, err.data), err.headers);
    }
    log(status);
  }

  async function handleSandboxRoute(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const route = `${method} ${url.pathname}`;
    try {
      switch (route) {
        case 'GET /_sandbox/keys':
          return sendJson(res, 200, success(store.keys()));
        case 'GET /_sandbox/deliveries':
          return sendJson(res, 200, success(store.deliveries()));
        case 'GET /_sandbox/outbox':
          return sendJson(res, 200, success(store.outbox()));
        case 'GET /_sandbox/requests':
          return sendJson(res, 200, success(store.requestLog(Number(url.searchParams.get('since') ?? 0))));
        case 'GET /_sandbox/faults':
          return sendJson(res, 200, success(faults.profile));
        case 'PUT /_sandbox/faults': {
          const body = asObject(await readJsonBody(req));
          try {
            faults.set(parseFaultProfile(String(body.spec ?? '')));
          } catch (e) {
            throw new ApiFailure(400, (e as Error).message);
          }
          return sendJson(res, 200, success(faults.profile));
        }
        case 'GET /_sandbox/account': {
          const month = now().toISOString().slice(0, 7);
          const accounts = ['acct_main', 'acct_other'].map((id) => {
            const a = store.account(id);
            return { id, plan: a.plan, subscription: a.subscription, monthlyLimit: store.monthlyLimit(a), usedThisMonth: store.usage(id, month) };
          });
          return sendJson(res, 200, success(accounts));
        }
        case 'PUT /_sandbox/account': {
          const body = asObject(await readJsonBody(req));
          const id = body.account === 'other' ? 'acct_other' : 'acct_main';
          if (body.plan !== undefined && (typeof body.plan !== 'string' || !isPlan(body.plan))) throw new ApiFailure(400, 'plan must be free, starter, business, professional or enterprise');
          if (body.subscription !== undefined && body.subscription !== 'active' && body.subscription !== 'expired') throw new ApiFailure(400, 'subscription must be active or expired');
          for (const k of ['quota', 'submissionQuota'] as const) {
            if (body[k] !== undefined && body[k] !== null && (typeof body[k] !== 'number' || (body[k] as number) < 0)) throw new ApiFailure(400, `${k} must be a non-negative number or null`);
          }
          store.setAccount(id, {
            plan: body.plan as Plan | undefined,
            subscription: body.subscription as 'active' | 'expired' | undefined,
            quota: body.quota as number | null | undefined,
            submissionQuota: body.submissionQuota as number | null | undefined,
          });
          return sendJson(res, 200, success({ ok: true }));
        }
        case 'POST /_sandbox/seed-submissions': {
          const body = asObject(await readJsonBody(req));
          const count = Number(body.count);
          if (typeof body.qrId !== 'string' || !Number.isInteger(count) || count < 1 || count > 5_000_000) throw new ApiFailure(400, 'expected {qrId, count (1 to 5,000,000)}');
          if (body.atMs !== undefined && typeof body.atMs !== 'number') throw new ApiFailure(400, 'atMs must be epoch milliseconds');
          return sendJson(res, 200, success({ created: seedSubmissions(store, body.qrId, count, now().getTime(), body.atMs as number | undefined) }));
        }
        case 'POST /_sandbox/clock': {
          const body = asObject(await readJsonBody(req));
          const seconds = Number(body.advanceSeconds ?? 0);
          if (!Number.isFinite(seconds)) throw new ApiFailure(400, 'advanceSeconds must be a number');
          return sendJson(res, 200, success({ offsetMs: store.advanceClock(seconds * 1000), now: now().toISOString() }));
        }
        default:
          throw new ApiFailure(404, `Route not found: ${route}`);
      }
    } catch (e) {
      const err = e instanceof ApiFailure ? e : new ApiFailure(500, String(e));
      sendJson(res, err.status, failure(err.status, err.message, err.data));
    }
  }

  /** The public short link (spec §2.1 shortUrl): a minimal page of the form; counts a scan. */
  function handlePublic(req: IncomingMessage, res: ServerResponse, url: URL, origin: string): Promise<void> | void {
    const short = /^\/s\/([A-Z0-9]+)$/.exec(url.pathname);
    const image = /^\/qr\/([A-Z0-9]+)\.(png|svg)$/.exec(url.pathname);
    const qrId = short?.[1] ?? image?.[1];
    const row = qrId ? (store.db.prepare(`SELECT * FROM forms WHERE qr_id = ? AND archived = 0`).get(qrId) as FormRow | undefined) : undefined;
    if (!row) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    const doc = readDoc(row);
    if (short) {
      store.db.prepare(`UPDATE forms SET scans = scans + 1 WHERE seq = ?`).run(row.seq);
      const items = doc.fields.map((f) => `<li>${escapeHtml(String(f.option.label ?? f.type))}</li>`).join('');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
        `<!doctype html><title>${escapeHtml(doc.title)}</title><h1>${escapeHtml(doc.title)}</h1><p>${escapeHtml(doc.shortText)}</p><ol>${items}</ol>`,
      );
      return;
    }
    const format = image![2] as 'png' | 'svg';
    return renderQr(links(origin, row.qr_id).shortUrl, format, qrStyle(doc.qrConfig)).then((bytes) => {
      res.writeHead(200, { 'content-type': format === 'png' ? 'image/png' : 'image/svg+xml' }).end(bytes);
    });
  }

  /** Uploaded files at their fileUrl; the path is the server's id, so nothing else on disk is reachable. */
  function serveFile(res: ServerResponse, url: URL): void {
    const m = /^\/files\/([0-9a-f]{24})$/.exec(url.pathname);
    const row = m ? (store.db.prepare(`SELECT * FROM files WHERE id = ?`).get(m[1]) as { id: string; mime: string; name: string } | undefined) : undefined;
    if (!row) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    res.writeHead(200, { 'content-type': row.mime, 'content-disposition': `inline; filename="${row.name}"` });
    createReadStream(join(store.filesDir, row.id)).pipe(res);
  }

  const server = createServer((req, res) => {
    const started = performance.now();
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const origin = `http://${req.headers.host ?? 'localhost'}`;
    let work: Promise<void> | void;
    if (url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`)) work = handleApi(req, res, url, origin, started);
    else if (url.pathname.startsWith('/_sandbox/')) work = handleSandboxRoute(req, res, url);
    else if (url.pathname.startsWith('/s/') || url.pathname.startsWith('/qr/')) work = handlePublic(req, res, url, origin);
    else if (url.pathname.startsWith('/files/')) work = serveFile(res, url);
    else work = sendJson(res, 404, failure(404, `Route not found: ${req.method} ${url.pathname}`));
    Promise.resolve(work).catch((e: unknown) => {
      process.stderr.write(`sandbox: ${(e as Error)?.stack ?? String(e)}\n`);
      if (!res.headersSent) sendJson(res, 500, failure(500, 'Internal server error'));
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 10_000;

  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    baseUrl: `${origin}${API_PREFIX}`,
    origin,
    store,
    keys: store.keys(),
    faults,
    server,
    close: async () => {
      submissionCreatedHooks.delete(onCreated);
      await new Promise((r) => setImmediate(r)); // a delivery scheduled by the last response
      await Promise.all([...pending]);
      await new Promise<void>((resolve) => {
        server.close(() => {
          store.close();
          resolve();
        });
        server.closeAllConnections();
      });
    },
  };
}
