import { ADDRESS_PARTS, NAME_PARTS, VALUE_TYPES, fileIdOf, fieldLabel, type AnswerField } from './answers.js';

/** One output column of a flattened submission. */
export interface Column {
  header: string;
  value: (s: FlatSource) => string;
}

export interface FlatSource {
  id: string;
  createdAt: string;
  updatedAt: string;
  answers: Record<string, unknown>;
  quizData?: { points?: number; totalMarks?: number; percentage?: number; passed?: boolean };
}

const text = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v));

const PART_LABELS: Record<string, string> = {
  firstName: 'first name', lastName: 'last name', addressLine: 'address line', city: 'city', state: 'state', zipcode: 'zipcode', country: 'country',
};

/** The column of one part of a name or address: `Label (first name)` or `key.firstName`. Imports read it back. */
export function partHeader(field: AnswerField, part: string, headers: 'label' | 'key'): string {
  return headers === 'key' ? `${field.key}.${part}` : `${fieldLabel(field)} (${PART_LABELS[part]})`;
}

/** File answers as URLs when the read gave them ({fileId, fileUrl}), else their fileIds. */
function fileText(v: unknown): string {
  const refs = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
  return refs
    .map((r) => (r && typeof r === 'object' && typeof (r as { fileUrl?: unknown }).fileUrl === 'string' && (r as { fileUrl: string }).fileUrl ? (r as { fileUrl: string }).fileUrl : (fileIdOf(r) ?? '')))
    .filter(Boolean)
    .join(' ');
}

function pairs(v: unknown, valueKey: 'value' | 'selectedValue'): string {
  if (!Array.isArray(v)) return text(v);
  return v.map((item) => (item && typeof item === 'object' ? `${text((item as Record<string, unknown>).itemName)}: ${text((item as Record<string, unknown>)[valueKey])}` : text(item))).join('; ');
}

/** A form whose fields carry quiz settings gets the score columns: one rule for list, export, sync and MCP. */
export const hasQuizColumns = (fields: readonly unknown[]): boolean => fields.some((f) => (f as { quizConfig?: unknown }).quizConfig !== undefined);

/**
 * Columns in the form's field order (issue: name → first/last, address → five parts, checkbox joined,
 * files → URLs, checkList/sheet → `item: value` pairs, quiz results → score columns). Headers are field
 * labels (`Label (first name)`) or keys (`key.firstName`).
 */
export function submissionColumns(fields: AnswerField[], opts: { headers: 'label' | 'key' }): Column[] {
  const cols: Column[] = [
    { header: 'id', value: (s) => s.id },
    { header: 'createdAt', value: (s) => s.createdAt },
    { header: 'updatedAt', value: (s) => s.updatedAt },
  ];
  const used = new Set(cols.map((c) => c.header));
  const unique = (h: string) => {
    let out = h;
    for (let i = 2; used.has(out); i++) out = `${h} (${i})`;
    used.add(out);
    return out;
  };
  for (const f of fields) {
    const vt = VALUE_TYPES[f.type];
    if (vt === null) continue;
    const base = opts.headers === 'key' ? f.key : fieldLabel(f);
    const parts = f.type === 'name' ? NAME_PARTS : f.type === 'address' ? ADDRESS_PARTS : undefined;
    if (parts) {
      for (const p of parts) {
        const header = unique(partHeader(f, p, opts.headers));
        cols.push({ header, value: (s) => text((s.answers[f.key] as Record<string, unknown> | undefined)?.[p]) });
      }
      continue;
    }
    const header = unique(base);
    if (vt === 'string[]') cols.push({ header, value: (s) => (Array.isArray(s.answers[f.key]) ? (s.answers[f.key] as unknown[]).map(text).join('; ') : text(s.answers[f.key])) });
    else if (vt === 'fileId' || vt === 'fileId[]') cols.push({ header, value: (s) => fileText(s.answers[f.key]) });
    else if (vt === 'array') cols.push({ header, value: (s) => pairs(s.answers[f.key], f.type === 'sheet' ? 'value' : 'selectedValue') });
    else cols.push({ header, value: (s) => text(s.answers[f.key]) });
  }
  if (hasQuizColumns(fields)) {
    for (const k of ['points', 'totalMarks', 'percentage', 'passed'] as const) cols.push({ header: unique(`quiz ${k}`), value: (s) => text(s.quizData?.[k]) });
  }
  return cols;
}
