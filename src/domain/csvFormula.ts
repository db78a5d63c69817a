/**
 * CSV formula injection (OWASP): a spreadsheet runs a cell that begins with `=`, `+`, `-` or `@` (and
 * tab or carriage return, which some strip first) as a formula. Such a cell is written with a `'`
 * in front, which spreadsheets take as "text" and do not show. A plain number (`-3`, `+1.5e3`) is
 * no formula and stays as it is, so numeric columns keep sorting as numbers. The CLI's CSV
 * (output/csvCell.ts; `--csv-raw` skips it) and the sandbox's analytics CSV, whose cells visitors
 * choose, both write cells through it.
 */
const TRIGGER = /^[=+\-@\t\r]/;
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

export function neutraliseFormula(text: string): string {
  return TRIGGER.test(text) && !NUMBER.test(text) ? `'${text}` : text;
}

/**
 * The inverse, for CSV read back (submissions import): a `'` that neutraliseFormula would have put
 * there is taken off, so an export imports as it was answered. A cell that is `'` and then anything
 * else (`'tis`, `'-3`) keeps it.
 */
export function restoreFormula(text: string): string {
  if (text[0] !== "'") return text;
  const rest = text.slice(1);
  return neutraliseFormula(rest) === text ? rest : text;
}
