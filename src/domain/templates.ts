import type { DraftField, FormDraft, RawTemplateField, RawTemplateForm } from './contract/schemas.js';
import { FIELD_TYPES, type FieldType } from './fieldTypes.js';
import { jsonDepth } from './jsonDepth.js';

// spec §4.7 "Manual conversion": a raw template field's `name` is a PascalCase storage name whose
// suffix is the field type (FormShortText → shortText). Both directions live here, once.

/** The PascalCase storage name of a field type: shortText → FormShortText. */
export function rawNameOf(type: FieldType): string {
  return `Form${type[0]!.toUpperCase()}${type.slice(1)}`;
}

const BY_LENGTH = [...FIELD_TYPES].sort((a, b) => b.length - a.length);

/** The create `type` of a raw name: the camelCase of the longest field type that is its PascalCase suffix. */
export function typeOfRawName(name: string): FieldType | undefined {
  for (const t of BY_LENGTH) {
    const pascal = `${t[0]!.toUpperCase()}${t.slice(1)}`;
    if (name.endsWith(pascal)) return t;
  }
  return undefined;
}

/** spec §2.10: a template's raw form and its fields (their schemas are in the contract) */
export type { RawTemplateField as RawField, RawTemplateForm } from './contract/schemas.js';

export class TemplateLayoutError extends Error {}

/** A qrConfig given as a JSON string is parsed; an object is kept; anything else is dropped. */
const QR_CONFIG_DEPTH = 8;

function qrConfigOf(value: unknown): Record<string, unknown> | undefined {
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  // a design is a flat record: a string nested deeper is no design (and would overflow what reads it)
  if (jsonDepth(Buffer.from(value), QR_CONFIG_DEPTH) > QR_CONFIG_DEPTH) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * spec §4.7: a template's raw form → a `POST /forms` body. Types from the raw names; `option` and
 * `quizConfig` copied; a string qrConfig parsed; the storage keys of the field map never sent.
 */
export function templateToCreateBody(form: RawTemplateForm): FormDraft {
  const fields: DraftField[] = [];
  for (const [key, raw] of Object.entries(form.fields ?? {})) {
    const type = typeOfRawName(String(raw?.name ?? ''));
    if (!type) throw new TemplateLayoutError(`field ${key}: "${String(raw?.name)}" names no field type (expected Form<Type>, e.g. FormShortText)`);
    const field: DraftField = { type, option: { ...(raw.option ?? {}) } };
    // copied as stored (spec §4.7); a draft's quizConfig is {points, correctAnswers}
    if (raw.quizConfig) field.quizConfig = { ...raw.quizConfig } as DraftField['quizConfig'];
    fields.push(field);
  }
  const body: FormDraft = { title: form.title, shortText: form.shortText ?? '', fields };
  const qr = qrConfigOf(form.qrConfig);
  if (qr) body.qrConfig = qr;
  if (form.isQuiz) {
    body.isQuiz = true;
    if (form.quizConfig) body.quizConfig = { ...form.quizConfig };
  }
  return body;
}

/**
 * The reverse, for saving a form as a template: a full layout whose field map is keyed by storage
 * ids (`newKey(i)`), each value carrying the PascalCase name, the option and any quizConfig.
 */
export function formToTemplateLayout(form: { title: string; shortText?: string; fields: Array<{ type: string; option?: Record<string, unknown>; quizConfig?: Record<string, unknown> }>; qrConfig?: Record<string, unknown>; isQuiz?: boolean; quizConfig?: Record<string, unknown> }, newKey: (index: number) => string): RawTemplateForm {
  if (!form.fields.length) throw new TemplateLayoutError('a template needs at least one field');
  const fields: Record<string, RawTemplateField> = {};
  form.fields.forEach((f, i) => {
    if (!(FIELD_TYPES as readonly string[]).includes(f.type)) throw new TemplateLayoutError(`field ${i + 1}: "${f.type}" is not a field type`);
    const raw: RawTemplateField = { name: rawNameOf(f.type as FieldType), option: { ...(f.option ?? {}) } };
    if (f.quizConfig) raw.quizConfig = { ...f.quizConfig };
    fields[newKey(i)] = raw;
  });
  const out: RawTemplateForm = { title: form.title, shortText: form.shortText ?? '', fields };
  if (form.qrConfig && Object.keys(form.qrConfig).length) out.qrConfig = JSON.stringify(form.qrConfig);
  if (form.isQuiz) {
    out.isQuiz = true;
    if (form.quizConfig) out.quizConfig = { ...form.quizConfig };
  }
  return out;
}

/** ids of templates and categories (spec §2.1): 24 hex characters */
export const TEMPLATE_ID = /^[0-9a-f]{24}$/i;
