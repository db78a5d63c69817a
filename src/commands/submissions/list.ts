import { paginate } from '../../api/paginate.js';
import { listSubmissions, SUBMISSIONS_PAGE_MAX, type FormDefinition, type Submission } from '../../api/resources/submissions.js';
import type { Deps } from '../../cmdutil/factory.js';
import { UsageError } from '../../errors.js';
import { parseIntFlag } from '../../cmdutil/flags.js';
import { requireQrId } from '../../cmdutil/input.js';
import type { AnswerField } from '../../domain/answers.js';
import { submissionColumns } from '../../domain/flatten.js';
import { renderList } from '../../output/format.js';
import { withSpinner } from '../../output/progress.js';
import { parseTimeFlag } from './time.js';
import { submissionView } from './views.js';

interface Opts {
  since?: string;
  until?: string;
  page?: string;
  limit?: string;
  all?: boolean;
}

/** Table and CSV rows are flattened like exports (one column per answer part); JSON stays raw. */
async function print(deps: Deps, items: Submission[], form: FormDefinition | undefined): Promise<void> {
  const out = deps.outputFor(submissionView);
  if (out.quiet || out.fields || !form || (out.format !== 'csv' && out.format !== 'table')) {
    await deps.printList(submissionView, items);
    return;
  }
  const columns = submissionColumns(form.fields as AnswerField[], { headers: 'label', quiz: form.fields.some((f) => f.quizConfig !== undefined) });
  // a terminal shows the id, the time and the first answers; CSV has every column
  const shown = out.format === 'table' ? [columns[0]!, columns[1]!, ...columns.slice(3, 7)] : columns;
  const rows = items.map((s) => Object.fromEntries(shown.map((c) => [c.header, c.value(s)])));
  const headers = shown.map((c) => c.header);
  deps.io.stdout.write(await renderList(deps.io, out, { fields: headers, columns: headers, id: (r) => String(r.id) }, rows));
}

export async function run(deps: Deps, [qrId]: unknown[], opts: Opts & { redact?: boolean; redactText?: boolean }): Promise<void> {
  const id = requireQrId(qrId);
  const { redactionFor } = await import('../../cmdutil/redaction.js');
  const redact = redactionFor(deps, opts);
  const shown = (items: Submission[], form: FormDefinition | undefined) => (redact ? items.map((s) => redact(s, form?.fields as AnswerField[] | undefined)) : items);
  const since = parseTimeFlag('--since', opts.since);
  const until = parseTimeFlag('--until', opts.until);
  const page = parseIntFlag('--page', opts.page, 1, 10_000_000);
  const limit = parseIntFlag('--limit', opts.limit, 1, SUBMISSIONS_PAGE_MAX) ?? SUBMISSIONS_PAGE_MAX;
  if (opts.all && page !== undefined) throw new UsageError('--all walks every page: drop --page');
  deps.outputFor(submissionView);
  const client = await deps.client();
  if (opts.all) {
    const items: Submission[] = [];
    let form: FormDefinition | undefined;
    // a pinned window: after the first page nothing newer than its newest row is asked for, so
    // submissions arriving meanwhile cannot shift the pages (the server's clock, not ours)
    let pinned = until;
    await withSpinner(deps.io, 'Fetching submissions…', async () => {
      const fetchPage = async (p: number) => {
        const res = await listSubmissions(client, id, { page: p, limit: SUBMISSIONS_PAGE_MAX, since, until: pinned });
        form ??= res.form;
        pinned ??= res.items[0]?.createdAt;
        return res;
      };
      for await (const s of paginate(fetchPage, (s) => s.id)) items.push(s);
    });
    await print(deps, shown(items, form), form);
    return;
  }
  const result = await withSpinner(deps.io, 'Fetching submissions…', () => listSubmissions(client, id, { page: page ?? 1, limit, since, until }));
  await print(deps, shown(result.items, result.form), result.form);
  if (result.totalPages > result.page && deps.io.isStdoutTTY) deps.info(`Showing ${result.items.length} of ${result.total} (page ${result.page} of ${result.totalPages}); use --page ${result.page + 1}, --all, or \`submissions export\`.`);
}
