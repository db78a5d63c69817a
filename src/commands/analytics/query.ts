import type { AnalyticsParams } from '../../api/resources/analytics.js';
import { UsageError } from '../../errors.js';
import { PERIODS } from '../../domain/analyticsPeriods.js';
import { whenFlag } from '../../domain/when.js';
import { isTimeZone } from '../../domain/zones.js';

export interface QueryFlags {
  period?: string;
  tz?: string;
  day?: string;
  from?: string;
  to?: string;
  submissions?: boolean;
}

function when(flag: string, raw: string, tz: string, nowMs: number, edge: 'start' | 'end'): number {
  return Math.floor(whenFlag(flag, raw, { tz, nowMs, edge }) / 1000);
}

/**
 * The flags as the query of spec §4.3, checked before any request (exit 2): --day is period=day,
 * --from/--to period=custom (--to defaults to now; a date alone takes the whole day), dates read in
 * --tz, the zone an IANA name.
 */
export function analyticsParams(flags: QueryFlags, nowMs: number): AnalyticsParams {
  const tz = flags.tz ?? 'UTC';
  if (!isTimeZone(tz)) throw new UsageError(`--tz: "${tz}" is not a time zone; expected an IANA name such as Europe/Paris, America/New_York or UTC`);
  let period = flags.period;
  if (period !== undefined && !(PERIODS as readonly string[]).includes(period)) {
    throw new UsageError(`--period: "${period}" is not a period; expected one of ${PERIODS.join(', ')} (for a number of days use --from 7d)`);
  }
  if (flags.day !== undefined && (flags.from !== undefined || flags.to !== undefined)) throw new UsageError('--day cannot be combined with --from/--to: one day, or a range');
  const out: AnalyticsParams = { tz, submission: flags.submissions === true };
  if (flags.day !== undefined) {
    if (period !== undefined && period !== 'day') throw new UsageError(`--day asks for period day, not --period ${period}`);
    return { ...out, period: 'day', timestamp: when('--day', flags.day, tz, nowMs, 'start') };
  }
  if (flags.from !== undefined || flags.to !== undefined) {
    if (period !== undefined && period !== 'custom') throw new UsageError(`--from/--to ask for period custom, not --period ${period}`);
    if (flags.from === undefined) throw new UsageError('--to needs --from (the start of the range), e.g. --from 2026-11-01 --to 2026-11-07');
    const from = when('--from', flags.from, tz, nowMs, 'start');
    const to = flags.to === undefined ? Math.floor(nowMs / 1000) : when('--to', flags.to, tz, nowMs, 'end');
    if (to < from) throw new UsageError(`--to (${flags.to}) is before --from (${flags.from})`);
    return { ...out, period: 'custom', timestamp: from, endTimestamp: to };
  }
  if (period === 'day') throw new UsageError('--period day needs --day DATE (e.g. --day 2026-11-01 or --day today)');
  if (period === 'custom') throw new UsageError('--period custom needs --from DATE (and --to DATE, default now)');
  period ??= 'month';
  return { ...out, period };
}
