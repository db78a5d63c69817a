import type { ApiClient } from '../http.js';

/** spec §2.11 */
export interface AnalyticsPoint {
  count: number;
  bucket: Record<string, number>;
  date: string;
}

export interface Analytics {
  form: { qrId: string; title: string };
  period: string;
  submissionFilter: boolean;
  scans: number;
  uniqueScans: number;
  timeseries: { all: AnalyticsPoint[]; unique: AnalyticsPoint[] };
  devices: Array<{ device: string; count: number }>;
  countries: Array<{ country: string; count: number }>;
  cities: Array<{ city: string; count: number }>;
  geoBreakdown: Array<{ device: string; country: string; city: string; count: number }>;
  topLocations: Array<{ city: string; device: string; count: number }>;
  socialButtons: unknown[];
}

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
  c.data<{ csvUrl: string }>({ method: 'GET', path: `/forms/${qrId}/analytics`, query: query(p, true) });
