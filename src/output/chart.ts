// Charts drawn in the terminal: a line chart of one or more series (asciichart, loaded only here)
// stretched or binned to the terminal's width, and horizontal bars for shares.

import { terminalText } from './terminalText.js';

export interface Series {
  name: string;
  values: number[];
  /** an ANSI colour name of asciichart, used only when colour is on */
  color?: 'blue' | 'green' | 'yellow' | 'magenta' | 'cyan';
}

/** n values resampled to `width` columns: averaged in bins when there are more, joined by straight lines when fewer. */
export function resample(values: number[], width: number): number[] {
  if (values.length === 0 || width <= 0) return [];
  if (values.length === width) return values;
  const out: number[] = [];
  if (values.length > width) {
    // bins of (nearly) equal size; a bin's value is its mean, so the scale stays per bucket
    for (let i = 0; i < width; i++) {
      const a = Math.floor((i * values.length) / width);
      const b = Math.max(a + 1, Math.floor(((i + 1) * values.length) / width));
      const slice = values.slice(a, b);
      out.push(slice.reduce((s, v) => s + v, 0) / slice.length);
    }
    return out;
  }
  // fewer points than columns: drawn as straight lines between them
  if (values.length === 1 || width === 1) return new Array<number>(width).fill(values[0]!);
  for (let i = 0; i < width; i++) {
    const at = (i * (values.length - 1)) / (width - 1);
    const lo = Math.floor(at);
    const hi = Math.min(values.length - 1, lo + 1);
    out.push(values[lo]! + (values[hi]! - values[lo]!) * (at - lo));
  }
  return out;
}

const AXIS = 8; // width of the y axis labels

/** A line chart `width` columns wide (labels included) with the first, middle and last x labels under it. */
export async function lineChart(series: Series[], xLabels: string[], opts: { width: number; height?: number; color: boolean }): Promise<string> {
  const loaded = await import('asciichart');
  // a CommonJS module that exports a colour named `default`: the namespace or its default, whichever plots
  const asciichart = typeof loaded.plot === 'function' ? loaded : (loaded as unknown as { default: typeof loaded }).default;
  const plotWidth = Math.max(10, opts.width - AXIS - 2);
  const data = series.map((s) => resample(s.values, plotWidth));
  // counts: the axis is in whole numbers. Up to 10 a row per count (no row labelled 0.5); above,
  // 10 rows whose labels are rounded
  const max = Math.max(1, Math.ceil(Math.max(...data.flat())));
  const height = Math.min(opts.height ?? 10, max);
  const text = asciichart.plot(data, {
    height,
    min: 0,
    max,
    colors: opts.color ? series.map((s) => asciichart[s.color ?? 'blue']) : undefined,
    format: (x: number) => String(Math.round(x)).padStart(AXIS),
  });
  const first = xLabels[0] ?? '';
  const last = xLabels[xLabels.length - 1] ?? '';
  const mid = xLabels[Math.floor(xLabels.length / 2)] ?? '';
  const axisRow = Array.from({ length: plotWidth }, () => ' ');
  const put = (label: string, at: number) => {
    const start = Math.max(0, Math.min(plotWidth - label.length, at));
    for (let i = 0; i < label.length; i++) axisRow[start + i] = label[i]!;
  };
  put(first, 0);
  if (xLabels.length > 2 && plotWidth > first.length + mid.length + last.length + 4) put(mid, Math.floor(plotWidth / 2 - mid.length / 2));
  if (xLabels.length > 1) put(last, plotWidth - last.length);
  const legend = series.map((s) => (opts.color ? `${asciichart[s.color ?? 'blue']}──${asciichart.reset} ${s.name}` : `── ${s.name}`)).join('   ');
  return `${text}\n${' '.repeat(AXIS + 2)}${axisRow.join('').trimEnd()}\n${' '.repeat(AXIS + 2)}${legend}\n`;
}

/** Parts of a line joined by ' · ', starting a new line where the next part would pass `width`. */
export function joinWithin(parts: string[], width: number, visible: (s: string) => number = (s) => [...s].length): string {
  const lines: string[] = [];
  let line = '';
  for (const part of parts.filter(Boolean)) {
    if (line && visible(line) + 3 + visible(part) > width) {
      lines.push(line);
      line = part;
    } else line = line ? `${line} · ${part}` : part;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

/** A table of the top items: name, count and share columns, and a bar of the count, fitted to `width`. */
export function bars(rawItems: Array<{ label: string; count: number }>, total: number, width: number, heading = ''): string {
  if (rawItems.length === 0) return '  (none)\n';
  const items = rawItems.map((i) => ({ ...i, label: terminalText(i.label) })); // a city is what a visitor's headers said
  const labelWidth = Math.min(20, Math.max(heading.length, ...items.map((i) => [...i.label].length)));
  const countWidth = Math.max(5, ...items.map((i) => String(i.count).length));
  const barWidth = Math.max(5, width - labelWidth - countWidth - 6 - 4);
  const max = Math.max(...items.map((i) => i.count), 1);
  const head = `  ${heading.padEnd(labelWidth)} ${'scans'.padStart(countWidth)} ${'share'.padStart(5)}\n`;
  return head + items
    .map((i) => {
      const label = [...i.label].length > labelWidth ? `${[...i.label].slice(0, labelWidth - 1).join('')}…` : i.label.padEnd(labelWidth);
      const cells = i.count === 0 ? 0 : Math.max(1, Math.round((i.count / max) * barWidth));
      const share = `${total ? Math.round((i.count / total) * 100) : 0}%`;
      return `  ${label} ${String(i.count).padStart(countWidth)} ${share.padStart(5)} ${'█'.repeat(cells)}\n`;
    })
    .join('');
}
