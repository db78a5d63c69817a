import { UsageError } from '../errors.js';
import { terminalColumns, type IOStreams } from '../io/streams.js';
import { csvCells } from './csvCell.js';
import { StyledCell, terminalText } from './terminalText.js';
import { fitWidths, oneLine, truncate } from './fit.js';

export const FORMATS = ['table', 'json', 'jsonl', 'csv'] as const;
export type Format = (typeof FORMATS)[number];

export interface OutputOptions {
  format: Format;
  fields?: string[];
  quiet: boolean;
  /** CSV cells written as they are (no formula neutralising) */
  csvRaw?: boolean;
}

/** What a command shows of a record: the allow-list of --columns names, table columns, the id. */
export interface View<T> {
  fields: readonly string[];
  columns: readonly string[];
  id: (item: T) => string;
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

export function parseFields(raw: string | undefined, allowed: readonly string[]): string[] | undefined {
  if (raw === undefined) return undefined;
  const names = raw.split(',').map((s) => s.trim()).filter(Boolean);
  if (names.length === 0) throw new UsageError('--columns: give at least one field name');
  const unknown = names.filter((n) => !allowed.includes(n));
  if (unknown.length) {
    throw new UsageError(`--columns: unknown field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; valid fields: ${allowed.join(', ')}`);
  }
  return names;
}

function pick(item: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const n of names) out[n] = item[n];
  return out;
}

export function cell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (value instanceof StyledCell) return value.plain;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

async function table(io: IOStreams, rows: Record<string, unknown>[], columns: readonly string[]): Promise<string> {
  const { default: Table } = await import('cli-table3');
  // column names may be form labels: escaped like the cells
  const names = columns.map(terminalText);
  let head = [...names];
  if (io.color) {
    const { Chalk } = await import('chalk');
    const chalk = new Chalk({ level: 1 });
    head = head.map((h) => chalk.bold(h));
  }
  // on a terminal every row is one line and the table fits its width; elsewhere nothing is cut
  const texts = rows.map((r) => columns.map((c) => terminalText(oneLine(cell(r[c])))));
  const styledAt = (row: number, col: number) => {
    const v = rows[row]![columns[col]!];
    return v instanceof StyledCell ? v.styled : undefined;
  };
  const limit = io.isStdoutTTY ? terminalColumns(io.stdout) : Infinity;
  const natural = names.map((c, i) => Math.max(c.length, ...texts.map((t) => [...t[i]!].length)));
  const widths = Number.isFinite(limit) ? fitWidths(natural, limit) : natural;
  const t = new Table({ head, style: { head: [], border: [] }, colWidths: widths.map((w) => w + 2), wordWrap: false });
  texts.forEach((row, r) => t.push(row.map((text, i) => (styledAt(r, i) !== undefined && [...text].length <= widths[i]! ? styledAt(r, i)! : truncate(text, widths[i]!)))));
  return `${t.toString()}\n`;
}

async function csv(rows: Record<string, unknown>[], columns: readonly string[], raw = false): Promise<string> {
  const { stringify } = await import('csv-stringify/sync');
  return stringify(rows.map((r) => csvCells(columns.map((c) => cell(r[c])), raw)), { header: true, columns: [...columns] });
}

export async function renderList<T>(io: IOStreams, opts: OutputOptions, view: View<T>, items: T[]): Promise<string> {
  if (opts.quiet) return items.map((i) => `${view.id(i)}\n`).join('');
  const records = items as unknown as Record<string, unknown>[];
  const chosen = opts.fields;
  switch (opts.format) {
    case 'json':
      return `${JSON.stringify(chosen ? records.map((r) => pick(r, chosen)) : records, null, 2)}\n`;
    case 'jsonl':
      return records.map((r) => `${JSON.stringify(chosen ? pick(r, chosen) : r)}\n`).join('');
    case 'csv':
      return csv(records, chosen ?? view.fields, opts.csvRaw);
    case 'table':
      if (records.length === 0) return '';
      return table(io, records, chosen ?? view.columns);
  }
}

export async function renderOne<T>(io: IOStreams, opts: OutputOptions, view: View<T>, item: T): Promise<string> {
  if (opts.quiet) return `${view.id(item)}\n`;
  const record = item as unknown as Record<string, unknown>;
  const chosen = opts.fields;
  switch (opts.format) {
    case 'json':
      return `${JSON.stringify(chosen ? pick(record, chosen) : record, null, 2)}\n`;
    case 'jsonl':
      return `${JSON.stringify(chosen ? pick(record, chosen) : record)}\n`;
    case 'csv':
      return csv([record], chosen ?? view.fields, opts.csvRaw);
    case 'table': {
      // one record: a key/value listing reads better than a one-row table
      const names = chosen ?? view.fields;
      const width = Math.max(...names.map((n) => terminalText(n).length));
      const limit = io.isStdoutTTY ? terminalColumns(io.stdout) - width - 2 : Infinity;
      const text = (n: string) => terminalText(Number.isFinite(limit) ? oneLine(cell(record[n])) : cell(record[n]));
      return names.map((n) => `${terminalText(n).padEnd(width)}  ${Number.isFinite(limit) ? truncate(text(n), Math.max(limit, 10)) : text(n)}\n`).join('');
    }
  }
}
