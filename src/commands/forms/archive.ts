import { archiveForm } from '../../api/resources/forms.js';
import type { Deps } from '../../cmdutil/factory.js';
import { requireQrId } from '../../cmdutil/input.js';
import { printResult } from './present.js';
import { resultView } from './views.js';

export async function run(deps: Deps, [qrId]: unknown[]): Promise<void> {
  const id = requireQrId(qrId);
  deps.outputFor(resultView);
  const { result } = await archiveForm(await deps.client(), id);
  await printResult(deps, { qrId: id, result }, `Archived ${id}. It answers like an unknown form until \`formctl forms restore ${id}\`.`);
}
