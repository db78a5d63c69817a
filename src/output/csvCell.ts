/**
 * CSV formula injection (OWASP): a spreadsheet runs a cell that begins with `=`, `+`, `-` or `@` (and
 * tab or carriage return, which some strip first) as a formula. Such a cell is written with a `'`
 * in front, which spreadsheets take as "text" and do not show. A plain number (`-3`, `+1.5e3`) is
 * no formula and stays as it is, so numeric columns keep sorting as numbers. `--csv-raw` skips this.
 */
const TRIGGER = /^[=+\-@\t\r]/;
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

export function neutraliseFormula(text: string): string {
  return TRIGGER.test(text) && !NUMBER.test(text) ? `'${text}` : text;
}

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
