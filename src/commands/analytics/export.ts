import { PassThrough, Readable, Transform } from 'node:stream';
import { csvCells } from '../../output/csvCell.js';
import { pipeline } from 'node:stream/promises';
import { downloadAnalyticsCsv, exportAnalytics } from '../../api/resources/analytics.js';
import type { Deps } from '../../cmdutil/factory.js';
import { requireQrId } from '../../cmdutil/input.js';
import { checkOutputPath, saveStream } from '../../cmdutil/outputPath.js';
import { UsageError } from '../../errors.js';
import { analyticsParams, type QueryFlags } from './query.js';

interface Opts extends QueryFlags {
  out?: string;
  force?: boolean;
}

/**
 * spec §4.3 export=1, then the CSV fetched at once (the link may expire), without the API key
 * (downloadAnalyticsCsv in api/resources/analytics.ts).
 */
export async function run(deps: Deps, [qrId]: unknown[], opts: Opts): Promise<void> {
  const id = requireQrId(qrId);
  const params = analyticsParams(opts, Date.now());
  const toStdout = opts.out === undefined || opts.out === '-';
  if (toStdout && deps.io.isStdoutTTY) throw new UsageError(`pass --out FILE (e.g. --out ${id}-scans.csv) or redirect stdout`);
  if (!toStdout) checkOutputPath('--out', opts.out!, { force: opts.force === true, stdout: true });
  const client = await deps.client();
  const { csvUrl } = await exportAnalytics(client, id, params);
  const fetched = await downloadAnalyticsCsv(reachable(deps, csvUrl, client.base));
  const body = deps.flags.csvRaw ? fetched : await guardFormulas(fetched);
  if (toStdout) {
    await pipeline(body, deps.io.stdout, { end: false });
    return;
  }
  // the scans of people (times, places, devices): the user's alone, like an export of submissions
  await saveStream(deps, body, opts.out!, 0o600);
  deps.info(`Saved the scans of ${id} to ${opts.out}.`);
}

/**
 * The sandbox's links name its one address, where it is served; when this command ran it in-process
 * (nothing served), the CSV is read at the address the client reached instead. Any other link as is.
 */
function reachable(deps: Deps, link: string, base: URL): string {
  const url = URL.canParse(link) ? new URL(link) : undefined;
  if (!deps.target().sandbox || !url) return link;
  if (url.origin === base.origin) return link;
  return new URL(`${url.pathname}${url.search}`, base.origin).href;
}

/** The service's CSV, re-written row by row with the formula guard (output/csvCell.ts); constant memory. */
export async function guardFormulas(csv: Readable): Promise<Readable> {
  const [{ parse }, { stringify }] = await Promise.all([import('csv-parse'), import('csv-stringify')]);
  const guard = new Transform({ objectMode: true, transform: (row: string[], _enc, done) => done(null, csvCells(row, false)) });
  const out = new PassThrough();
  pipeline(csv, parse({ relax_column_count: true, bom: true }), guard, stringify({ record_delimiter: 'windows' }), out).catch((e: Error) => out.destroy(e));
  return out;
}
