import type { Deps } from '../../cmdutil/factory.js';
import { requireQrId } from '../../cmdutil/input.js';
import { loadSchema } from './schemaCache.js';
import { schemaRows, schemaView } from './views.js';

export async function run(deps: Deps, [qrId]: unknown[]): Promise<void> {
  const id = requireQrId(qrId);
  const out = deps.outputFor(schemaView);
  // always fresh here: this is also how the offline cache is refreshed
  const { schema } = await loadSchema(deps, id, { refresh: true });
  if ((out.format === 'json' || out.format === 'jsonl' || out.query) && !out.quiet) {
    // spec §4.4: the record as the service shapes it, {qrId, title, fields: {<key>: field}};
    // --columns picks the keys of each field
    const chosen = out.fields;
    const fields = chosen ? Object.fromEntries(Object.entries(schema.fields).map(([k, f]) => [k, Object.fromEntries(chosen.map((c) => [c, (f as unknown as Record<string, unknown>)[c]]))])) : schema.fields;
    const record = { ...schema, fields };
    return deps.printJson(record, out.format === 'jsonl');
  }
  await deps.printList({ ...schemaView, empty: `This form has no fields that take answers. Add one: formctl forms update ${id} --add-field 'shortText:Name'` }, schemaRows(schema.fields));
}
