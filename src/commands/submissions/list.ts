import { listSubmissions, submissionPages, SUBMISSIONS_PAGE_MAX, type FormDefinition, type Submission } from '../../api/resources/submissions.js';
import type { ApiClient } from '../../api/http.js';
import type { Deps } from '../../cmdutil/factory.js';
import { streamsList } from '../../output/format.js';
import { UsageError } from '../../errors.js';
import { parseIntFlag } from '../../cmdutil/flags.js';
import { requireQrId } from '../../cmdutil/input.js';
import type { AnswerField } from '../../domain/answers.js';
import { withSpinner } from '../../output/progress.js';
import { parseTimeWindow } from './time.js';
import { checkSubmissionOutput, labelledView, submissionView } from './views.js';

interface Opts {
  since?: string;
  until?: string;
  page?: string;
  limit?: string;
  all?: boolean;
}

/** the view of a form's submissions: a terminal shows the id, the time and the first answers; CSV has every column */
const viewOf = (form: FormDefinition | undefined, empty: string) => ({ ...(form ? labelledView(form, (h) => [h[0]!, h[1]!, ...h.slice(3, 3 + TABLE_ANSWERS)]) : submissionView), empty });

/** Table and CSV rows are flattened like exports (one column per answer part); JSON stays raw. */
async function print(deps: Deps, items: Submission[], form: FormDefinition | undefined, empty: string): Promise<void> {
  const view = viewOf(form, empty);
  await deps.printList(view, items);
  noteLaterColumns(deps, view, items.length);
}

/** the answers the table leaves out, named (the terminal's own fitting names what it drops) */
function noteLaterColumns(deps: Deps, view: ReturnType<typeof viewOf>, shown: number): void {
  const later = view.csvColumns?.slice(3 + TABLE_ANSWERS) ?? [];
  const out = deps.outputFor(view);
  if (later.length && shown && out.prose && !out.fields && !out.quiet) {
    deps.info(`The table shows the first ${TABLE_ANSWERS} answer columns; not shown: ${later.join(', ')} (pick with --columns, or every column with -o csv)`);
  }
}

/**
 * --all in a pinned window (api/resources/submissions.ts): submissions arriving meanwhile cannot
 * shift the pages. Page 1 brings the form the view needs; the other pages are written as they come
 * where the output allows it (a reader that stops, `| head`, ends the walk), or all at once for a
 * table (fitted to every row) and a --query.
 */
async function printAll(deps: Deps, client: ApiClient, id: string, window: { since?: string; until?: string }, shown: (items: Submission[], form: FormDefinition | undefined) => Submission[], empty: string): Promise<void> {
  const walk = submissionPages(client, id, window);
  const first = await withSpinner(deps.io, 'Fetching submissions…', () => walk.pages.next());
  const form = walk.form();
  const view = viewOf(form, empty);
  const firstItems = first.done ? [] : shown(first.value, form);
  if (!streamsList(deps.outputFor(view))) {
    const items = await withSpinner(deps.io, 'Fetching submissions…', async () => {
      const all = [...firstItems];
      for await (const page of walk.pages) for (const s of shown(page, form)) all.push(s);
      return all;
    });
    return print(deps, items, form, empty);
  }
  await deps.printListStream(view, (async function* () {
    yield firstItems;
    for await (const page of walk.pages) yield shown(page, form);
  })());
}

/** answer columns a table of submissions shows unless --columns says which */
const TABLE_ANSWERS = 4;

export async function run(deps: Deps, [qrId]: unknown[], opts: Opts & { redact?: boolean; redactText?: boolean }): Promise<void> {
  const id = requireQrId(qrId);
  const { redactionFor } = await import('../../cmdutil/redaction.js');
  const redact = redactionFor(deps, opts);
  const shown = (items: Submission[], form: FormDefinition | undefined) => (redact ? items.map((s) => redact(s, form?.fields as AnswerField[] | undefined)) : items);
  const { since, until } = parseTimeWindow(opts);
  const empty = since || until ? `No submissions to ${id} in that time; widen --since/--until.` : `No submissions to ${id} yet. Add one: formctl submissions create ${id} --set 'Label=value'`;
  const page = parseIntFlag('--page', opts.page, 1, 10_000_000);
  const limit = parseIntFlag('--limit', opts.limit, 1, SUBMISSIONS_PAGE_MAX) ?? SUBMISSIONS_PAGE_MAX;
  if (opts.all && page !== undefined) throw new UsageError('--all walks every page: drop --page');
  checkSubmissionOutput(deps);
  const client = await deps.client();
  if (opts.all) return printAll(deps, client, id, { since, until }, shown, empty);
  const result = await withSpinner(deps.io, 'Fetching submissions…', () => listSubmissions(client, id, { page: page ?? 1, limit, since, until }));
  await print(deps, shown(result.items, result.form), result.form, empty);
  if (result.totalPages > result.page && deps.io.isStdoutTTY) deps.info(`Showing ${result.items.length} of ${result.total} (page ${result.page} of ${result.totalPages}); use --page ${result.page + 1}, --all, or \`submissions export\`.`);
}
