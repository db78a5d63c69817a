import { Option, type Command } from 'commander';
import type { bind as Bind } from '../../cmdutil/command.js';
import { addOutputFlags, csvRawOption } from '../../cmdutil/flags.js';
import { PERIODS } from '../../domain/analyticsPeriods.js';
import { TIME_WORDS } from '../../domain/when.js';

/** The query flags both verbs take (spec §4.3). */
function queryFlags(cmd: Command): Command {
  return cmd
    .addOption(new Option('--period <period>', 'day, week (last 7 days), month (last 30, default), months (last 6), year (this year), years, custom').choices([...PERIODS]))
    .option('--tz <zone>', 'IANA time zone for buckets and typed dates (default UTC)')
    .option('--day <date>', `one day by hour (period day): ${TIME_WORDS}`)
    .option('--from <date>', `start of a custom range: ${TIME_WORDS}`)
    .option('--to <date>', `end of a custom range, inclusive (default now; a date alone takes the whole day): ${TIME_WORDS}`)
    .option('--submissions', 'only scans that led to a submission (submission=1)');
}

export function register(program: Command, bind: typeof Bind): void {
  const analytics = program.command('analytics').description('Scan analytics of a form: a summary, a chart and top places, or the raw scans as CSV');
  const verb = (name: string, description: string, opts?: { isDefault?: boolean }) => analytics.command(name, opts).description(description);
  bind(
    addOutputFlags(queryFlags(verb('show', 'Scans over time, unique visitors, devices, countries and cities (the default verb)', { isDefault: true }).argument('<qrId>', 'form id')), { fields: ['date', 'all', 'unique'] })
      .option('--no-share', 'on a terminal, skip the second request that tells the share of scans that led to a submission')
      .addHelpText('after', `\nOn a terminal: a summary, a chart of the timeseries and bars of the top devices, countries and cities
(two requests: the second, with submission=1, gives the share of scans that led to a submission).
-o json prints the API's analytics object; -o jsonl and -o csv the timeseries (date, all, unique).

Examples:
  formctl analytics F8K2QX                     # the last 30 days
  formctl analytics F8K2QX --period week --tz Asia/Tokyo
  formctl analytics F8K2QX --day yesterday --tz Europe/Paris
  formctl analytics F8K2QX --from 2026-11-01 --to 2026-11-07 -o csv > week.csv
  formctl analytics F8K2QX -o json | jq '.countries[:3]'
  formctl analytics F8K2QX --query "{scans: scans, unique: uniqueScans, top: countries[0].country}"`),
    () => import('./show.js'),
  );
  bind(
    queryFlags(verb('export', 'Download the raw scans as CSV, one row per scan (the link expires, so it is fetched at once)').argument('<qrId>', 'form id'))
      .option('--out <file>', 'where to write the CSV (default stdout)')
      .option('--force', 'overwrite --out when it exists')
      .addOption(csvRawOption())
      .addHelpText('after', '\nThe CSV link is fetched without the API key.\n\nExamples:\n  formctl analytics export F8K2QX --out scans.csv\n  formctl analytics export F8K2QX --period year --tz Europe/Berlin | wc -l'),
    () => import('./export.js'),
  );
}
