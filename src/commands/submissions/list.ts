import { allSubmissions, listSubmissions, SUBMISSIONS_PAGE_MAX, type FormDefinition, type Submission } from '../../api/resources/submissions.js';
import type { Deps } from '../../cmdutil/factory.js';
import { UsageError } from '../../errors.js';
import { parseIntFlag } from '../../cmdutil/flags.js';
import { requireQrId } from '../../cmdutil/input.js';
import type { AnswerField } from '../../domain/answers.js';
import { withSpinner } from '../../output/progress.js';
import { parseTimeFlag } from './time.js';
import { checkSubmissionOutput, labelledView, submissionView } from './views.js';

interface Opts {
  since?: string;
  until?: string;
  page?: string;
  limit?: string;
  all?: boolean;
}

/** Table and CSV rows are flattened like exports (one column per answer part); JSON stays raw. */
async function print(deps: Deps, items: Submission[], form: FormDefinition | undefined, empty: string): Promise<void> {
  // a terminal shows the id, the time and the first answers; CSV has every column
  const view = form ? labelledView(form, (h) => [h[0]!, h[1]!, ...h.slice(3, 3 + TABLE_ANSWERS)]) : submissionView;
  await deps.printList({ ...view, empty }, items);
  // the answers the table leaves out are named (the terminal's own fitting names what it drops)
  const later = view.csvColumns?.slice(3 + TABLE_ANSWERS) ?? [];
  const out = deps.outputFor(view);
  if (later.length && items.length && out.prose && !out.fields && !out.quiet) {
    deps.info(`The table shows the first ${TABLE_ANSWERS} answer columns; not shown: ${later.join(', ')} (pick with --columns, or every column with -o csv)`);
  }
}

/** answer columns a table of submissions shows unless --columns says which */
const TABLE_ANSWERS = 4;

export async function run(deps: Deps, [qrId]: unknown[], opts: Opts & { redact?: boolean; redactText?: boolean }): Promise<void> {
  const id = requireQrId(qrId);
  const { redactionFor } = await import('../../cmdutil/redaction.js');
  const redact = redactionFor(deps, opts);
  const shown = (items: Submission[], form: FormDefinition | undefined) => (redact ? items.map((s) => redact(s, form?.fields as AnswerField[] | undefined)) : items);
  const since = parseTimeFlag('--since', opts.since);
  const until = parseTimeFlag('--until', opts.until);
  const empty = since || until ? `No submissions to ${id} in that time; widen --since/--until.` : `No submissions to ${id} yet. Add one: formctl submissions create ${id} --set 'Label=value'`;
  const page = parseIntFlag('--page', opts.page, 1, 10_000_000);
  const limit = parseIntFlag('--limit', opts.limit, 1, SUBMISSIONS_PAGE_MAX) ?? SUBMISSIONS_PAGE_MAX;
  if (opts.all && page !== undefined) throw new UsageError('--all walks every page: drop --page');
  checkSubmissionOutput(deps);
  const client = await deps.client();
  if (opts.all) {
    // a pinned window (api/resources/submissions.ts): submissions arriving meanwhile cannot shift the pages
    const all = await withSpinner(deps.io, 'Fetching submissions…', () => allSubmissions(client, id, { since, until }));
    await print(deps, shown(all.items, all.form), all.form, empty);
    return;
  }
  const result = await withSpinner(deps.io, 'Fetching submissions…', () => listSubmissions(client, id, { page: page ?? 1, limit, since, until }));
  await print(deps, shown(result.items, result.form), result.form, empty);
  if (result.totalPages > result.page && deps.io.isStdoutTTY) deps.info(`Showing ${result.items.length} of ${result.total} (page ${result.page} of ${result.totalPages}); use --page ${result.page + 1}, --all, or \`submissions export\`.`);
}
