import type { Deps } from '../../cmdutil/factory.js';
import { requireQrId } from '../../cmdutil/input.js';
import { loadSchema } from './schemaCache.js';
import { schemaRows, schemaView } from './views.js';

export async function run(deps: Deps, [qrId]: unknown[]): Promise<void> {
  const id = requireQrId(qrId);
  deps.outputFor(schemaView);
  // always fresh here: this is also how the offline cache is refreshed
  const { schema } = await loadSchema(deps, id, { refresh: true });
  await deps.printList(schemaView, schemaRows(schema.fields));
}
