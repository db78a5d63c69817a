import { getForm } from '../../api/resources/forms.js';
import type { Deps } from '../../cmdutil/factory.js';
import { requireQrId } from '../../cmdutil/input.js';
import { rememberFormIds } from '../../cmdutil/localFiles.js';
import { printForm } from './present.js';
import { formView } from './views.js';

export async function run(deps: Deps, [qrId]: unknown[]): Promise<void> {
  const id = requireQrId(qrId);
  deps.outputFor(formView);
  const form = await getForm(await deps.client(), id);
  await printForm(deps, form);
  rememberFormIds(deps, [form]);
}
