/**
 * spec §4.4: since/until are ISO 8601 or Unix timestamps. Numbers are seconds (decimals allowed); a
 * number above 10^11 is taken as milliseconds. Epoch milliseconds, or undefined when not a time.
 */
export function parseInstant(raw: string): number | undefined {
  const t = raw.trim();
  if (/^\d+(\.\d+)?$/.test(t)) {
    const n = Number(t);
    return Math.round(n > 1e11 ? n : n * 1000);
  }
  const date = /^(\d{4})-(\d{2})-(\d{2})/.exec(t);
  if (!date) return undefined;
  // a calendar day that does not exist (2026-02-30, 2026-13-01) is no time, not the day it rolls over to
  const [y, m, d] = [Number(date[1]), Number(date[2]), Number(date[3])];
  if (m < 1 || m > 12 || d < 1 || d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return undefined;
  const time = /T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(t);
  if (time && (Number(time[1]) > 23 || Number(time[2]) > 59 || Number(time[3] ?? 0) > 59)) return undefined;
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? undefined : ms;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * `new Date(ms).toISOString()`, read from the UTC fields: V8's toISOString first looks up the local
 * time zone, which loads ICU's zone data on its first use (0.2–0.3 ms of every command that writes
 * the quota ledger, and nothing it prints is local). Years outside 0–9999 go to toISOString.
 */
export function utcIso(ms: number = Date.now()): string {
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  if (!(y >= 0 && y <= 9999)) return d.toISOString();
  return `${pad(y, 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}Z`;
}

/** The calendar month (UTC, "2026-11") of an instant: the month the service counts a quota in (spec §8). */
export const utcMonth = (ms: number = Date.now()): string => utcIso(ms).slice(0, 7);
