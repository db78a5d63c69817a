// Calendar arithmetic in IANA time zones with nothing but Intl: local parts of an instant, and the
// instant of a local wall-clock time. DST days come out with 23 or 25 hours, as they are.

export interface LocalParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** true for a time zone name Intl knows (IANA names and UTC) */
export function isTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  try {
    formatter(tz);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of `ms` in `tz`. */
export function localParts(tz: string, ms: number): LocalParts & { second: number } {
  const out: Record<string, number> = {};
  for (const p of formatter(tz).formatToParts(new Date(ms))) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return { year: out.year!, month: out.month!, day: out.day!, hour: out.hour! % 24, minute: out.minute!, second: out.second! };
}

/** The zone's offset from UTC at `ms`, in milliseconds (positive east of Greenwich). */
export function offsetMs(tz: string, ms: number): number {
  const p = localParts(tz, ms);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (Math.floor(ms / 1000) * 1000);
}

/**
 * The instant of a local wall-clock time. A time skipped by a DST jump resolves to the instant just
 * after the gap; a repeated one to its first occurrence.
 */
export function zonedEpoch(tz: string, year: number, month: number, day: number, hour = 0, minute = 0): number {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const first = guess - offsetMs(tz, guess);
  const second = guess - offsetMs(tz, first);
  if (first === second) return first;
  // the offset changes near here: prefer the earlier instant that shows this wall time, else the later
  const earlier = Math.min(first, second);
  const p = localParts(tz, earlier);
  return p.hour === hour && p.day === day ? earlier : Math.max(first, second);
}

/** "+09:00" */
export function offsetLabel(tz: string, ms: number): string {
  const minutes = Math.round(offsetMs(tz, ms) / 60000);
  const sign = minutes < 0 ? '-' : '+';
  const a = Math.abs(minutes);
  return `${sign}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}

/** Calendar arithmetic on local dates (no zone involved). */
export function addDays(year: number, month: number, day: number, days: number): [number, number, number] {
  const d = new Date(Date.UTC(year, month - 1, day + days));
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
}

export function addMonths(year: number, month: number, months: number): [number, number] {
  const index = year * 12 + (month - 1) + months;
  return [Math.floor(index / 12), (index % 12) + 1];
}

export const pad2 = (n: number): string => String(n).padStart(2, '0');
