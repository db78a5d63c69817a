import { randomBytes } from 'node:crypto';
import { aggregate, AnalyticsQueryError, parseAnalyticsQuery, periodWindow, type AnalyticsQuery, type Window } from '../../domain/analytics.js';
import { ApiFailure } from '../http.js';
import { route, type RequestContext } from '../instance.js';
import { readDoc, type FormRow } from '../repo/forms.js';
import type { SandboxStore } from '../repo/store.js';

/** docs/sandbox.md "Sandbox assumptions": an analytics CSV link works for one hour of the sandbox clock. */
export const EXPORT_LINK_TTL_MS = 3_600_000;

function query(ctx: RequestContext): AnalyticsQuery {
  try {
    return parseAnalyticsQuery(ctx.query);
  } catch (e) {
    if (e instanceof AnalyticsQueryError) throw new ApiFailure(400, e.message);
    throw e;
  }
}

/** The window of a query for a form: `years` starts at the form's creation or its first scan. */
export function windowFor(store: SandboxStore, form: FormRow, q: AnalyticsQuery, nowMs: number): Window {
  const first = Math.min(Date.parse(form.created_at), store.scans.firstAt(form.qr_id) ?? Infinity);
  return periodWindow(q, nowMs, first);
}

/** spec §4.3 / §2.11 */
function analytics(ctx: RequestContext) {
  const form = ctx.form!;
  const q = query(ctx);
  const nowMs = ctx.now().getTime();
  if (q.export) {
    // the CSV link is served without a key (it may be opened anywhere) and expires
    const token = randomBytes(16).toString('hex');
    ctx.store.scans.addExport({ token, qr_id: form.qr_id, account_id: ctx.account.id, query: JSON.stringify(q), created_ms: nowMs, expires_ms: nowMs + EXPORT_LINK_TTL_MS });
    return { csvUrl: `${ctx.origin}/exports/${token}.csv` };
  }
  const window = windowFor(ctx.store, form, q, nowMs);
  return {
    form: { qrId: form.qr_id, title: readDoc(form).title },
    period: q.period,
    submissionFilter: q.submission,
    ...aggregate(ctx.store.scans.between(form.qr_id, window.from, window.to, q.submission), window),
  };
}

export const analyticsRoutes = [
  route({ operationId: 'getFormAnalytics', method: 'GET', path: '/forms/:qrId/analytics', action: 'form.analytics', form: 'available', handler: analytics }),
];
