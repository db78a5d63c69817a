import { paint, terminalColumns, type IOStreams } from '../io/streams.js';
import { UsageError } from '../errors.js';
import { truncate } from './fit.js';
import { cellText } from './table.js';
import { terminalText } from './terminalText.js';
import type { OutputOptions } from './format.js';

// The streams of events (submissions watch, webhook listen): one readable line per event on a
// terminal, JSON lines in a pipe or with -o json/jsonl, ids alone with -q.

/** An event as a person reads it: when, what, which form, and the first answers. */
export interface EventSummary {
  at: string;
  event: string;
  qrId: string;
  title?: string;
  /** answers in the form's order: a label when known (watch), else the value alone (a webhook) */
  answers: Array<{ label?: string; value: unknown }>;
}

const FIRST_ANSWERS = 3;

function answerText(v: unknown): string {
  if (Array.isArray(v)) return v.map(answerText).filter(Boolean).join(', ');
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if ('itemName' in o) return `${cellText(o.itemName)}: ${cellText(o.selectedValue ?? o.value)}`;
    return Object.values(o).map(answerText).filter(Boolean).join(' ');
  }
  return cellText(v);
}

function clock(at: string): string {
  const d = new Date(at);
  return Number.isNaN(d.getTime()) ? at : d.toTimeString().slice(0, 8);
}

/** One line, cut to the terminal's width: `14:03:22 submission.created LUNCH1 "Lunch"  Meal: fish · Who: Ada`. */
export function eventLine(io: IOStreams, e: EventSummary): string {
  const p = paint(io.color);
  const answers = e.answers.filter((a) => answerText(a.value) !== '');
  const shown = answers.slice(0, FIRST_ANSWERS).map((a) => (a.label ? `${a.label}: ${answerText(a.value)}` : answerText(a.value)));
  const more = answers.length > FIRST_ANSWERS ? ` · +${answers.length - FIRST_ANSWERS} more` : '';
  const head = `${clock(e.at)} ${e.event} ${e.qrId}${e.title ? ` "${e.title}"` : ''}`;
  const tail = shown.join(' · ') + more;
  const width = terminalColumns(io.stdout);
  const room = Math.max(10, width - [...head].length - 2);
  const cut = truncate(terminalText(tail.replace(/[\r\n\t]+/g, ' ')), room);
  return `${p.dim(terminalText(clock(e.at)))} ${p.bold(terminalText(e.event))} ${terminalText(`${e.qrId}${e.title ? ` "${e.title}"` : ''}`)}  ${cut}\n`;
}

/** Checks the stream's output flags before it starts: CSV is not a stream's format. */
export function checkStreamFormat(out: OutputOptions): void {
  if (out.format === 'csv' && !out.quiet) throw new UsageError('--output csv: an event stream prints JSON lines (-o json or -o jsonl) or, on a terminal, readable lines');
}

/**
 * Writes one event in the chosen shape. With --query, each event's JSON goes through it: an event it
 * makes null or false is skipped (a filter), text is a plain line on a terminal, anything else a JSON line.
 */
export function writeEvent(io: IOStreams, out: OutputOptions, record: Record<string, unknown>, id: string, summary: () => EventSummary): void {
  const json = out.fields ? Object.fromEntries(out.fields.map((f) => [f, record[f]])) : record;
  if (out.quiet) io.stdout.write(`${id}\n`);
  else if (out.query) {
    const result = out.query.apply(json);
    if (result === null || result === undefined || result === false) return;
    io.stdout.write(typeof result === 'string' && out.format === 'table' ? `${terminalText(result)}\n` : `${JSON.stringify(result)}\n`);
  } else if (out.format === 'table') io.stdout.write(eventLine(io, summary()));
  else io.stdout.write(`${JSON.stringify(json)}\n`);
}
