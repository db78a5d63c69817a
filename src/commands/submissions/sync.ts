import { plural } from '../../output/plural.js';
import { listForms } from '../../api/resources/forms.js';
import { listSubmissionsChunks, SUBMISSIONS_PAGE_MAX, submissionsPageOf } from '../../api/resources/submissions.js';
import { textOf } from '../../api/bodyText.js';
import { paginate } from '../../api/paginate.js';
import { walkPages } from '../../api/pageWalker.js';
import type { ApiClient } from '../../api/http.js';
import type { Deps } from '../../cmdutil/factory.js';
import { interruptible, signalExit } from '../../cmdutil/interrupt.js';
import { requireQrId } from '../../cmdutil/input.js';
import type { AnswerField } from '../../domain/answers.js';
import { FORMS_PAGE_MAX } from '../../domain/limits.js';
import { planColumns } from '../../domain/syncColumns.js';
import type { RedactionKey } from '../../domain/redact.js';
import { UsageError } from '../../errors.js';
import { openSink } from './syncSinks.js';
import { holdsPassword, type Pages, type Sink, type SyncState } from './syncShared.js';

/** a page as fetched: the bytes that came (the sink parses them), and the walk's number of pages */
interface RawPage {
  chunks: Buffer[];
  totalPages: number;
}

interface Opts {
  redact?: boolean;
  redactText?: boolean;
  to?: string;
  allForms?: boolean;
  full?: boolean;
}

interface Outcome {
  qrId: string;
  table: string;
  upserted: number;
  deleted: number;
  requests: number;
  rows: number;
}

/**
 * pages in flight while rows are written; a sink that writes off this thread (the SQLite worker,
 * PostgreSQL's COPY) may still be writing the batch before, so the walk can be a batch ahead
 */
const WINDOW = 8;
/**
 * Rows per transaction: 1,000 (ten pages) at most for the first, then twice as many each time up to
 * 8,000 (and a batch near the end may close earlier: TAIL_BATCH_ROWS). A commit rewrites the pages of
 * every index it touched, so fewer, larger ones cost less; a short sync still commits early and often.
 */
const FIRST_BATCH_ROWS = 1000;
const MAX_BATCH_ROWS = 8000;
/**
 * Near the end, a batch is committed once it holds as many rows as are left to fetch (and at least
 * this many): the database writes it while the rest comes, and what it writes after the last page
 * (while nothing else is left to do) is a few hundred rows, not up to 8,000.
 */
const TAIL_BATCH_ROWS = 500;

/** how long a signal waits for the next page (and the commit of the pages before it) before it ends the run as usual */
const STOP_GRACE_MS = 3000;

/**
 * A form's rows go to the database as each page comes (the next pages are fetched meanwhile), into a
 * transaction that spans a batch of pages and commits with the state: a commit per page cost more
 * than the rows (SQLite's WAL, PostgreSQL's round trips). Rows are counted by page (a full page's
 * hundred): only the batches' sizes depend on it.
 */
class Batches {
  private uncommitted = 0;
  private batchRows = FIRST_BATCH_ROWS;
  private started = false;
  // the commit in progress: the next batch's pages are fetched (and staged) while the database
  // commits this one (PostgreSQL works in its own process); commits run one at a time, in order
  private committing: Promise<void> = Promise.resolve();
  /** a commit that failed: it stops the walk at the next page, not at the next commit a batch later */
  failure: { error: unknown } | undefined;
  /** the rows the commits wrote */
  upserted = 0;

  constructor(private readonly pages: Pages, private readonly state: Omit<SyncState, 'newestCreatedAt' | 'idsAtNewest'>) {}

  /** whether a stop has anything to keep: rows written, or a batch committed already */
  get holdsAny(): boolean {
    return this.uncommitted > 0 || this.started;
  }

  /** a page written, with `rowsLeft` still to fetch: its batch commits once full, or once it holds as many as are left */
  async wrote(rowsLeft: number): Promise<void> {
    this.uncommitted += SUBMISSIONS_PAGE_MAX;
    if (this.uncommitted >= this.batchRows || (this.uncommitted >= TAIL_BATCH_ROWS && this.uncommitted >= rowsLeft)) await this.commit();
  }

  /** the last rows committed (the state alone when nothing was new), and every commit awaited */
  async end(): Promise<void> {
    if (this.uncommitted || !this.started) await this.commit();
    await this.committing;
  }

  private async commit(): Promise<void> {
    await this.committing;
    this.uncommitted = 0;
    this.started = true;
    this.batchRows = Math.min(this.batchRows * 2, MAX_BATCH_ROWS);
    this.committing = this.pages.commit(this.state).then((rows) => {
      this.upserted += rows;
    });
    this.committing.catch((error: unknown) => (this.failure ??= { error })); // awaited by the next commit or at the end: never unhandled meanwhile
  }
}

/** pages done of the form's, on a terminal's stderr */
const progressOf = (deps: Deps, qrId: string) => (done: number, total: number) => {
  if (total > 3 && deps.io.isStderrTTY) deps.io.stderr.write(`\r${qrId}: ${done}/${total} pages${done === total ? '\n' : ''}`);
};

/**
 * One form: pages oldest first within a window pinned at the newest submission seen on page 1, each
 * batch of pages one transaction that also moves the state forward — so a sync stopped anywhere
 * (kill -9 included) resumes where it stopped, with nothing skipped and nothing twice (rows upsert
 * by id).
 */
async function syncForm(deps: Deps, client: ApiClient, sink: Sink, qrId: string, full: boolean, stopped: () => NodeJS.Signals | undefined, redaction?: RedactionKey): Promise<Outcome> {
  const prior = await sink.state(qrId);
  const state = full ? undefined : prior;
  const since = state?.newestCreatedAt;
  // the requests this form costs, retries included (each is counted against the quota)
  const sentBefore = client.requestCount;
  // page 1 is read here (the form, the size, the newest row that pins the window) and, like every
  // other page, handed to the sink as the bytes that came: each row's raw column is its text as sent
  // (so page 1 is parsed twice, here and where its rows are written: one page of a sync's pages)
  const firstChunks = await listSubmissionsChunks(client, qrId, { page: 1, limit: SUBMISSIONS_PAGE_MAX, since });
  const first = submissionsPageOf(textOf(firstChunks), qrId);
  const table = prior?.table ?? `form_${qrId.toLowerCase()}`;
  // spec §4.4: the form comes with the page; without it no field is known (--redact treats every
  // answer as unknown) and the answers are kept in the raw column only
  if (!first.form) deps.warn(`${qrId}: the service sent no form definition with the submissions: answers are stored raw, without a column per field`);
  const fields = (first.form?.fields ?? []) as unknown as AnswerField[];
  const columns = planColumns(fields, prior?.columns);
  const outcome: Outcome = { qrId, table, upserted: 0, deleted: 0, requests: client.requestCount - sentBefore, rows: prior?.rows ?? 0 };
  if (first.total === 0 && !full) return outcome;
  await sink.prepare(table, columns, Object.fromEntries(fields.map((f) => [f.key, f.type])));
  const until = first.items[0]?.createdAt;
  // the rows of the pages (skipped, redacted, the newest seen) are decided where they are written: the
  // SQLite worker is handed each page's bytes (syncRows.ts)
  const pages = await sink.pages(qrId, { since, skip: state?.idsAtNewest ?? [], full, fields, redaction });
  // pages fetched ahead wait their turn as the bytes that came, and go to the sink as such
  const fetchPage = async (p: number): Promise<RawPage> => ({ chunks: await listSubmissionsChunks(client, qrId, { page: p, limit: SUBMISSIONS_PAGE_MAX, since, until }), totalPages: first.totalPages });
  const batches = new Batches(pages, { qrId, table, columns, rows: prior?.rows ?? 0 });
  // a failure of the database's, after which nothing more is written
  let sinkFailed = false;
  try {
    // oldest page first, the next ones fetched while this one is written
    for await (const page of walkPages<RawPage>(fetchPage, { first: { chunks: firstChunks, totalPages: first.totalPages }, window: WINDOW, order: 'last-to-first', onPage: progressOf(deps, qrId) })) {
      if (batches.failure) throw ((sinkFailed = true), batches.failure.error);
      if (stopped()) break;
      await pages.write({ chunks: page.chunks }).catch((e: unknown) => {
        throw ((sinkFailed = true), e);
      });
      // pages are walked last to first: pages 1 … number - 1 are still to come
      await batches.wrote((page.number - 1) * SUBMISSIONS_PAGE_MAX);
    }
  } catch (e) {
    // stopped from outside the database (--max-requests, the quota, the network, a page refused):
    // the pages written are kept, state and all (the rows counted too), so a re-run asks for none again
    if (!sinkFailed && !batches.failure && batches.holdsAny) await batches.end().then(() => sink.finish(qrId, table)).catch(() => undefined);
    throw e;
  }
  // the last rows (those before a Ctrl-C too), or the state alone when nothing was new
  await batches.end();
  outcome.upserted = batches.upserted;
  const signal = stopped();
  if (signal) throw ((await sink.finish(qrId, table)), signalExit(signal));
  if (full) outcome.deleted = await pages.deleteMissing(table);
  outcome.requests = client.requestCount - sentBefore;
  outcome.rows = await sink.finish(qrId, table);
  return outcome;
}

/** `submissions sync QRID… --to sqlite:FILE|postgres://…`: submissions upserted into a database. */
export async function run(deps: Deps, [qrIds]: unknown[], opts: Opts): Promise<void> {
  const to = opts.to ?? deps.io.env.FORMCTL_SYNC_URL;
  // a password in a flag is in the process list and the shell's history (never printed here: redact)
  if (opts.to !== undefined && /^postgres(ql)?:/i.test(opts.to) && holdsPassword(opts.to)) {
    deps.warn('--to holds a password, which other users can read in the process list and which stays in your shell history: set FORMCTL_SYNC_URL instead, or leave it out of the URL and set PGPASSWORD');
  }
  if (!to) throw new UsageError('--to: give the database, sqlite:FILE or postgres://user:password@host:port/db (or set FORMCTL_SYNC_URL)');
  const ids = ((qrIds as string[] | undefined) ?? []).map((q) => requireQrId(q));
  if (!ids.length && !opts.allForms) throw new UsageError('give one or more QRIDs, or --all-forms');
  if (ids.length && opts.allForms) throw new UsageError('--all-forms syncs every form: give no QRID with it');
  // the database is opened before the first request: a wrong URL costs no quota
  const sink = await openSink(to);
  deps.onCleanup(() => sink.close());
  const client = await deps.client();
  const forms = opts.allForms ? [] : ids;
  const sentBefore = client.requestCount;
  if (opts.allForms) for await (const f of paginate((p) => listForms(client, { page: p, limit: FORMS_PAGE_MAX }), (f) => f.qrId)) forms.push(f.qrId);
  const outcomes: Outcome[] = [];
  const { redactionKey } = await import('../../cmdutil/redaction.js');
  const redaction = redactionKey(deps, opts);
  // Ctrl-C (or SIGTERM, SIGHUP) stops the walk at the next page and commits the pages fetched
  // before it ends the run (130); a second signal ends it at once
  const interrupt = interruptible();
  let signal: NodeJS.Signals | undefined;
  void interrupt.signal.then((s) => {
    signal = s;
    // a page that does not come (a request waiting out a Retry-After, a service that hangs): the
    // signal again, now to the run's own handler, which ends the run (the open batch rolled back)
    setTimeout(() => process.kill(process.pid, s), STOP_GRACE_MS).unref();
  });
  try {
    for (const qrId of forms) {
      if (signal) throw signalExit(signal);
      outcomes.push(await syncForm(deps, client, sink, qrId, opts.full === true, () => signal, redaction));
    }
  } finally {
    interrupt.release();
  }
  const requests = client.requestCount - sentBefore;
  const json = deps.flags.json || deps.flags.output === 'json';
  if (json) deps.io.stdout.write(`${JSON.stringify({ to: sink.label, requests, forms: outcomes }, null, 2)}\n`);
  else for (const o of outcomes) deps.io.stdout.write(`${o.qrId}\t${o.table}\t${o.upserted} upserted\t${o.deleted} deleted\t${plural(o.rows, 'row')}\t${plural(o.requests, 'request')}\n`);
  deps.info(`Synced ${outcomes.length} form${outcomes.length === 1 ? '' : 's'} into ${sink.label} with ${requests} request${requests === 1 ? '' : 's'}.`);
}
