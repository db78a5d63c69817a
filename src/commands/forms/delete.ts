import { deleteForm, deleteForms } from '../../api/resources/forms.js';
import type { Deps } from '../../cmdutil/factory.js';
import { CancelError } from '../../errors.js';
import { requireQrId } from '../../cmdutil/input.js';
import { printResult } from './present.js';
import { resultView } from './views.js';

export async function run(deps: Deps, [qrIds]: unknown[], opts: { yes?: boolean }): Promise<void> {
  const ids = [...new Set((qrIds as string[]).map((q) => requireQrId(q)))];
  const out = deps.outputFor(resultView);
  if (!opts.yes) {
    const what = ids.length === 1 ? `form ${ids[0]}` : `${ids.length} forms (${ids.join(', ')})`;
    const ok = await deps.prompter().confirm(`Delete ${what} and ${ids.length === 1 ? 'its' : 'their'} submissions? This cannot be undone.`, '--yes');
    if (!ok) throw new CancelError('nothing deleted');
  }
  const client = await deps.client();
  // spec §4.1: several ids in one bulk request, each id repeated as its own query parameter
  const result = ids.length === 1 ? (await deleteForm(client, ids[0]!)).result : (await deleteForms(client, ids)).message;
  if (out.quiet) {
    deps.io.stdout.write(ids.map((i) => `${i}\n`).join(''));
    return;
  }
  if (ids.length === 1) return printResult(deps, { qrId: ids[0]!, result }, `Deleted ${ids[0]}.`);
  // one record per form, never ids joined into one string: a table's rows, JSON's array
  if (out.prose && !out.fields) {
    deps.info(`${result}:`);
    deps.io.stdout.write(ids.map((i) => `${i}\n`).join(''));
    return;
  }
  await deps.printList(resultView, ids.map((qrId) => ({ qrId, result })));
}
