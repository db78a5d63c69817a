import { UsageError } from '../errors.js';
import { terminalColumns, type IOStreams } from '../io/streams.js';
import { csvLine } from './csvCell.js';
import { terminalText } from './terminalText.js';
import { oneLine, truncate } from './fit.js';
import { cellText as cell, renderTable } from './table.js';
import type { Query } from './query.js';

export const FORMATS = ['table', 'json', 'jsonl', 'csv'] as const;
export type Format = (typeof FORMATS)[number];

export interface OutputOptions {
  format: Format;
  fields?: string[];
  quiet: boolean;
  /** CSV cells written as they are (no formula neutralising) */
  csvRaw?: boolean;
  /** --query: applied to what -o json prints; its result is shown in `format` */
  query?: Query;
}

/** What a command is told of its output (Deps.outputFor): the options, and whether it may talk. */
export interface CommandOutput extends OutputOptions {
  /**
   * A table with no --query: what a person reads, so a command may print its sentences and
   * outlines. Anything else (a format asked for, or a query's result) prints the data alone.
   */
  prose: boolean;
}

/**
 * What a command shows of a record. JSON and JSONL print the record as the service shaped it (same
 * keys, same nesting); only a table and CSV may flatten it, through `row`.
 */
export interface View<T> {
  /** the record's keys: JSON keys, CSV columns */
  fields: readonly string[];
  /** the table's columns (a `row` may add flattened ones, e.g. the presets' pattern) */
  columns: readonly string[];
  id: (item: T) => string;
  /** table and CSV cells of a record when they are not its own keys */
  row?: (item: T) => Record<string, unknown>;
  /** CSV's columns when a `row` flattens the record (default: `fields`) */
  csvColumns?: readonly string[];
  /** what a terminal says for an empty list, with the next step (stderr; JSON stays [], CSV a header) */
  empty?: string;
  /** table and CSV take columns known only once the data has come (the answers, by their form's labels) */
  laterColumns?: boolean;
}

/** -o wins, then --json, then the `output` setting, then: a table on a terminal, JSON in a pipe. */
export function resolveFormat(flag: string | undefined, json: boolean | undefined, setting: string | undefined, io: IOStreams): Format {
  const chosen = flag ?? (json ? 'json' : undefined) ?? setting;
  if (chosen === undefined) return io.isStdoutTTY ? 'table' : 'json';
  if (!(FORMATS as readonly string[]).includes(chosen)) {
    throw new UsageError(`--output: "${chosen}" is not a format; expected one of ${FORMATS.join(', ')}`);
  }
  return chosen as Format;
}

/** The names --columns accepts with this format: JSON picks record keys, a table and CSV their columns too. */
export function columnNames<T>(view: View<T>, format: Format): readonly string[] {
  if (format === 'json' || format === 'jsonl') return view.fields;
  const more = [...view.columns, ...(view.csvColumns ?? [])];
  return [...new Set([...view.fields, ...more])];
}

/**
 * --columns: field names or the table's header labels, in any case; each becomes the name as defined.
 * elsewhere: names another format takes (any: names not known yet), and what to say when every
 * unknown name may be one of them.
 */
export function parseFields(raw: string | undefined, allowed: readonly string[], elsewhere?: { names: readonly string[]; any?: boolean; note: string }): string[] | undefined {
  if (raw === undefined) return undefined;
  const names = raw.split(',').map((s) => s.trim()).filter(Boolean);
  if (names.length === 0) throw new UsageError('--columns: give at least one field name');
  const canonical = (n: string) => allowed.find((a) => a === n) ?? allowed.find((a) => a.toLowerCase() === n.toLowerCase());
  // a field shown in parts ("Your name (first name)", "Your name (last name)") is named by its label alone
  const parts = (n: string) => allowed.filter((a) => a.toLowerCase().startsWith(`${n.toLowerCase()} (`) && a.endsWith(')'));
  const unknown = names.filter((n) => canonical(n) === undefined && !parts(n).length);
  if (unknown.length) {
    const other = elsewhere && (elsewhere.any || unknown.every((n) => elsewhere.names.some((a) => a.toLowerCase() === n.toLowerCase()))) ? `; ${elsewhere.note}` : '';
    throw new UsageError(`--columns: unknown field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; valid fields: ${allowed.join(', ')}${other}`);
  }
  return names.flatMap((n) => canonical(n) ?? parts(n));
}

function pick(item: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const n of names) out[n] = item[n];
  return out;
}

export { cellText as cell } from './table.js';

/** CSV with a header line (written as it is: names are not neutralised), the one CSV writer (csvCell.ts). */
function csv(rows: Record<string, unknown>[], columns: readonly string[], raw = false): string {
  return csvLine(columns, true) + csvRows(rows, columns, raw);
}

function csvRows(rows: Record<string, unknown>[], columns: readonly string[], raw = false): string {
  return rows.map((r) => csvLine(columns.map((c) => cell(r[c])), raw)).join('');
}

/**
 * Records as -o csv prints them (--columns, else the view's CSV columns, else its fields), the
 * header line only with `header`: a stream of records (`sandbox logs --follow`) writes its header
 * once, then each new batch's rows.
 */
export function renderCsvRows<T>(opts: Pick<OutputOptions, 'fields' | 'csvRaw'>, view: View<T>, items: T[], header: boolean): string {
  const columns = opts.fields ?? view.csvColumns ?? view.fields;
  const rows = view.row ? items.map(view.row) : (items as unknown as Record<string, unknown>[]);
  return header ? csv(rows, columns, opts.csvRaw) : csvRows(rows, columns, opts.csvRaw);
}

/** CSV lines with no header: a list of values (one per line) or of lists (one row each). */
function csvLines(lines: unknown[][], raw = false): string {
  return lines.map((l) => csvLine(l.map(cell), raw)).join('');
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * What -o json prints, in the chosen format. A list of objects is a table's or CSV's rows (the
 * columns: their keys, in order of appearance), a list of values one value per line, a list of lists
 * one row per list; one object a key/value listing (CSV: one row), one value a line. JSON Lines
 * gives each element of a list its line.
 */
export async function renderData(io: IOStreams, opts: Pick<OutputOptions, 'format' | 'csvRaw'>, data: unknown): Promise<string> {
  if (opts.format === 'json') return `${JSON.stringify(data ?? null, null, 2)}\n`;
  if (opts.format === 'jsonl') return (Array.isArray(data) ? data : [data]).map((d) => `${JSON.stringify(d ?? null)}\n`).join('');
  if (data === null || data === undefined) return '';
  if (isRecord(data)) return opts.format === 'csv' ? csv([data], Object.keys(data), opts.csvRaw) : keyValues(io, Object.keys(data), data);
  if (!Array.isArray(data)) return opts.format === 'csv' ? csvLines([[data]], opts.csvRaw) : `${terminalText(cell(data))}\n`;
  if (data.length > 0 && data.every(isRecord)) {
    const columns = [...new Set(data.flatMap((r) => Object.keys(r)))];
    return opts.format === 'csv' ? csv(data, columns, opts.csvRaw) : renderTable(io, data, columns);
  }
  const lists = data.every(Array.isArray);
  if (!lists && data.some((d) => d !== null && typeof d === 'object')) {
    throw new UsageError(`-o ${opts.format} shows a list of objects, of values or of lists; this one mixes them: use -o json (or change --query)`);
  }
  const lines = data.map((d) => (lists ? (d as unknown[]) : [d]));
  if (opts.format === 'csv') return csvLines(lines, opts.csvRaw);
  return lines.map((l) => `${l.map((v) => terminalText(oneLine(cell(v)))).join('\t')}\n`).join('');
}

/** One record as `name  value` lines, cut to the terminal's width there. */
function keyValues(io: IOStreams, names: readonly string[], shown: Record<string, unknown>): string {
  const width = Math.max(...names.map((n) => terminalText(n).length));
  const limit = io.isStdoutTTY ? terminalColumns(io.stdout) - width - 2 : Infinity;
  const text = (n: string) => terminalText(Number.isFinite(limit) ? oneLine(cell(shown[n])) : cell(shown[n]));
  return names.map((n) => `${terminalText(n).padEnd(width)}  ${Number.isFinite(limit) ? truncate(text(n), Math.max(limit, 10)) : text(n)}\n`).join('');
}

export async function renderList<T>(io: IOStreams, opts: OutputOptions, view: View<T>, items: T[]): Promise<string> {
  if (opts.quiet) return items.map((i) => `${view.id(i)}\n`).join('');
  const records = items as unknown as Record<string, unknown>[];
  const chosen = opts.fields;
  if (opts.query) return renderData(io, opts, opts.query.apply(chosen ? records.map((r) => pick(r, chosen)) : records));
  switch (opts.format) {
    case 'json':
      return `${JSON.stringify(chosen ? records.map((r) => pick(r, chosen)) : records, null, 2)}\n`;
    case 'jsonl':
      return records.map((r) => `${JSON.stringify(chosen ? pick(r, chosen) : r)}\n`).join('');
    case 'csv':
      return renderCsvRows(opts, view, items, true);
    case 'table':
      if (records.length === 0) {
        // on a terminal an empty list says so and what to do next; stdout stays empty
        if (view.empty) io.stderr.write(`${view.empty}\n`);
        return '';
      }
      return renderTable(io, view.row ? items.map(view.row) : records, chosen ?? view.columns);
  }
}

/**
 * Whether a list can be written batch by batch as its pages come (renderListStream): every format
 * but a table (whose columns are fitted to all its rows) and a --query (which reads the whole list).
 */
export function streamsList(opts: OutputOptions): boolean {
  return opts.quiet || (!opts.query && opts.format !== 'table');
}

/**
 * A list written as its batches come, byte for byte what renderList writes for all of them at once
 * (JSON's array included): a reader that stops early (`| head`) ends the walk, and memory holds one
 * batch. Only where streamsList holds.
 */
export async function* renderListStream<T>(opts: OutputOptions, view: View<T>, batches: AsyncIterable<T[]>): AsyncGenerator<string> {
  const chosen = opts.fields;
  const record = (i: T) => (chosen ? pick(i as unknown as Record<string, unknown>, chosen) : i);
  let first = true;
  for await (const items of batches) {
    if (!items.length) continue;
    if (opts.quiet) yield items.map((i) => `${view.id(i)}\n`).join('');
    else if (opts.format === 'jsonl') yield items.map((i) => `${JSON.stringify(record(i))}\n`).join('');
    else if (opts.format === 'csv') yield renderCsvRows(opts, view, items, first);
    // JSON.stringify(list, null, 2): each element two spaces further in, after "[" or ","; lines end at
    // \n alone (a /^/m would also start one after U+2028 and U+2029, which JSON leaves in strings)
    else yield items.map((i, k) => `${first && k === 0 ? '[\n' : ',\n'}  ${JSON.stringify(record(i), null, 2).replaceAll('\n', '\n  ')}`).join('');
    first = false;
  }
  if (opts.quiet || opts.format === 'jsonl') return;
  if (opts.format === 'csv') {
    if (first) yield renderCsvRows(opts, view, [], true);
    return;
  }
  yield first ? '[]\n' : '\n]\n';
}

export async function renderOne<T>(io: IOStreams, opts: OutputOptions, view: View<T>, item: T): Promise<string> {
  if (opts.quiet) return `${view.id(item)}\n`;
  const record = item as unknown as Record<string, unknown>;
  const shown = view.row ? view.row(item) : record;
  const chosen = opts.fields;
  if (opts.query) return renderData(io, opts, opts.query.apply(chosen ? pick(record, chosen) : record));
  switch (opts.format) {
    case 'json':
      return `${JSON.stringify(chosen ? pick(record, chosen) : record, null, 2)}\n`;
    case 'jsonl':
      return `${JSON.stringify(chosen ? pick(record, chosen) : record)}\n`;
    case 'csv':
      return renderCsvRows(opts, view, [item], true);
    case 'table': {
      // one record: a key/value listing reads better than a one-row table
      return keyValues(io, chosen ?? (view.row ? view.columns : view.fields), shown);
    }
  }
}
