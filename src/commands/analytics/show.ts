import { getAnalytics, type Analytics } from '../../api/resources/analytics.js';
import type { Deps } from '../../cmdutil/factory.js';
import { requireQrId } from '../../cmdutil/input.js';
import { paint, terminalColumns } from '../../io/streams.js';
import { terminalText } from '../../output/terminalText.js';

const stripAnsi = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');
import type { View } from '../../output/format.js';
import { analyticsParams, type QueryFlags } from './query.js';

interface Opts extends QueryFlags {
  share?: boolean;
}

interface Row {
  date: string;
  all: number;
  unique: number;
}

/** -o json: the analytics object as the API gives it; jsonl and csv: the timeseries, one row per bucket. */
const seriesView: View<Row> = { fields: ['date', 'all', 'unique'], columns: ['date', 'all', 'unique'], id: (r) => r.date };

function rows(a: Analytics): Row[] {
  return a.timeseries.all.map((p, i) => ({ date: p.date, all: p.count, unique: a.timeseries.unique[i]?.count ?? 0 }));
}

export async function run(deps: Deps, [qrId]: unknown[], opts: Opts): Promise<void> {
  const id = requireQrId(qrId);
  const params = analyticsParams(opts, Date.now());
  const out = deps.outputFor(seriesView);
  const client = await deps.client();
  // on a terminal the summary also tells the share of scans that led to a submission: a second
  // request (submission=1), sent side by side, unless --submissions already filters or --no-share
  const wantShare = out.prose && !out.quiet && !params.submission && opts.share !== false;
  const [a, linked] = await Promise.all([getAnalytics(client, id, params), wantShare ? getAnalytics(client, id, { ...params, submission: true }) : undefined]);
  if ((out.format === 'json' || out.query) && !out.quiet) return deps.printJson(a);
  if (out.format !== 'table' || out.quiet) return deps.printList(seriesView, rows(a));
  deps.io.stdout.write(await report(deps, a, linked, params.tz ?? 'UTC'));
}

async function report(deps: Deps, a: Analytics, linked: Analytics | undefined, tz: string): Promise<string> {
  const { lineChart, bars, joinWithin } = await import('../../output/chart.js');
  const io = deps.io;
  const p = paint(io.color);
  const width = Math.max(40, Math.min(terminalColumns(io.stdout), 140));
  const series = a.timeseries.all;
  // the title is anyone's text (and the rest the service's): escaped, then formctl's own styling
  const range = terminalText(series.length ? `${series[0]!.date} … ${series[series.length - 1]!.date}` : '');
  const lines: string[] = [];
  const visible = (s: string) => [...stripAnsi(s)].length;
  // the header fits the terminal: its parts wrap at ' · ' rather than run past the edge
  lines.push(joinWithin([`${p.bold(terminalText(a.form.title))} (${terminalText(a.form.qrId)})`, `${terminalText(a.period)}${a.submissionFilter ? ', scans that led to a submission' : ''}`, range, terminalText(tz)], width, visible));
  const share = linked ? `led to a submission ${p.bold(String(linked.scans))} (${a.scans ? Math.round((linked.scans / a.scans) * 100) : 0}%)` : '';
  lines.push(joinWithin([`scans ${p.bold(String(a.scans))}`, `unique visitors ${p.bold(String(a.uniqueScans))}`, share], width, visible));
  lines.push('');
  if (a.scans === 0) {
    // nothing to draw: an empty chart and three empty tables would say less than this
    lines.push(`No scans of this form in this period. A scan is counted each time someone opens the short link or scans the QR code${deps.target().sandbox ? ` (in the sandbox, \`formctl --sandbox sandbox seed scans ${a.form.qrId}\` makes some)` : ''}; try a longer --period.`);
    return `${lines.join('\n')}\n`;
  }
  if (series.length > 1) {
    lines.push(await lineChart(
      // unique first, so that the line of all scans is drawn over it where they meet
      [{ name: 'unique visitors', values: a.timeseries.unique.map((s) => s.count), color: 'green' }, { name: 'all scans', values: series.map((s) => s.count), color: 'blue' }],
      series.map((s) => s.date),
      { width, color: io.color },
    ));
  }
  const top = <K extends string>(title: string, list: Array<Record<K, string> & { count: number }>, key: K) => {
    const [head, ...rows] = bars(list.slice(0, 5).map((x) => ({ label: x[key], count: x.count })), a.scans, width, title).split('\n');
    return `${p.bold(head!)}\n${rows.join('\n')}`;
  };
  lines.push(top('Device', a.devices, 'device'));
  lines.push(top('Country', a.countries, 'country'));
  lines.push(top('City', a.cities, 'city'));
  return `${lines.join('\n')}`;
}
