import { neutraliseFormula } from '../domain/csvFormula.js';

/** The cells of a CSV row as written: neutralised unless raw was asked for. */
export function csvCells(cells: string[], raw: boolean): string[] {
  return raw ? cells : cells.map(neutraliseFormula);
}

const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV line (with its `\n`) of string cells, neutralised unless raw: exactly what csv-stringify
 * writes with its defaults (a cell holding a comma, quote, CR or LF is quoted, quotes doubled). The
 * one CSV writer of lists (-o csv), exports and import's error file; csv-stringify stays for the one
 * stream that re-writes the service's CSV (analytics export), with its Windows line ends.
 */
export function csvLine(cells: readonly string[], raw: boolean): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    const cell = raw ? cells[i]! : neutraliseFormula(cells[i]!);
    if (i > 0) line += ',';
    line += NEEDS_QUOTES.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
  }
  return `${line}\n`;
}
