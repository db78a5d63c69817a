// Tables that fit the terminal, as gh draws them: each cell on one line, the widest columns cut
// down first, cut text ending in "…". Pipes are not cut (they get every character).

/** One line of a cell: newlines and tabs become spaces. */
export function oneLine(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ');
}

/** `text` at most `width` characters, ending in … when cut. */
export function truncate(text: string, width: number): string {
  if (width <= 0) return '';
  const chars = [...text];
  return chars.length <= width ? text : `${chars.slice(0, Math.max(0, width - 1)).join('')}…`;
}

/**
 * Column widths that fit `total` characters of table (borders and padding take 3 per column plus
 * 1): the widest column gives way first, down to `min` (or its header, when shorter). A `fixed`
 * column (an id: cut, it is useless) keeps its width.
 */
export function fitWidths(natural: number[], total: number, min = 6, fixed: boolean[] = []): number[] {
  const widths = [...natural];
  const budget = total - (3 * widths.length + 1);
  let sum = widths.reduce((a, b) => a + b, 0);
  while (sum > budget) {
    let widest = -1;
    for (let i = 0; i < widths.length; i++) if (!fixed[i] && widths[i]! > min && (widest === -1 || widths[i]! > widths[widest]!)) widest = i;
    if (widest === -1) break; // every column at its minimum: it overflows rather than vanish
    widths[widest]!--;
    sum--;
  }
  return widths;
}

/**
 * The columns a terminal of `total` characters shows, and their widths: shrunk as fitWidths does,
 * and when that is not enough the last columns that are not `fixed` are left out (the caller names
 * them), so that ids are never cut.
 */
export function fitColumns(natural: number[], total: number, fixed: boolean[], min = 6): { shown: number[]; widths: number[] } {
  let shown = natural.map((_, i) => i);
  for (;;) {
    const widths = fitWidths(shown.map((i) => natural[i]!), total, min, shown.map((i) => fixed[i] === true));
    const fits = widths.reduce((a, b) => a + b, 0) + 3 * widths.length + 1 <= total;
    const droppable = [...shown].reverse().find((i) => !fixed[i]);
    if (fits || droppable === undefined || shown.length === 1) return { shown, widths };
    shown = shown.filter((i) => i !== droppable);
  }
}
