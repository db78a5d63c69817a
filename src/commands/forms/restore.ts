import { restoreForm } from '../../api/resources/forms.js';
import type { Deps } from '../../cmdutil/factory.js';
import { requireQrId } from '../../cmdutil/input.js';
import { printResult } from './present.js';
import { resultView } from './views.js';

export async function run(deps: Deps, [qrId]: unknown[]): Promise<void> {
  const id = requireQrId(qrId);
  deps.outputFor(resultView);
  const { result } = await restoreForm(await deps.client(), id);
  await printResult(deps, { qrId: id, result }, `Restored ${id}.`);
}
