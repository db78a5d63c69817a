import { Option, type Command } from 'commander';
import { UsageError } from '../errors.js';

export interface GlobalFlags {
  output?: string;
  json?: boolean;
  columns?: string;
  query?: string;
  quiet?: boolean;
  csvRaw?: boolean;
  profile?: string;
  baseUrl?: string;
  sandbox?: boolean;
  timeout?: string;
  retries?: string;
  maxRequests?: string;
  verbose?: boolean;
}

/**
 * The shared flags' Option objects, made once per process: a group registers them on each of its
 * verbs, and commander only reads an Option it is given (making ~150 of them cost start-up time).
 */
const shared = new Map<string, Option>();
function sharedOption(key: string, make: () => Option): Option {
  let o = shared.get(key);
  if (!o) shared.set(key, (o = make()));
  return o;
}

const FORMATS = 'output format: table, json, jsonl or csv (default: table on a terminal, json in a pipe)';

/**
 * -o, --json and --query alone: for a command whose output is a report, not records (doctor);
 * `formats` says what -o takes when a command takes fewer (forms design).
 */
export function addFormatFlags(cmd: Command, formats = FORMATS): Command {
  return cmd
    .addOption(sharedOption(`output ${formats}`, () => new Option('-o, --output <format>', formats)))
    .addOption(sharedOption('json', () => new Option('--json', 'shortcut for --output json')))
    .addOption(queryOption());
}

/** --query: a JMESPath expression over what -o json prints; its result shown in the -o format. */
export function queryOption(): Option {
  return sharedOption('query', () => new Option('--query <expr>', 'JMESPath expression applied to what -o json prints (e.g. "[].id"); the result is shown in the -o format'));
}

/** Options that shape output: shown in each data command's help. */
/** `formats`: the -o help of a command that takes fewer formats than the four */
export function addOutputFlags(cmd: Command, opts: { fields?: readonly string[]; formats?: string } = {}): Command {
  const columns = `comma-separated fields to show (table and CSV columns, JSON keys)${opts.fields ? ` (${opts.fields.join(', ')})` : ''}`;
  return addFormatFlags(cmd, opts.formats)
    .addOption(sharedOption(`columns ${columns}`, () => new Option('--columns <names>', columns)))
    .addOption(sharedOption('quiet', () => new Option('-q, --quiet', 'print only ids, one per line')))
    .addOption(csvRawOption());
}

/** --csv-raw: CSV cells as they are, without the formula guard (see output/csvCell.ts). */
export function csvRawOption(): Option {
  return sharedOption('csv-raw', () => new Option('--csv-raw', "write CSV cells as they are: by default a cell that begins with = + - @ gets a leading ' so spreadsheets do not run it"));
}

const CONNECTION_FLAGS: ReadonlyArray<readonly [flags: string, description: string]> = [
  ['--profile <name>', 'profile to use (env FORMCTL_PROFILE)'],
  ['--base-url <url>', 'API base URL, ending in /v1 (env FORMCTL_BASE_URL)'],
  ['--sandbox', 'run against the embedded sandbox: no account needed'],
  ['--timeout <seconds>', 'per-request timeout in seconds (default 30)'],
  ['--retries <n>', 'retries for 429 and transient failures (default 3)'],
  ['--max-requests <n>', 'stop (exit 5) before sending request n+1 of this run (env FORMCTL_MAX_REQUESTS)'],
  ['--verbose', 'log each API request on stderr, and the request count'],
];

/**
 * Connection flags: accepted before or after the verb; listed once in `formctl --help`. A verb that
 * has one of its own of the same name (`config get --profile`) keeps its own.
 */
export function addConnectionFlags(cmd: Command, hidden: boolean): Command {
  const opt = (flags: string, description: string) =>
    sharedOption(`${hidden} ${flags}`, () => {
      const o = new Option(flags, description);
      return hidden ? o.hideHelp() : o;
    });
  let out = cmd;
  for (const [flags, description] of CONNECTION_FLAGS) {
    const long = flags.split(' ')[0];
    if (!out.options?.some((o) => o.long === long)) out = out.addOption(opt(flags, description));
  }
  return out;
}

export function parseIntFlag(name: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^-?\d+$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max) {
    throw new UsageError(`${name}: expected an integer from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

export function parseNumberFlag(name: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || n < min || n > max) {
    throw new UsageError(`${name}: expected a number from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}
