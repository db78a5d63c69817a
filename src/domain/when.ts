import { UsageError } from '../errors.js';
import { addDays, isTimeZone, localParts, zonedEpoch } from './zones.js';

// THE time language of the command line, for every --since, --until, --from, --to and --day: dates
// as people type them, in a time zone: 2026-11-01, 2026-11-01T08:00, 2026-11-01T08:00:00Z (or with
// an offset), Unix seconds, now, today, yesterday, and 90s / 30m / 12h / 7d / 2w ago.

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/** What every time flag's help says it takes. */
export const TIME_WORDS = '2026-11-01, 2026-11-01T08:00, …T08:00:00Z, now, today, yesterday, 7d / 12h / 30m / 90s / 2w ago, Unix seconds';

export const WHEN_EXAMPLES = '2026-11-01, 2026-11-01T08:00, 2026-11-01T08:00:00Z, now, today, yesterday, 7d (7 days ago; also 90s, 30m, 12h, 2w), 1700000000 (Unix seconds)';

/**
 * A time flag read with parseWhen, or a usage error (exit 2, before any request) that names the
 * flag and lists the words every time flag takes.
 */
export function whenFlag(flag: string, raw: string, opts: { tz?: string; nowMs: number; edge?: 'start' | 'end' }): number {
  const ms = parseWhen(raw, opts.tz ?? 'UTC', opts.nowMs, opts.edge);
  if (ms === undefined) throw new UsageError(`${flag}: "${raw}" is not a date or time; expected one of ${WHEN_EXAMPLES}`);
  return ms;
}

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
  // `7d`, and as the help words it, `7d ago` (`7 d ago` too)
  const ago = /^(\d{1,6}) ?([smhdw])(?: ago)?$/.exec(s);
  if (ago) return nowMs - Number(ago[1]) * UNITS[ago[2]!]!;
  // Unix seconds (decimals allowed), as the API takes them (spec §4.4); 13 digits are milliseconds
  if (/^\d{9,11}(\.\d+)?$/.test(s)) return Math.round(Number(s) * 1000);
  if (/^\d{13}$/.test(s)) return Number(s);
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

/** A time flag or argument as ISO 8601 (what the API takes, spec §4.4); a date alone is its day's start or end. */
export function whenIso(name: string, raw: string | undefined, edge: 'start' | 'end', nowMs = Date.now()): string | undefined {
  if (raw === undefined) return undefined;
  return new Date(whenFlag(name, raw, { nowMs, edge })).toISOString();
}

/**
 * A since/until window (names: how the caller calls them, e.g. --since and --until), each read as
 * whenIso reads it; one that ends before it starts can hold nothing, so it is a usage error before
 * any request.
 */
export function whenWindow(names: readonly [string, string], raw: { since?: string; until?: string }, nowMs = Date.now()): { since?: string; until?: string } {
  const since = whenIso(names[0], raw.since, 'start', nowMs);
  const until = whenIso(names[1], raw.until, 'end', nowMs);
  if (since !== undefined && until !== undefined && Date.parse(until) < Date.parse(since)) {
    throw new UsageError(`${names[1]} (${raw.until}: ${until}) is before ${names[0]} (${raw.since}: ${since}): nothing can be in that window`);
  }
  return { since, until };
}
