import { ADDRESS_PARTS, CHECKLIST_VALUES, VALUE_TYPES, fieldLabel, optionValues, rowLabels, type AnswerField } from './answers.js';
import type { SchemaField, SubmissionSchemaResponse as SubmissionSchema } from './contract/schemas.js';
import { DISPLAY_TYPES } from './fieldTypes.js';

/** spec §2.9: one field of the submission schema, and the schema response (their zod schemas are the contract's). */
export type { SchemaField, SubmissionSchemaResponse as SubmissionSchema } from './contract/schemas.js';

/** Placeholder in file examples: replace with the fileId of an upload (category=submission). */
export const EXAMPLE_FILE_ID = 'FILE_ID_FROM_UPLOAD';

/** A value of the right shape for the field (spec §2.9 `example`); valid for every type but files. */
export function exampleAnswer(field: AnswerField): unknown {
  const options = optionValues(field);
  const rows = rowLabels(field) ?? ['Row 1'];
  switch (field.type) {
    case 'name':
      return { firstName: 'Ada', lastName: 'Lovelace' };
    case 'address':
      return Object.fromEntries(ADDRESS_PARTS.map((p, i) => [p, ['1 Main Street', 'Springfield', 'IL', '62701', 'US'][i]]));
    case 'email':
      return 'ada@example.com';
    case 'phone':
      return '+1 555 0100';
    case 'number':
      return '42';
    case 'calendar':
      return '2026-06-15';
    case 'time':
      return '09:30';
    case 'radio':
      return options?.[0] ?? 'option';
    case 'gender':
      return options?.[0] ?? 'female';
    case 'checkbox':
      return options ? [options[0]] : ['option'];
    case 'location':
      return '51.5074,-0.1278';
    case 'multipleLevelSelect':
      return 'Level 1 / Level 2';
    case 'checkList':
      return rows.map((r) => ({ itemName: r, selectedValue: CHECKLIST_VALUES[0] }));
    case 'sheet':
      return rows.map((r) => ({ itemName: r, value: 'text' }));
    case 'picture':
    case 'document':
      return [EXAMPLE_FILE_ID];
    case 'signature':
    case 'audio':
    case 'video':
      return EXAMPLE_FILE_ID;
    default:
      return 'text';
  }
}

export function schemaField(field: AnswerField): SchemaField | undefined {
  const valueType = VALUE_TYPES[field.type];
  if (valueType === null || DISPLAY_TYPES.includes(field.type)) return undefined; // display-only: no answer
  const out: SchemaField = { key: field.key, type: field.type, valueType, label: fieldLabel(field), required: field.option.required === true, example: exampleAnswer(field) };
  if (Array.isArray(field.option.options)) {
    out.options = (field.option.options as Array<{ value?: unknown; name?: unknown }>)
      .filter((o) => o && typeof o === 'object')
      .map((o) => ({ value: String(o.value ?? ''), name: String(o.name ?? o.value ?? '') }));
  }
  return out;
}

/** Fields for offline validation, rebuilt from a cached schema (rows of sheet/checkList from its examples). */
export function fieldsFromSchema(schema: SubmissionSchema): AnswerField[] {
  return Object.values(schema.fields).map((f) => ({
    key: f.key,
    type: f.type,
    option: { label: f.label, required: f.required, ...(f.options ? { options: f.options } : {}), ...rowsOfExample(f) },
  }));
}

/** checkList and sheet: the schema names no rows, but its example has one item per row (spec §2.9). */
function rowsOfExample(f: { type: string; example?: unknown }): { rowLabels?: string[] } {
  if ((f.type !== 'checkList' && f.type !== 'sheet') || !Array.isArray(f.example)) return {};
  const rows = f.example.map((e) => (e && typeof e === 'object' ? (e as { itemName?: unknown }).itemName : undefined)).filter((n): n is string => typeof n === 'string');
  return rows.length ? { rowLabels: rows } : {};
}
