import type { Form } from '../../api/resources/forms.js';
import type { Deps } from '../../cmdutil/factory.js';
import { cell, renderList, renderOne } from '../../output/format.js';
import { formView, resultView, type ResultRecord } from './views.js';

/** A form: key/value summary then a table of its fields on a terminal; the record otherwise. */
export async function printForm(deps: Deps, form: Form): Promise<void> {
  const out = deps.outputFor(formView);
  if (!out.prose || out.quiet || out.fields) {
    await deps.printOne(formView, form);
    return;
  }
  deps.io.stdout.write(await renderOne(deps.io, { ...out, fields: [...formView.columns] }, formView, form));
  const rows = form.fields.map((f) => ({
    key: f.key,
    type: f.type,
    label: cell(f.option.label),
    required: f.option.required === true ? 'yes' : '',
    options: Array.isArray(f.option.options) ? (f.option.options as Array<{ value?: unknown }>).map((o) => cell(o.value)).join(' | ') : '',
  }));
  if (rows.length) {
    const view = { fields: ['key', 'type', 'label', 'required', 'options'], columns: ['key', 'type', 'label', 'required', 'options'], id: (r: { key: string }) => r.key };
    deps.io.stdout.write(`\n${await renderList(deps.io, { format: 'table', quiet: false }, view, rows)}`);
  }
}

/** A one-line outcome: the record for machines, a sentence on stderr for people. */
export async function printResult(deps: Deps, record: ResultRecord, sentence: string): Promise<void> {
  const out = deps.outputFor(resultView);
  if (out.prose && !out.quiet && !out.fields) {
    deps.info(sentence);
    return;
  }
  await deps.printOne(resultView, record);
}
