import { addDays, isTimeZone, localParts, zonedEpoch } from './zones.js';

// Dates as people type them on a command line, in a time zone: 2026-11-01, 2026-11-01T08:00,
// 2026-11-01T08:00:00Z, epoch seconds, today, yesterday, now, and 7d / 12h / 2w ago.

const UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

export const WHEN_EXAMPLES = '2026-11-01, 2026-11-01T08:00, 2026-11-01T08:00:00Z, today, yesterday, 7d (7 days ago), 12h, 1700000000';

/**
 * The instant `raw` names, in ms; undefined when it names none. A date alone is the start of that
 * local day, or with `edge: 'end'` its last second (so `--to 2026-11-07` takes the whole 7th).
 */
export function parseWhen(raw: string, tz: string, nowMs: number, edge: 'start' | 'end' = 'start'): number | undefined {
  const s = raw.trim();
  if (!isTimeZone(tz)) return undefined;
  const dayEdge = (y: number, m: number, d: number) => (edge === 'start' ? zonedEpoch(tz, y, m, d) : zonedEpoch(tz, ...addDays(y, m, d, 1)) - 1000);
  if (s === 'now') return nowMs;
  if (s === 'today' || s === 'yesterday') {
    const p = localParts(tz, nowMs);
    return dayEdge(...addDays(p.year, p.month, p.day, s === 'today' ? 0 : -1));
  }
  const ago = /^(\d{1,6})([mhdw])$/.exec(s);
  if (ago) return nowMs - Number(ago[1]) * UNITS[ago[2]!]!;
  if (/^\d{9,12}$/.test(s)) return Number(s) * 1000;
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (date) {
    const [y, m, d] = [Number(date[1]), Number(date[2]), Number(date[3])];
    if (!validDate(y, m, d)) return undefined;
    return dayEdge(y, m, d);
  }
  const local = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(s);
  if (local) {
    const [y, m, d, h, mi, se] = local.slice(1).map((x) => Number(x ?? 0)) as [number, number, number, number, number, number];
    if (!validDate(y, m, d) || h > 23 || mi > 59 || se > 59) return undefined;
    return zonedEpoch(tz, y, m, d, h, mi) + se * 1000;
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(s)) {
    const ms = Date.parse(s);
    const [y, m, d] = s.slice(0, 10).split('-').map(Number) as [number, number, number];
    return Number.isNaN(ms) || !validDate(y, m, d) ? undefined : ms;
  }
  return undefined;
}

function validDate(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}
