import { batchDeleteSubmissions, deleteSubmission } from '../../api/resources/submissions.js';
import type { Deps } from '../../cmdutil/factory.js';
import { CancelError } from '../../errors.js';
import { requireQrId } from '../../cmdutil/input.js';
import type { View } from '../../output/format.js';
import { requireSubmissionId } from './ids.js';
import { plural } from '../../output/plural.js';

/** a deleted submission, as -o json|jsonl|csv and --columns give it (as forms delete does) */
const deletedView: View<{ id: string; result: string }> = { fields: ['id', 'result'], columns: ['id', 'result'], id: (r) => r.id };

export async function run(deps: Deps, [ids]: unknown[], opts: { form?: string; yes?: boolean }): Promise<void> {
  const list = [...new Set((ids as string[]).map(requireSubmissionId))];
  const form = opts.form === undefined ? undefined : requireQrId(opts.form, '--form');
  const out = deps.outputFor(deletedView);
  if (!opts.yes) {
    const ok = await deps.prompter().confirm(`Delete ${list.length === 1 ? `submission ${list[0]}` : `${list.length} submissions`}? This cannot be undone.`, '--yes');
    if (!ok) throw new CancelError('nothing deleted');
  }
  const client = await deps.client();
  if (form && list.length > 1) {
    // spec §4.4: one request for ids of one form; all or nothing
    await batchDeleteSubmissions(client, form, list);
  } else {
    const done: string[] = [];
    for (const id of list) {
      try {
        await deleteSubmission(client, id);
      } catch (e) {
        // one at a time is not all or nothing: say which id failed and which were deleted before it
        if (e instanceof Error && list.length > 1) e.message = `${id}: ${e.message}${done.length ? `; deleted before it: ${done.join(', ')}` : '; nothing deleted'}`;
        throw e;
      }
      done.push(id);
    }
  }
  if (out.quiet || (out.prose && !out.fields)) {
    if (!out.quiet) deps.info(`Deleted ${plural(list.length, 'submission')}:`);
    deps.io.stdout.write(list.map((i) => `${i}\n`).join(''));
    return;
  }
  await deps.printList(deletedView, list.map((id) => ({ id, result: 'deleted' })));
}
