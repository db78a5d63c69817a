import { addDays, addMonths, isTimeZone, localParts, offsetLabel, pad2, zonedEpoch } from './zones.js';

// spec §4.3 and §2.11: the analytics query's periods, their buckets in a time zone, and the result's
// breakdowns. Pure: the sandbox feeds it scan rows; the unit tests feed it instants.

import { PERIODS, type Period } from './analyticsPeriods.js';

export { PERIODS, type Period };
export type Unit = 'hour' | 'day' | 'month' | 'year';

export class AnalyticsQueryError extends Error {}

export interface Bucket {
  start: number; // ms, inclusive
  end: number; // ms, exclusive
  bucket: Record<string, number>;
  date: string;
}

export interface Window {
  from: number; // ms, inclusive
  to: number; // ms, exclusive
  unit: Unit;
  buckets: Bucket[];
}

export interface AnalyticsQuery {
  period: Period;
  tz: string;
  timestamp?: number; // epoch seconds
  endTimestamp?: number; // epoch seconds
  submission: boolean;
  export: boolean;
}

const EPOCH_SECONDS = /^-?\d{1,12}$/;

function seconds(raw: string | null, name: string): number | undefined {
  if (raw === null || raw === '') return undefined;
  if (!EPOCH_SECONDS.test(raw)) throw new AnalyticsQueryError(`Invalid ${name} "${raw}": expected an integer of epoch seconds`);
  return Number(raw);
}

function flag(raw: string | null, name: string): boolean {
  if (raw === null || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  throw new AnalyticsQueryError(`Invalid ${name} "${raw}": expected 1`);
}

/** spec §4.3: the query parameters, each checked with the message the route answers (400). */
export function parseAnalyticsQuery(q: URLSearchParams): AnalyticsQuery {
  const period = q.get('period') ?? 'month';
  if (!(PERIODS as readonly string[]).includes(period)) {
    throw new AnalyticsQueryError(`Invalid period "${period}": expected ${PERIODS.slice(0, -1).join(', ')} or custom`);
  }
  const tz = q.get('tz') || 'UTC';
  if (!isTimeZone(tz)) throw new AnalyticsQueryError(`Invalid tz "${tz}": expected an IANA time zone name such as Europe/Paris or UTC`);
  const timestamp = seconds(q.get('timestamp'), 'timestamp');
  const endTimestamp = seconds(q.get('endTimestamp'), 'endTimestamp');
  if ((period === 'day' || period === 'custom') && timestamp === undefined) {
    throw new AnalyticsQueryError(`Invalid period "${period}": timestamp (epoch seconds) is required`);
  }
  if (period === 'custom') {
    if (endTimestamp === undefined) throw new AnalyticsQueryError('Invalid period "custom": endTimestamp (epoch seconds) is required');
    if (endTimestamp < timestamp!) throw new AnalyticsQueryError('Invalid period "custom": endTimestamp is before timestamp');
  }
  return { period: period as Period, tz, timestamp, endTimestamp, submission: flag(q.get('submission'), 'submission'), export: flag(q.get('export'), 'export') };
}

/** The start of the unit containing `ms`, in `tz`. */
export function floorTo(unit: Unit, tz: string, ms: number): number {
  const p = localParts(tz, ms);
  switch (unit) {
    case 'hour':
      return ms - ((p.minute * 60 + p.second) * 1000) - (((ms % 1000) + 1000) % 1000);
    case 'day':
      return zonedEpoch(tz, p.year, p.month, p.day);
    case 'month':
      return zonedEpoch(tz, p.year, p.month, 1);
    case 'year':
      return zonedEpoch(tz, p.year, 1, 1);
  }
}

function nextStart(unit: Unit, tz: string, start: number): number {
  if (unit === 'hour') return start + 3_600_000;
  // the middle of the unit, so that a DST shift at the edge cannot land in the previous unit
  const p = localParts(tz, start + 3_600_000 * 6);
  if (unit === 'day') return zonedEpoch(tz, ...addDays(p.year, p.month, p.day, 1));
  if (unit === 'month') return zonedEpoch(tz, ...addMonths(p.year, p.month, 1), 1);
  return zonedEpoch(tz, p.year + 1, 1, 1);
}

/** docs/sandbox.md "Sandbox assumptions": the bucket object and date label of each unit. */
function label(unit: Unit, tz: string, start: number): Pick<Bucket, 'bucket' | 'date'> {
  const p = localParts(tz, start);
  switch (unit) {
    case 'hour':
      return { bucket: { year: p.year, month: p.month, day: p.day, hour: p.hour }, date: `${p.year}-${pad2(p.month)}-${pad2(p.day)}T${pad2(p.hour)}:00${offsetLabel(tz, start)}` };
    case 'day':
      return { bucket: { year: p.year, month: p.month, day: p.day }, date: `${p.year}-${pad2(p.month)}-${pad2(p.day)}` };
    case 'month':
      return { bucket: { year: p.year, month: p.month }, date: `${p.year}-${pad2(p.month)}` };
    case 'year':
      return { bucket: { year: p.year }, date: String(p.year) };
  }
}

export function bucketsBetween(unit: Unit, tz: string, from: number, to: number): Bucket[] {
  const out: Bucket[] = [];
  for (let start = floorTo(unit, tz, from); start < to && out.length < 10_000; ) {
    const end = nextStart(unit, tz, start);
    out.push({ start, end, ...label(unit, tz, start) });
    start = end;
  }
  return out;
}

/** custom ranges: hours up to two days, days up to about three months, months up to six years */
function unitForSpan(ms: number): Unit {
  const day = 86_400_000;
  if (ms <= 2 * day) return 'hour';
  if (ms <= 92 * day) return 'day';
  if (ms <= 6 * 366 * day) return 'month';
  return 'year';
}

/**
 * The time window and buckets of a period (docs/sandbox.md "Sandbox assumptions"): day = the local day of
 * `timestamp` by hour; week = the last 7 local days by day; month = the last 30; months = the last
 * six calendar months; year = January to this month; years = every year since `firstMs`; custom =
 * timestamp to endTimestamp, both seconds inclusive.
 */
export function periodWindow(q: Pick<AnalyticsQuery, 'period' | 'tz' | 'timestamp' | 'endTimestamp'>, nowMs: number, firstMs: number = nowMs): Window {
  const { tz } = q;
  const today = localParts(tz, nowMs);
  const tomorrow = zonedEpoch(tz, ...addDays(today.year, today.month, today.day, 1));
  const nextMonth = zonedEpoch(tz, ...addMonths(today.year, today.month, 1), 1);
  const make = (unit: Unit, from: number, to: number): Window => ({ from, to, unit, buckets: bucketsBetween(unit, tz, from, to) });
  switch (q.period) {
    case 'day': {
      const p = localParts(tz, q.timestamp! * 1000);
      return make('hour', zonedEpoch(tz, p.year, p.month, p.day), zonedEpoch(tz, ...addDays(p.year, p.month, p.day, 1)));
    }
    case 'week':
      return make('day', zonedEpoch(tz, ...addDays(today.year, today.month, today.day, -6)), tomorrow);
    case 'month':
      return make('day', zonedEpoch(tz, ...addDays(today.year, today.month, today.day, -29)), tomorrow);
    case 'months':
      return make('month', zonedEpoch(tz, ...addMonths(today.year, today.month, -5), 1), nextMonth);
    case 'year':
      return make('month', zonedEpoch(tz, today.year, 1, 1), nextMonth);
    case 'years': {
      const first = Math.min(localParts(tz, Math.min(firstMs, nowMs)).year, today.year);
      return make('year', zonedEpoch(tz, first, 1, 1), zonedEpoch(tz, today.year + 1, 1, 1));
    }
    case 'custom': {
      const from = q.timestamp! * 1000;
      const to = q.endTimestamp! * 1000 + 1000;
      return make(unitForSpan(to - from), from, to);
    }
  }
}

export interface ScanPoint {
  at: number; // ms
  device: string;
  country: string;
  city: string;
  visitor: string;
}

interface Point {
  count: number;
  bucket: Record<string, number>;
  date: string;
}

function ranked<K extends string>(map: Map<string, number>, key: K): Array<Record<K, string> & { count: number }> {
  return [...map].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k, count]) => ({ [key]: k, count }) as Record<K, string> & { count: number });
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** spec §2.11: totals, the timeseries (all and unique visitors per bucket) and the breakdowns. */
export function aggregate(scans: Iterable<ScanPoint>, window: Window) {
  const { buckets } = window;
  const counts = new Array<number>(buckets.length).fill(0);
  const uniques = buckets.map(() => new Set<string>());
  const visitors = new Set<string>();
  const devices = new Map<string, number>();
  const countries = new Map<string, number>();
  const cities = new Map<string, number>();
  const geo = new Map<string, number>();
  const places = new Map<string, number>();
  let total = 0;
  for (const s of scans) {
    if (s.at < window.from || s.at >= window.to) continue;
    total++;
    visitors.add(s.visitor);
    // buckets are sorted: binary search for the last start <= at
    let lo = 0;
    let hi = buckets.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (buckets[mid]!.start <= s.at) lo = mid;
      else hi = mid - 1;
    }
    counts[lo]!++;
    uniques[lo]!.add(s.visitor);
    bump(devices, s.device);
    bump(countries, s.country);
    bump(cities, s.city);
    bump(geo, JSON.stringify([s.device, s.country, s.city]));
    bump(places, JSON.stringify([s.city, s.device]));
  }
  const series = (values: (i: number) => number): Point[] => buckets.map((b, i) => ({ count: values(i), bucket: b.bucket, date: b.date }));
  return {
    scans: total,
    uniqueScans: visitors.size,
    timeseries: { all: series((i) => counts[i]!), unique: series((i) => uniques[i]!.size) },
    devices: ranked(devices, 'device'),
    countries: ranked(countries, 'country'),
    cities: ranked(cities, 'city'),
    geoBreakdown: ranked(geo, 'k').map(({ k, count }) => {
      const [device, country, city] = JSON.parse(k) as string[];
      return { device: device!, country: country!, city: city!, count };
    }),
    topLocations: ranked(places, 'k').slice(0, 10).map(({ k, count }) => {
      const [city, device] = JSON.parse(k) as string[];
      return { city: city!, device: device!, count };
    }),
    socialButtons: [] as unknown[],
  };
}

/** The device class of a User-Agent (docs/sandbox.md "Sandbox assumptions"). */
export function deviceOf(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  if (!ua) return 'Other';
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(ua)) return 'Tablet';
  if (/Mobi|iPhone|iPod|Windows Phone|BlackBerry|Opera Mini|IEMobile/i.test(ua)) return 'Mobile';
  if (/Windows NT|Macintosh|X11|Linux|CrOS/i.test(ua)) return 'Desktop';
  return 'Other';
}
