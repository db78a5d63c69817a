import { describe, expect, it } from 'vitest';
import { aggregate, bucketsBetween, deviceOf, parseAnalyticsQuery, periodWindow, type ScanPoint } from '../../src/domain/analytics.js';
import { parseWhen, whenFlag, whenWindow } from '../../src/domain/when.js';
import { localParts, offsetLabel, zonedEpoch } from '../../src/domain/zones.js';
import { bars, resample } from '../../src/output/chart.js';

const T = (iso: string) => Date.parse(iso);

describe('time zones with Intl only', () => {
  it('finds the instant of a wall-clock time, on both sides of DST changes', () => {
    expect(new Date(zonedEpoch('Asia/Tokyo', 2026, 11, 21)).toISOString()).toBe('2026-11-20T15:00:00.000Z');
    expect(new Date(zonedEpoch('America/New_York', 2026, 7, 1, 9)).toISOString()).toBe('2026-07-01T13:00:00.000Z');
    expect(new Date(zonedEpoch('America/New_York', 2026, 12, 1, 9)).toISOString()).toBe('2026-12-01T14:00:00.000Z');
    // 02:30 does not exist on 2026-03-08 in New York: the instant after the gap
    expect(new Date(zonedEpoch('America/New_York', 2026, 3, 8, 2, 30)).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 happens twice on 2026-11-01: the first one (EDT)
    expect(new Date(zonedEpoch('America/New_York', 2026, 11, 1, 1, 30)).toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(new Date(zonedEpoch('Asia/Kolkata', 2026, 1, 1)).toISOString()).toBe('2025-12-31T18:30:00.000Z');
    expect(offsetLabel('Asia/Kolkata', T('2026-01-01T00:00:00Z'))).toBe('+05:30');
    expect(localParts('Asia/Tokyo', T('2026-11-20T23:30:00Z'))).toMatchObject({ year: 2026, month: 11, day: 21, hour: 8, minute: 30 });
  });
});

describe('analytics periods and buckets (spec §4.3)', () => {
  it('day: 24 hourly buckets, 25 on the day DST ends and 23 on the day it starts', () => {
    const day = (tz: string, iso: string) => periodWindow({ period: 'day', tz, timestamp: T(iso) / 1000 }, T('2026-11-22T12:00:00Z'));
    expect(day('UTC', '2026-11-20T10:00:00Z').buckets).toHaveLength(24);
    const fallBack = day('America/New_York', '2026-11-01T12:00:00Z');
    expect(fallBack.buckets).toHaveLength(25);
    expect(fallBack.buckets.map((b) => b.date).slice(1, 3)).toEqual(['2026-11-01T01:00-04:00', '2026-11-01T01:00-05:00']);
    expect(day('Europe/Berlin', '2026-03-29T12:00:00Z').buckets).toHaveLength(23);
  });

  it('a scan at 23:30 UTC lands on the next day in Asia/Tokyo', () => {
    const scan: ScanPoint = { at: T('2026-11-20T23:30:00Z'), device: 'Mobile', country: 'Japan', city: 'Tokyo', visitor: 'v1' };
    const tokyo = periodWindow({ period: 'custom', tz: 'Asia/Tokyo', timestamp: T('2026-11-15T00:00:00+09:00') / 1000, endTimestamp: T('2026-11-22T00:00:00+09:00') / 1000 - 1 }, 0);
    const utc = periodWindow({ period: 'custom', tz: 'UTC', timestamp: T('2026-11-15T00:00:00Z') / 1000, endTimestamp: T('2026-11-22T00:00:00Z') / 1000 - 1 }, 0);
    const hit = (w: ReturnType<typeof periodWindow>) => aggregate([scan], w).timeseries.all.find((p) => p.count === 1)!;
    expect(hit(tokyo)).toEqual({ count: 1, bucket: { year: 2026, month: 11, day: 21 }, date: '2026-11-21' });
    expect(hit(utc).date).toBe('2026-11-20');
  });

  it('week, month, months, year and years cover the documented windows', () => {
    const now = T('2026-11-22T12:00:00Z');
    const w = (period: 'week' | 'month' | 'months' | 'year' | 'years') => periodWindow({ period, tz: 'UTC' }, now, T('2024-05-01T00:00:00Z'));
    expect(w('week').buckets.map((b) => b.date)).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22']);
    expect(w('month').buckets).toHaveLength(30);
    expect(w('months').buckets.map((b) => b.date)).toEqual(['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
    expect(w('months').buckets[0]!.bucket).toEqual({ year: 2026, month: 6 });
    expect(w('year').buckets.map((b) => b.date)).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
    expect(w('years').buckets.map((b) => b.bucket)).toEqual([{ year: 2024 }, { year: 2025 }, { year: 2026 }]);
  });

  it('custom ranges pick hours, days or months by their length, end second included', () => {
    const custom = (from: string, to: string) => periodWindow({ period: 'custom', tz: 'UTC', timestamp: T(from) / 1000, endTimestamp: T(to) / 1000 }, 0);
    expect(custom('2026-11-01T00:00:00Z', '2026-11-01T23:59:59Z').unit).toBe('hour');
    const week = custom('2026-11-01T00:00:00Z', '2026-11-07T23:59:59Z');
    expect([week.unit, week.buckets.length]).toEqual(['day', 7]);
    expect(week.to).toBe(T('2026-11-08T00:00:00Z'));
    expect(custom('2026-01-01T00:00:00Z', '2026-11-30T00:00:00Z').unit).toBe('month');
  });

  it('checks the query with the messages the sandbox answers', () => {
    const q = (s: string) => () => parseAnalyticsQuery(new URLSearchParams(s));
    expect(q('period=7')).toThrow(/^Invalid period "7"/);
    expect(q('period=day')).toThrow(/timestamp \(epoch seconds\) is required/);
    expect(q('period=custom&timestamp=100')).toThrow(/endTimestamp .* is required/);
    expect(q('period=custom&timestamp=100&endTimestamp=50')).toThrow(/before timestamp/);
    expect(q('tz=Mars/Olympus')).toThrow(/Invalid tz "Mars\/Olympus"/);
    expect(q('period=day&timestamp=yesterday')).toThrow(/Invalid timestamp/);
    expect(parseAnalyticsQuery(new URLSearchParams(''))).toEqual({ period: 'month', tz: 'UTC', timestamp: undefined, endTimestamp: undefined, submission: false, export: false });
  });

  it('aggregates totals, unique visitors and ranked breakdowns', () => {
    const w = periodWindow({ period: 'custom', tz: 'UTC', timestamp: T('2026-11-01T00:00:00Z') / 1000, endTimestamp: T('2026-11-02T23:59:59Z') / 1000 }, 0);
    const s = (iso: string, device: string, city: string, visitor: string): ScanPoint => ({ at: T(iso), device, country: city === 'Paris' ? 'France' : 'Japan', city, visitor });
    const a = aggregate([s('2026-11-01T10:00:00Z', 'Mobile', 'Paris', 'a'), s('2026-11-01T10:30:00Z', 'Mobile', 'Paris', 'a'), s('2026-11-02T08:00:00Z', 'Desktop', 'Tokyo', 'b'), s('2026-11-05T08:00:00Z', 'Desktop', 'Tokyo', 'c')], w);
    expect([a.scans, a.uniqueScans]).toEqual([3, 2]);
    expect(a.timeseries.all.find((p) => p.date === '2026-11-01T10:00+00:00')!.count).toBe(2);
    expect(a.timeseries.unique.find((p) => p.date === '2026-11-01T10:00+00:00')!.count).toBe(1);
    expect(a.devices).toEqual([{ device: 'Mobile', count: 2 }, { device: 'Desktop', count: 1 }]);
    expect(a.geoBreakdown[0]).toEqual({ device: 'Mobile', country: 'France', city: 'Paris', count: 2 });
    expect(a.topLocations).toEqual([{ city: 'Paris', device: 'Mobile', count: 2 }, { city: 'Tokyo', device: 'Desktop', count: 1 }]);
  });

  it('classifies devices from the User-Agent', () => {
    expect(deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148')).toBe('Mobile');
    expect(deviceOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124 Mobile Safari/537.36')).toBe('Mobile');
    expect(deviceOf('Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 Chrome/124 Safari/537.36')).toBe('Tablet');
    expect(deviceOf('Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X)')).toBe('Tablet');
    expect(deviceOf('Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/156.0')).toBe('Desktop');
    expect(deviceOf('curl/8.5.0')).toBe('Other');
    expect(deviceOf(undefined)).toBe('Other');
  });

  it('builds month buckets across a year end', () => {
    expect(bucketsBetween('month', 'UTC', T('2025-11-15T00:00:00Z'), T('2026-02-01T00:00:00Z')).map((b) => b.date)).toEqual(['2025-11', '2025-12', '2026-01']);
  });
});

describe('dates as typed on the command line', () => {
  const now = T('2026-11-22T12:00:00Z');
  it('reads dates, local times, offsets, epochs and relative forms in a zone', () => {
    expect(parseWhen('2026-11-01', 'Asia/Tokyo', now)).toBe(T('2026-11-01T00:00:00+09:00'));
    expect(parseWhen('2026-11-01', 'Asia/Tokyo', now, 'end')).toBe(T('2026-11-01T23:59:59+09:00'));
    expect(parseWhen('2026-11-01T08:00', 'Europe/Paris', now)).toBe(T('2026-11-01T08:00:00+01:00'));
    expect(parseWhen('2026-11-01T08:00:00Z', 'Europe/Paris', now)).toBe(T('2026-11-01T08:00:00Z'));
    expect(parseWhen('1700000000', 'UTC', now)).toBe(1_700_000_000_000);
    expect(parseWhen('7d', 'UTC', now)).toBe(now - 7 * 86_400_000);
    // as the help words it
    for (const words of ['7d ago', '7 d ago', ' 7d ago ']) expect(parseWhen(words, 'UTC', now), words).toBe(now - 7 * 86_400_000);
    expect(parseWhen('today', 'UTC', now)).toBe(T('2026-11-22T00:00:00Z'));
    expect(parseWhen('yesterday', 'UTC', now, 'end')).toBe(T('2026-11-21T23:59:59Z'));
    for (const bad of ['2026-02-30', '2026-13-01', 'last week', '2026-11-01T25:00', '', '7y', '12345', '7d  ago', 'ago', '7dago']) expect(parseWhen(bad, 'UTC', now)).toBeUndefined();
  });

  it('is the one time language of every time flag: seconds to weeks ago, now, fractional and millisecond epochs, instants with offsets', () => {
    expect(parseWhen('90s', 'UTC', now)).toBe(now - 90_000);
    expect(parseWhen('30m', 'UTC', now)).toBe(now - 1_800_000);
    expect(parseWhen('12h', 'UTC', now)).toBe(now - 43_200_000);
    expect(parseWhen('2w', 'UTC', now)).toBe(now - 14 * 86_400_000);
    expect(parseWhen('now', 'Asia/Tokyo', now)).toBe(now);
    expect(parseWhen('1700000000.5', 'UTC', now)).toBe(1_700_000_000_500);
    expect(parseWhen('1700000000123', 'UTC', now)).toBe(1_700_000_000_123);
    expect(parseWhen('2026-06-15T10:00:00.250+02:00', 'UTC', now)).toBe(T('2026-06-15T08:00:00.250Z'));
    expect(() => whenFlag('--since', 'soon', { nowMs: now })).toThrow(/^--since: "soon" is not a date or time; expected one of 2026-11-01, .*90s/);
    expect(whenFlag('--until', '2026-11-01', { nowMs: now, edge: 'end' })).toBe(T('2026-11-01T23:59:59Z'));
  });

  it('a since/until window that ends before it starts is refused, with the names its caller uses', () => {
    expect(whenWindow(['--since', '--until'], { since: '2026-11-01', until: '2026-11-01' }, now)).toEqual({ since: '2026-11-01T00:00:00.000Z', until: '2026-11-01T23:59:59.000Z' });
    expect(whenWindow(['since', 'until'], { since: '7d' }, now)).toEqual({ since: new Date(now - 7 * 86_400_000).toISOString(), until: undefined });
    expect(() => whenWindow(['since', 'until'], { since: 'today', until: '2026-11-21T12:00:00Z' }, now)).toThrow(/^until \(2026-11-21T12:00:00Z: 2026-11-21T12:00:00\.000Z\) is before since \(today: 2026-11-22T00:00:00\.000Z\): nothing can be in that window$/);
  });
});

describe('terminal charts', () => {
  it('resamples a series to the width: means of bins, or straight lines between points', () => {
    expect(resample([1, 3, 5, 7], 2)).toEqual([2, 6]);
    expect(resample([1, 4], 4)).toEqual([1, 2, 3, 4]);
    expect(resample([], 5)).toEqual([]);
  });
  it('draws a table of counts and shares with bars proportional to the counts', () => {
    const out = bars([{ label: 'Mobile', count: 6 }, { label: 'Desktop', count: 3 }], 10, 40, 'Device');
    const [head, a, b] = out.trimEnd().split('\n');
    expect(head).toBe('  Device  scans share');
    expect(a).toMatch(/^ {2}Mobile {6}6 {3}60% █+$/);
    expect((a!.match(/█/g) ?? []).length).toBe(2 * (b!.match(/█/g) ?? []).length);
  });
});
