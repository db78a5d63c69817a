import type { Submission } from '../../api/resources/submissions.js';
import type { SchemaField } from '../../domain/schema.js';
import type { FormDefinition } from '../../api/resources/submissions.js';
import type { Deps } from '../../cmdutil/factory.js';
import { SUBMISSION_FIELDS, type AnswerField } from '../../domain/answers.js';
import { submissionColumns } from '../../domain/flatten.js';
import { resolveFormat, type View } from '../../output/format.js';

export const submissionView: View<Submission> = {
  fields: [...SUBMISSION_FIELDS],
  columns: ['id', 'createdAt', 'answers'],
  id: (s) => s.id,
  laterColumns: true,
};

export interface SchemaRow {
  key: string;
  type: string;
  valueType: string;
  label: string;
  required: boolean;
  options: string;
  example: unknown;
}

/** A table's and CSV's rows of the schema: one per field, options joined (JSON keeps the record, spec §4.4). */
export const schemaView: View<SchemaRow> = {
  fields: ['key', 'type', 'valueType', 'label', 'required', 'options', 'example'],
  columns: ['key', 'type', 'label', 'required', 'options'],
  id: (r) => r.key,
};

export function schemaRows(fields: Record<string, SchemaField>): SchemaRow[] {
  return Object.values(fields).map((f) => ({
    key: f.key,
    type: f.type,
    valueType: f.valueType,
    label: f.label ?? f.key, // spec §2.9: label and required may be absent
    required: f.required === true,
    options: (f.options ?? []).map((o) => o.value).join(' | '),
    example: f.example,
  }));
}

/**
 * The view of submissions once the form is known: a table and CSV show the answers by label (as
 * exports do), so --columns takes those labels too, in any case; JSON stays the record (spec §2.7).
 * `tableColumns` picks the table's default columns from the flattened ones.
 */
export function labelledView(form: FormDefinition, tableColumns: (headers: string[]) => string[]): View<Submission> {
  const columns = submissionColumns(form.fields as AnswerField[], { headers: 'label' });
  const headers = columns.map((c) => c.header);
  return {
    ...submissionView,
    columns: tableColumns(headers),
    csvColumns: headers,
    row: (s) => ({ ...s, ...Object.fromEntries(columns.map((c) => [c.header, c.value(s)])) }),
  };
}

/** Checks -o and --columns before any request; labels as columns can only be checked once the form is read. */
export function checkSubmissionOutput(deps: Deps): void {
  const format = resolveFormat(deps.flags.output, deps.flags.json, deps.config().settings.output, deps.io);
  if (deps.flags.columns === undefined || format === 'json' || format === 'jsonl') deps.outputFor(submissionView);
}
