import { paginatePages } from '../../api/paginate.js';
import { FORM_SORTS, listForms, type FormListItem, type FormSort } from '../../api/resources/forms.js';
import type { Deps } from '../../cmdutil/factory.js';
import { rememberFormIds } from '../../cmdutil/localFiles.js';
import { UsageError } from '../../errors.js';
import { parseIntFlag } from '../../cmdutil/flags.js';
import { FORMS_PAGE_MAX } from '../../domain/limits.js';
import { streamsList } from '../../output/format.js';
import { withSpinner } from '../../output/progress.js';
import { formListView } from './views.js';
import { plural } from '../../output/plural.js';

interface Opts {
  page?: string;
  limit?: string;
  sort?: FormSort;
  all?: boolean;
}

export async function run(deps: Deps, _args: unknown[], opts: Opts): Promise<void> {
  const page = parseIntFlag('--page', opts.page, 1, 1_000_000);
  const limit = parseIntFlag('--limit', opts.limit, 1, FORMS_PAGE_MAX) ?? FORMS_PAGE_MAX;
  if (opts.all && page !== undefined) throw new UsageError('--all walks every page: drop --page');
  const sort = opts.sort ? FORM_SORTS[opts.sort] : undefined;
  deps.outputFor(formListView); // check -o/--columns before spending a request
  const client = await deps.client();
  if (opts.all) {
    // the largest page size: fewest requests (quota is money); written as the pages come where the
    // output allows it (a reader that stops, `| head`, ends the walk), else all at once
    const pages = paginatePages((p) => listForms(client, { page: p, limit: FORMS_PAGE_MAX, sort }), (f) => f.qrId);
    const items: FormListItem[] = [];
    if (streamsList(deps.outputFor(formListView))) {
      await deps.printListStream(formListView, (async function* () {
        for await (const p of pages) {
          items.push(...p);
          yield p;
        }
      })());
    } else {
      await withSpinner(deps.io, 'Fetching forms…', async () => {
        for await (const p of pages) items.push(...p);
      });
      await deps.printList(formListView, items);
    }
    rememberFormIds(deps, items);
    return;
  }
  const result = await withSpinner(deps.io, 'Fetching forms…', () => listForms(client, { page: page ?? 1, limit, sort }));
  // a page past the last is empty, not the account: the terminal says where the forms are
  const beyond = result.items.length === 0 && result.total > 0;
  await deps.printList(beyond ? { ...formListView, empty: `No forms on page ${result.page}: ${plural(result.total, 'form')} on ${plural(result.totalPages, 'page')}; use --page 1 or --all.` } : formListView, result.items);
  rememberFormIds(deps, result.items); // for shell completion of form ids
  if (result.totalPages > result.page && deps.io.isStdoutTTY) {
    deps.info(`Showing ${result.items.length} of ${result.total} forms (page ${result.page} of ${result.totalPages}); use --page ${result.page + 1} or --all.`);
  }
}
