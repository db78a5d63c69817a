import { extname } from 'node:path';
import { parseJsonText } from '../../cmdutil/input.js';
import { unwrapAnswers } from '../../domain/answers.js';
import { restoreFormula } from '../../domain/csvFormula.js';
import { UsageError } from '../../errors.js';

// Reading an import file (submissions import): its format, its text (UTF-8 or refused), and its rows
// as records by column, CSV as spreadsheets write it.

/** The input's format: by its extension, or for stdin by its first character. */
export function formatOf(path: string, content: Buffer): 'csv' | 'jsonl' | 'json' {
  const ext = extname(path).toLowerCase();
  if (ext === '.jsonl' || ext === '.ndjson') return 'jsonl';
  if (ext === '.json') return 'json';
  if (ext === '.csv' || path !== '-') return 'csv';
  const first = content.toString('utf8').replace(/^\uFEFF/, '').trimStart()[0];
  return first === '[' ? 'json' : first === '{' ? 'jsonl' : 'csv';
}

/** spec §2.8 values are text: a NUL byte is refused locally, naming the row and column. */
export function refuseNul({ records, rows }: Records, file: string): void {
  records.forEach((r, i) => {
    for (const [k, v] of Object.entries(r)) {
      if (JSON.stringify(v ?? '').includes('\\u0000')) throw new UsageError(`${file}: row ${rows[i]}, column "${k}" contains a NUL byte`);
    }
  });
}

/**
 * The file as text: UTF-8, or a usage error naming the first line that is not (a Latin-1 or Windows
 * export read as UTF-8 would store "Jos\uFFFD" without a word). A byte-order mark is dropped.
 */
export function utf8Text(content: Buffer, file: string): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    const lossy = content.toString('utf8');
    const line = lossy.slice(0, lossy.indexOf('\uFFFD')).split('\n').length;
    throw new UsageError(`${file}: line ${line} is not UTF-8 (a Latin-1 or Windows-1252 file?): save it as UTF-8 (Excel: "CSV UTF-8"), or convert it: iconv -f WINDOWS-1252 -t UTF-8`);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The separator of the header line: a comma, or the semicolon or tab a spreadsheet in another locale writes. */
export function csvDelimiter(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c in counts) counts[c as keyof typeof counts]++;
  }
  return counts[';'] > counts[','] && counts[';'] >= counts['\t'] ? ';' : counts['\t'] > counts[','] ? '\t' : ',';
}

/**
 * The rows of a file as records, and each one's number as a person counts down the file (`rows`, for
 * messages and an errors file's `_row`): a CSV's data row (the header not counted, the blank and empty
 * rows that are skipped counted), a JSON Lines file's line, a JSON array's element.
 */
export interface Records {
  columns: string[];
  records: Record<string, unknown>[];
  rows: number[];
}

/** CSV rows as records by header, the export's formula guard taken off; a column with no name and no value (a trailing separator) is dropped. */
async function csvRecords(text: string, file: string): Promise<Records> {
  const { parse } = await import('csv-parse/sync');
  let all: string[][];
  try {
    // every row, blank ones too (skipped below, yet counted: the rows after them keep their numbers)
    all = parse(text, { delimiter: csvDelimiter(text), relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch (e) {
    throw new UsageError(`${file}: not valid CSV: ${(e as Error).message}`);
  }
  const headerAt = all.findIndex((r) => !isEmptyRow(r));
  if (headerAt < 0) throw new UsageError(`${file}: empty file`);
  const header = all[headerAt]!;
  // a row of empty cells (`,,,`) is skipped as a blank line is
  const data: Array<{ cells: string[]; row: number }> = [];
  for (let i = headerAt + 1; i < all.length; i++) {
    const cells = all[i]!;
    if (isEmptyRow(cells)) continue;
    const row = i - headerAt;
    if (cells.length !== header.length) throw new UsageError(`${file}: row ${row} has ${cells.length} cell${cells.length === 1 ? '' : 's'} where the header line has ${header.length}`);
    data.push({ cells, row });
  }
  const kept = header.map((_, i) => i).filter((i) => {
    if (header[i]!.trim() !== '') return true;
    const used = data.find((r) => (r.cells[i] ?? '') !== '');
    if (used) throw new UsageError(`${file}: column ${i + 1} has no name in the header line, yet row ${used.row} has a value there`);
    return false;
  });
  const at = new Map<string, number>();
  for (const i of kept) {
    const before = at.get(header[i]!);
    if (before !== undefined) throw new UsageError(`${file}: column "${header[i]}" is in the header line twice (columns ${before + 1} and ${i + 1}): keep one`);
    at.set(header[i]!, i);
  }
  return {
    columns: kept.map((i) => header[i]!),
    records: data.map((r) => Object.fromEntries(kept.map((i) => [header[i]!, restoreFormula(r.cells[i] ?? '')]))),
    rows: data.map((r) => r.row),
  };
}

/** a blank line, or a row whose every cell is empty or spaces (as csv-parse's skip_records_with_empty_values read it) */
const isEmptyRow = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

export async function readRecords(text: string, format: 'csv' | 'jsonl' | 'json', file: string): Promise<Records> {
  if (format === 'json') {
    const value = parseJsonText(text, file);
    if (!Array.isArray(value)) throw new UsageError(`${file}: expected a JSON array of rows (as \`submissions export --format json\` writes)`);
    return jsonRecords(value.map((v, i) => [v, i + 1] as const), file);
  }
  if (format === 'csv') return csvRecords(text, file);
  const lines: Array<readonly [unknown, number]> = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      lines.push([JSON.parse(line), i + 1]);
    } catch {
      throw new UsageError(`${file}: line ${i + 1} is not valid JSON`);
    }
  });
  return jsonRecords(lines, file);
}

/** JSON rows: each a whole submission ({answers: {…}}, as exports write them) or flat columns. */
function jsonRecords(rows: ReadonlyArray<readonly [unknown, number]>, file: string): Records {
  const records: Record<string, unknown>[] = [];
  const columns = new Set<string>();
  for (const [value, n] of rows) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new UsageError(`${file}: row ${n} is not a JSON object`);
    const flat = unwrapAnswers(value as Record<string, unknown>);
    for (const k of Object.keys(flat)) columns.add(k);
    records.push(flat);
  }
  return { columns: [...columns], records, rows: rows.map(([, n]) => n) };
}

