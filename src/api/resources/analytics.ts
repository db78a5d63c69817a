import type { Analytics, AnalyticsExport, AnalyticsPoint } from '../../domain/contract/schemas.js';
import { Readable } from 'node:stream';
import type { ApiClient } from '../http.js';

export type { Analytics, AnalyticsPoint };

/** spec §4.3 query parameters (timestamps in epoch seconds) */
export interface AnalyticsParams {
  period?: string;
  tz?: string;
  timestamp?: number;
  endTimestamp?: number;
  submission?: boolean;
}

function query(p: AnalyticsParams, exportCsv: boolean): Record<string, string | number | undefined> {
  return { period: p.period, tz: p.tz, timestamp: p.timestamp, endTimestamp: p.endTimestamp, submission: p.submission ? 1 : undefined, export: exportCsv ? 1 : undefined };
}

export const getAnalytics = (c: ApiClient, qrId: string, p: AnalyticsParams) =>
  c.data<Analytics>({ method: 'GET', path: `/forms/${qrId}/analytics`, query: query(p, false) });

/** spec §4.3 export=1: a link to a CSV of one row per scan; the link may expire */
export const exportAnalytics = (c: ApiClient, qrId: string, p: AnalyticsParams) =>
  c.data<AnalyticsExport>({ method: 'GET', path: `/forms/${qrId}/analytics`, query: query(p, true) });

/**
 * The CSV behind an export link, fetched at once (the link may expire) and as any browser would: no
 * Authorization header, whatever its origin — the API key goes to the API only, never to the CSV's
 * host. Returns the body un-buffered.
 */
export async function downloadAnalyticsCsv(csvUrl: string): Promise<Readable> {
  let url: URL;
  try {
    url = new URL(csvUrl);
  } catch {
    throw new Error(`the service answered a CSV link that is not a URL: ${csvUrl}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`the service answered a CSV link that is not http(s): ${csvUrl}`);
  const res = await fetch(url, { headers: { accept: 'text/csv' }, redirect: 'follow' }).catch((err: Error & { cause?: { code?: string } }) => {
    throw new Error(`fetching the CSV at ${url.origin} failed: ${err.cause?.code ?? err.message}`);
  });
  if (!res.ok || !res.body) {
    throw new Error(res.status === 410 || res.status === 404 ? `the CSV link expired before it could be read (HTTP ${res.status}); run the command again` : `fetching the CSV failed: HTTP ${res.status}`);
  }
  return Readable.fromWeb(res.body as import('node:stream/web').ReadableStream);
}
