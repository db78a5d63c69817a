import type { Submission } from '../../api/resources/submissions.js';
import type { SchemaField } from '../../domain/schema.js';
import type { View } from '../../output/format.js';

export const submissionView: View<Submission> = {
  fields: ['id', 'qrId', 'answers', 'quizData', 'createdAt', 'updatedAt'],
  columns: ['id', 'createdAt', 'answers'],
  id: (s) => s.id,
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
