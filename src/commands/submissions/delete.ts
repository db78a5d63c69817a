import { batchDeleteSubmissions, deleteSubmission } from '../../api/resources/submissions.js';
import type { Deps } from '../../cmdutil/factory.js';
import { CancelError } from '../../errors.js';
import { requireQrId } from '../../cmdutil/input.js';
import { requireSubmissionId } from './ids.js';

export async function run(deps: Deps, [ids]: unknown[], opts: { form?: string; yes?: boolean }): Promise<void> {
  const list = [...new Set((ids as string[]).map(requireSubmissionId))];
  const form = opts.form === undefined ? undefined : requireQrId(opts.form, '--form');
  if (!opts.yes) {
    const ok = await deps.prompter().confirm(`Delete ${list.length === 1 ? `submission ${list[0]}` : `${list.length} submissions`}? This cannot be undone.`, '--yes');
    if (!ok) throw new CancelError('nothing deleted');
  }
  const client = await deps.client();
  if (form && list.length > 1) {
    // spec §4.4: one request for ids of one form; all or nothing
    await batchDeleteSubmissions(client, form, list);
  } else {
    for (const id of list) await deleteSubmission(client, id);
  }
  deps.info(`Deleted ${list.length} submission${list.length === 1 ? '' : 's'}.`);
}
