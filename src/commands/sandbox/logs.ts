import type { Deps } from '../../cmdutil/factory.js';
import { parseIntFlag } from '../../cmdutil/flags.js';
import { whenIso } from '../../domain/when.js';
import { UsageError } from '../../errors.js';
import { signalExit, untilInterrupted } from '../../cmdutil/interrupt.js';
import { writeEvent } from '../../output/eventLine.js';
import { renderCsvRows, type View } from '../../output/format.js';
import type { LoggedRequest } from '../../sandbox/repo/requestLog.js';
import { sandboxSource } from './source.js';

interface Entry {
  id: number;
  at: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  member: string;
  fault: string;
}

const view: View<Entry> = {
  fields: ['id', 'at', 'method', 'path', 'status', 'ms', 'member', 'fault'],
  columns: ['id', 'at', 'method', 'path', 'status', 'ms', 'fault'],
  id: (e) => String(e.id),
};

const entry = (r: LoggedRequest): Entry => ({ id: r.id, at: r.at, method: r.method, path: r.path, status: r.status, ms: Math.round(r.ms * 10) / 10, member: r.member_id ?? '', fault: r.fault ?? '' });

/**
 * --since in the time language of every time flag (domain/when.ts); a bare number that is no time
 * there was an entry id before --after took that meaning, and the error says so.
 */
function sinceMs(raw: string | undefined, nowMs: number): number | undefined {
  try {
    const iso = whenIso('--since', raw, 'start', nowMs);
    return iso === undefined ? undefined : Date.parse(iso);
  } catch (e) {
    if (raw !== undefined && /^\d+$/.test(raw.trim())) throw new UsageError(`${(e as Error).message} (entries after request ${raw.trim()}: --after ${raw.trim()})`);
    throw e;
  }
}

/** The sandbox's request log (every API request it answered); --follow prints new ones as they come. */
export async function run(deps: Deps, _args: unknown[], opts: { data?: string; follow?: boolean; since?: string; after?: string; interval?: string }): Promise<void> {
  const out = deps.outputFor(view);
  let since = parseIntFlag('--after', opts.after, 0, Number.MAX_SAFE_INTEGER) ?? 0;
  // a bad --since is exit 2 before the sandbox is read; then read on the sandbox's clock, as its log is
  sinceMs(opts.since, Date.now());
  const interval = parseIntFlag('--interval', opts.interval, 100, 60_000) ?? 500;
  const source = sandboxSource(deps, opts.data);
  const from = opts.since === undefined ? undefined : sinceMs(opts.since, await source.nowMs());
  const logged = await source.requests(since);
  // the cursor moves past every entry read, those --since leaves out too
  const first = from === undefined ? logged : logged.filter((r) => Date.parse(r.at) >= from);
  since = logged.at(-1)?.id ?? since;
  // following, every batch is written alike: CSV rows under one header, or a JSON line per request
  // (as `submissions watch` writes its events); a table on a terminal, then a line per request
  const csvStream = opts.follow === true && out.format === 'csv' && !out.quiet && !out.query;
  const lines = opts.follow === true && !csvStream && !out.prose;
  const write = (entries: Entry[], header: boolean) => {
    if (csvStream) deps.io.stdout.write(renderCsvRows(out, view, entries, header));
    else if (out.prose && !out.quiet) for (const e of entries) deps.io.stdout.write(`${e.id}  ${e.at}  ${e.method} ${e.path}  ${e.status}  ${e.ms} ms${e.fault ? `  fault: ${e.fault}` : ''}\n`);
    else for (const e of entries) writeEvent(deps.io, out, { ...e }, String(e.id), () => ({ at: e.at, event: `${e.method} ${e.path}`, qrId: '', answers: [] }));
  };
  if (csvStream || lines) write(first.map(entry), true);
  else await deps.printList({ ...view, empty: 'No requests logged yet. Make one: formctl --sandbox forms list' }, first.map(entry));
  if (!opts.follow) return;
  const stop = untilInterrupted();
  deps.info(`Following the request log of ${source.where}; Ctrl-C to stop.`);
  for (;;) {
    const stopped = await Promise.race([stop, new Promise<false>((r) => setTimeout(() => r(false), interval))]);
    if (stopped) throw signalExit(stopped);
    const next = await source.requests(since);
    if (!next.length) continue;
    since = next.at(-1)!.id;
    write(next.map(entry), false);
  }
}
