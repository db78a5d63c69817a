import type { Analytics, AnalyticsExport, AnalyticsPoint } from '../../domain/contract/schemas.js';
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
