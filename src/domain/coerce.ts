import { ADDRESS_PARTS, CHECKLIST_LABELS, VALUE_TYPES, fieldLabel, type AnswerField } from './answers.js';

/** A field named by key or by label (case-insensitive), refusing ambiguity. */
export function findField(fields: AnswerField[], name: string): { field?: AnswerField; problem?: string } {
  const byKey = fields.find((f) => f.key === name);
  if (byKey) return { field: byKey };
  const wanted = name.trim().toLowerCase();
  const byLabel = fields.filter((f) => fieldLabel(f).trim().toLowerCase() === wanted);
  if (byLabel.length === 1) return { field: byLabel[0] };
  if (byLabel.length > 1) return { problem: `"${name}" is the label of ${byLabel.length} fields (${byLabel.map((f) => f.key).join(', ')}): use a key` };
  return { problem: `no field with key or label "${name}"; fields: ${fields.filter((f) => VALUE_TYPES[f.type] !== null).map((f) => `${f.key} (${fieldLabel(f)})`).join(', ')}` };
}

function maybeJson(raw: string): unknown {
  const t = raw.trim();
  if (!(t.startsWith('{') || t.startsWith('['))) return undefined;
  try {
    return JSON.parse(t);
  } catch {
    return undefined;
  }
}

const splitList = (raw: string) => raw.split(/[;,]/).map((s) => s.trim()).filter(Boolean);

/**
 * A text value (from --set or an import cell) in the shape of the field (spec §2.8). JSON is taken as
 * is for every shape. Otherwise: name "First Last"; address "line, city, state, zipcode, country";
 * checkbox and multi-file lists split on commas or semicolons; checkList/sheet "item: value; item: value".
 */
export function coerceAnswer(field: AnswerField, raw: string): unknown {
  const json = maybeJson(raw);
  if (json !== undefined) return json;
  const vt = VALUE_TYPES[field.type];
  switch (vt) {
    case 'object':
      if (field.type === 'name') {
        const t = raw.trim();
        const i = t.indexOf(' ');
        return i === -1 ? { firstName: t, lastName: '' } : { firstName: t.slice(0, i), lastName: t.slice(i + 1).trim() };
      }
      return Object.fromEntries(ADDRESS_PARTS.map((p, i) => [p, raw.split(',')[i]?.trim() ?? '']));
    case 'string[]':
    case 'fileId[]':
      return splitList(raw);
    case 'array':
      return rowsOf(field, raw);
    default:
      return raw;
  }
}

const fold = (s: string) => s.trim().toLowerCase();

/** checkList and sheet: "row: value; row: value", rows by the labels the form shows (any case). */
function rowsOf(field: AnswerField, raw: string): Array<Record<string, string>> {
  const labels = Array.isArray(field.option.rowLabels) ? (field.option.rowLabels as unknown[]).map(String) : [];
  const row = (name: string) => labels.find((l) => fold(l) === fold(name)) ?? name;
  const valueKey = field.type === 'sheet' ? 'value' : 'selectedValue';
  return raw
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((pair) => {
      const i = pair.lastIndexOf(':');
      const [name, value] = i === -1 ? [pair, ''] : [pair.slice(0, i).trim(), pair.slice(i + 1).trim()];
      return { itemName: row(name), [valueKey]: field.type === 'checkList' ? checkListValue(value) : value };
    });
}

/** A checkList choice by the word shown (Yes, No, N/A; any case) or its code (_d1, _d2, _d3). */
function checkListValue(value: string): string {
  const code = (Object.entries(CHECKLIST_LABELS) as Array<[string, string]>).find(([, label]) => fold(label) === fold(value))?.[0];
  return code ?? (fold(value) === 'neutral' ? '_d3' : value);
}

