import type { AnalyticsQuery } from '../../domain/analytics.js';
import { neutraliseFormula } from '../../domain/csvFormula.js';
import { localParts, pad2 } from '../../domain/zones.js';
import { sendText } from '../http.js';
import type { SandboxInstance } from '../instance.js';
import { windowFor } from '../routes/analytics.js';

export const CSV_COLUMNS = ['scannedAt', 'localTime', 'device', 'country', 'city', 'visitorId', 'submissionId'] as const;

/** a cell of the CSV: a visitor's city or country cannot be a formula a spreadsheet runs (domain/csvFormula.ts) */
function cell(raw: string): string {
  const value = neutraliseFormula(raw);
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * spec §2.11: the CSV of an analytics export, one row per scan of the query's window, read when the
 * link is opened. No key: whoever holds the link may read it until it expires (docs/sandbox.md: one hour of
 * the sandbox clock; then 410, an unknown token 404).
 */
export function analyticsCsv(sb: SandboxInstance, file: string, res: import('node:http').ServerResponse): void {
  const token = /^([0-9a-f]{32})\.csv$/.exec(file)?.[1];
  const link = token ? sb.store.scans.getExport(token) : undefined;
  if (!link) return sendText(res, 404, 'Not found\n');
  const nowMs = sb.now().getTime();
  if (nowMs >= link.expires_ms) return sendText(res, 410, 'This export link has expired: ask for a new one (GET /forms/{qrId}/analytics?export=1)\n');
  const form = sb.store.forms.find(link.qr_id, link.account_id);
  if (!form) return sendText(res, 410, 'The form of this export no longer exists\n');
  const q = JSON.parse(link.query) as AnalyticsQuery;
  const window = windowFor(sb.store, form, q, link.created_ms);
  res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${form.qr_id}-scans.csv"`, 'cache-control': 'no-store' });
  res.write(`${CSV_COLUMNS.join(',')}\r\n`);
  for (const s of sb.store.scans.between(form.qr_id, window.from, window.to, q.submission)) {
    const p = localParts(q.tz, s.at_ms);
    const local = `${p.year}-${pad2(p.month)}-${pad2(p.day)} ${pad2(p.hour)}:${pad2(p.minute)}:${pad2(p.second)}`;
    res.write(`${[new Date(s.at_ms).toISOString(), local, s.device, s.country, s.city, s.visitor, s.submission_id ?? ''].map(cell).join(',')}\r\n`);
  }
  res.end();
}
