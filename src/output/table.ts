import { paint, terminalColumns, type IOStreams } from '../io/streams.js';
import { fitColumns, oneLine, truncate } from './fit.js';
import { StyledCell, terminalText } from './terminalText.js';

/** Columns holding ids: a cut id is useless, so they keep their width and are never left out. */
function isIdColumn(name: string): boolean {
  return /^(id|qrId|key)$|Id$/.test(name);
}

/** Text of a cell: a styled cell by its plain text, so widths never count colour codes. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (value instanceof StyledCell) return value.plain;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * A table as gh draws one: on a terminal every row is one line and the table fits its width (the
 * widest columns shrink first, ids never; when that is not enough the last columns are left out and
 * one dim line on stderr names them); elsewhere nothing is cut.
 */
export async function renderTable(io: IOStreams, rows: Record<string, unknown>[], columns: readonly string[]): Promise<string> {
  const { default: Table } = await import('cli-table3');
  // column names may be form labels: escaped like the cells
  const names = columns.map(terminalText);
  const texts = rows.map((r) => columns.map((c) => terminalText(oneLine(cellText(r[c])))));
  const natural = names.map((c, i) => Math.max([...c].length, ...texts.map((t) => [...t[i]!].length)));
  const limit = io.isStdoutTTY ? terminalColumns(io.stdout) : Infinity;
  const all = names.map((_, i) => i);
  const { shown, widths } = Number.isFinite(limit) ? fitColumns(natural, limit, columns.map(isIdColumn)) : { shown: all, widths: natural };
  let head = shown.map((i) => names[i]!);
  if (io.color) {
    const { Chalk } = await import('chalk');
    const chalk = new Chalk({ level: 1 });
    head = head.map((h) => chalk.bold(h));
  }
  const t = new Table({ head, style: { head: [], border: [] }, colWidths: widths.map((w) => w + 2), wordWrap: false });
  texts.forEach((row, r) =>
    t.push(
      shown.map((i, k) => {
        const v = rows[r]![columns[i]!];
        const text = row[i]!;
        return v instanceof StyledCell && [...text].length <= widths[k]! ? v.styled : truncate(text, widths[k]!);
      }),
    ),
  );
  const dropped = all.filter((i) => !shown.includes(i)).map((i) => names[i]!);
  if (dropped.length) {
    io.stderr.write(`${paint(io.colorErr).dim(`Not shown to fit the terminal: ${dropped.join(', ')} (choose columns with --columns, or see everything with -o json)`)}\n`);
  }
  return `${t.toString()}\n`;
}
