import { isEmail } from './recipients.js';
import { DISPLAY_TYPES, type FieldType } from './fieldTypes.js';

// spec §2.8: the value shape of each field type
export type ValueType = 'string' | 'string[]' | 'object' | 'fileId' | 'fileId[]' | 'array';

export const VALUE_TYPES: Record<FieldType, ValueType | null> = {
  name: 'object', address: 'object', location: 'string', multipleLevelSelect: 'string', checkList: 'array', sheet: 'array',
  shortText: 'string', longText: 'string', email: 'string', phone: 'string', number: 'string', calendar: 'string',
  time: 'string', radio: 'string', gender: 'string', checkbox: 'string[]', picture: 'fileId[]', document: 'fileId[]',
  signature: 'fileId', audio: 'fileId', video: 'fileId', title: null, description: null,
};

export const NAME_PARTS = ['firstName', 'lastName'] as const;
export const ADDRESS_PARTS = ['addressLine', 'city', 'state', 'zipcode', 'country'] as const;
/** spec §2.8: checkList selectedValue; `_d3` only when the neutral choice is enabled */
export const CHECKLIST_VALUES = ['_d1', '_d2', '_d3'] as const;
/** the words shown for them (the form page's English; tables and --set use them too) */
export const CHECKLIST_LABELS: Record<(typeof CHECKLIST_VALUES)[number], string> = { _d1: 'Yes', _d2: 'No', _d3: 'N/A' };

/** What validation needs of a field: the form definition, or one rebuilt from the submission schema. */
export interface AnswerField {
  key: string;
  type: FieldType;
  option: { label?: unknown; required?: unknown; options?: unknown; rowLabels?: unknown; neutral?: unknown; [k: string]: unknown };
}

export type FieldErrorCode =
  | 'unknown_field' | 'missing_entry' | 'component_mismatch' | 'invalid_shape' | 'required' | 'invalid_email'
  | 'invalid_option' | 'missing_file_ref' | 'file_not_found' | 'invalid_body';

export interface FieldError {
  code: FieldErrorCode;
  message: string;
  type?: string;
}

export type FieldErrors = Record<string, FieldError>;

export interface ValidateOptions {
  /** update bodies take no timeExpired (spec §4.4) */
  mode: 'create' | 'update';
  /** file existence check (the sandbox's files); offline checks skip it */
  fileExists?: (fileId: string) => boolean;
}

export function optionValues(field: AnswerField): string[] | undefined {
  const opts = field.option.options;
  if (!Array.isArray(opts)) return undefined;
  const values = opts.map((o) => (o && typeof o === 'object' ? (o as { value?: unknown }).value : o)).filter((v) => typeof v === 'string') as string[];
  return values.length ? values : undefined;
}

export function rowLabels(field: AnswerField): string[] | undefined {
  const rows = field.option.rowLabels;
  return Array.isArray(rows) && rows.every((r) => typeof r === 'string') ? (rows as string[]) : undefined;
}

export function fieldLabel(field: AnswerField): string {
  return typeof field.option.label === 'string' && field.option.label !== '' ? field.option.label : field.key;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The fileId of one file reference: a fileId string or {fileId} (spec §2.8). */
export function fileIdOf(ref: unknown): string | undefined {
  if (typeof ref === 'string' && ref.trim() !== '') return ref;
  if (isPlainObject(ref) && typeof ref.fileId === 'string' && ref.fileId.trim() !== '') return ref.fileId;
  return undefined;
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (isPlainObject(value)) return Object.values(value).every((v) => typeof v !== 'string' || v.trim() === '');
  return false;
}

/** One field's value against its type (spec §2.8); undefined when it is acceptable. */
export function checkValue(field: AnswerField, value: unknown, opts: ValidateOptions): FieldError | undefined {
  const type = field.type;
  const err = (code: FieldErrorCode, message: string): FieldError => ({ code, message, type });
  const valueType = VALUE_TYPES[type];
  switch (valueType) {
    case null:
      return err('component_mismatch', `"${fieldLabel(field)}" is display-only and takes no answer`);
    case 'object': {
      const parts: readonly string[] = type === 'name' ? NAME_PARTS : ADDRESS_PARTS;
      if (!isPlainObject(value)) return err('invalid_shape', `expected an object {${parts.join(', ')}}`);
      const unknown = Object.keys(value).filter((k) => !parts.includes(k));
      if (unknown.length) return err('invalid_shape', `unknown part${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; expected ${parts.join(', ')}`);
      const notText = parts.filter((p) => value[p] !== undefined && typeof value[p] !== 'string');
      if (notText.length) return err('invalid_shape', `${notText.join(', ')} must be text`);
      return undefined;
    }
    case 'string': {
      if (typeof value !== 'string') return err('invalid_shape', `expected text, got ${Array.isArray(value) ? 'an array' : typeof value}`);
      if (value.trim() === '') return undefined; // emptiness is the required rule's business
      if (type === 'email' && !isEmail(value.trim())) return err('invalid_email', `"${value}" is not an e-mail address`);
      if (type === 'number' && !Number.isFinite(Number(value.trim()))) return err('component_mismatch', `"${value}" is not a number`);
      if (type === 'calendar' && Number.isNaN(Date.parse(value))) return err('component_mismatch', `"${value}" is not a date (e.g. 2026-06-15)`);
      if (type === 'time' && !/^([01]?\d|2[0-3]):[0-5]\d(:[0-5]\d)?(\s?[AaPp][Mm])?$/.test(value.trim())) return err('component_mismatch', `"${value}" is not a time (e.g. 09:30)`);
      if (type === 'radio' || type === 'gender') {
        const allowed = optionValues(field);
        if (allowed && !allowed.includes(value)) return err('invalid_option', `"${value}" is not one of ${allowed.join(', ')}`);
      }
      return undefined;
    }
    case 'string[]': {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) return err('invalid_shape', 'expected an array of option values');
      const allowed = optionValues(field);
      const bad = allowed ? value.filter((v) => !allowed.includes(v as string)) : [];
      if (bad.length) return err('invalid_option', `${bad.map((b) => `"${b}"`).join(', ')} not among ${allowed!.join(', ')}`);
      return undefined;
    }
    case 'fileId':
    case 'fileId[]': {
      if (valueType === 'fileId' && Array.isArray(value)) return err('invalid_shape', 'expected one file reference, not an array');
      const refs = Array.isArray(value) ? value : [value];
      for (const ref of refs) {
        const id = fileIdOf(ref);
        if (!id) return err('missing_file_ref', 'expected a fileId string or {fileId} from an upload with category=submission');
        if (opts.fileExists && !opts.fileExists(id)) return err('file_not_found', `file ${id} was not found for this form`);
      }
      return undefined;
    }
    case 'array': {
      if (!Array.isArray(value)) return err('invalid_shape', `expected an array of {itemName, ${type === 'sheet' ? 'value' : 'selectedValue'}}`);
      const rows = rowLabels(field);
      for (const item of value) {
        if (!isPlainObject(item) || typeof item.itemName !== 'string') return err('invalid_shape', 'each item needs an itemName');
        if (rows && !rows.includes(item.itemName)) return err('invalid_option', `"${item.itemName}" is not a row of this field (${rows.join(', ')})`);
        if (type === 'checkList') {
          const allowed = field.option.neutral === true ? CHECKLIST_VALUES : CHECKLIST_VALUES.slice(0, 2);
          if (!allowed.includes(item.selectedValue as never)) return err('invalid_option', `selectedValue must be ${allowed.join(' or ')}`);
        } else if (typeof item.value !== 'string') {
          return err('invalid_shape', 'each sheet item needs a text value');
        }
      }
      return undefined;
    }
  }
}

/**
 * Validates a create, edit or validate body (spec §7 "Submission validation failure"): request-level
 * problems under `_form`, field problems under the field key with the public field type.
 */
export function validateSubmission(fields: AnswerField[], body: unknown, opts: ValidateOptions): FieldErrors {
  // keyed by what the client sent: with no prototype, `__proto__` is a key like any other
  const errors: FieldErrors = Object.create(null) as FieldErrors;
  if (!isPlainObject(body)) return { _form: { code: 'invalid_body', message: 'the body must be a JSON object with "answers"' } };
  const allowed = opts.mode === 'create' ? ['answers', 'timeSpentSeconds', 'timeExpired'] : ['answers', 'timeSpentSeconds'];
  const extra = Object.keys(body).filter((k) => !allowed.includes(k));
  if (extra.length) return { _form: { code: 'invalid_body', message: `unknown propert${extra.length > 1 ? 'ies' : 'y'} ${extra.join(', ')}; allowed: ${allowed.join(', ')}` } };
  if (!isPlainObject(body.answers)) return { _form: { code: 'invalid_body', message: '"answers" is required and must be an object keyed by field key' } };
  if (body.timeSpentSeconds !== undefined && (typeof body.timeSpentSeconds !== 'number' || !(body.timeSpentSeconds >= 0))) {
    return { _form: { code: 'invalid_body', message: 'timeSpentSeconds must be a number of seconds, 0 or more' } };
  }
  if (body.timeExpired !== undefined && typeof body.timeExpired !== 'boolean') return { _form: { code: 'invalid_body', message: 'timeExpired must be true or false' } };
  const answers = body.answers;
  const byKey = new Map(fields.map((f) => [f.key, f]));
  for (const key of Object.keys(answers)) {
    if (!byKey.has(key)) errors[key] = { code: 'unknown_field', message: `"${key}" is not a field of this form` };
  }
  for (const field of fields) {
    const present = Object.prototype.hasOwnProperty.call(answers, field.key);
    const value = answers[field.key];
    const required = field.option.required === true && !DISPLAY_TYPES.includes(field.type);
    if (!present) {
      if (required) errors[field.key] = { code: 'missing_entry', message: `"${fieldLabel(field)}" is required but has no entry`, type: field.type };
      continue;
    }
    if (value === null && !DISPLAY_TYPES.includes(field.type)) {
      // null is "no answer": fine unless the field is required
      if (required) errors[field.key] = { code: 'required', message: `"${fieldLabel(field)}" is required`, type: field.type };
      continue;
    }
    const problem = checkValue(field, value, opts);
    if (problem) {
      errors[field.key] = problem;
      continue;
    }
    if (required && isEmpty(value)) errors[field.key] = { code: 'required', message: `"${fieldLabel(field)}" is required`, type: field.type };
  }
  return errors;
}

/** A submission's own members (spec §2.7), in the order the service writes them. */
export const SUBMISSION_FIELDS = ['id', 'qrId', 'answers', 'quizData', 'createdAt', 'updatedAt'] as const;

/** The members of a whole submission (spec §2.7) or of a create body (spec §4.4). */
const SUBMISSION_KEYS = new Set<string>([...SUBMISSION_FIELDS, 'timeSpentSeconds', 'timeExpired']);

/**
 * The answers of an object that is either bare answers (field key → value) or a whole submission
 * or create body ({answers: {…}, …}, as `submissions get` and exports write them).
 */
export function unwrapAnswers(obj: Record<string, unknown>): Record<string, unknown> {
  const inner = obj.answers;
  const whole = inner !== null && typeof inner === 'object' && !Array.isArray(inner) && Object.keys(obj).every((k) => SUBMISSION_KEYS.has(k));
  return whole ? (inner as Record<string, unknown>) : obj;
}

/** A field whose answer is one or more uploaded files (spec §2.8: fileId, fileId[]). */
export function isFileField(f: { type: FieldType } | undefined): boolean {
  const vt = f ? VALUE_TYPES[f.type] : null;
  return vt === 'fileId' || vt === 'fileId[]';
}

/**
 * The file references of a submission's answers ({fileId} objects and id strings, alone or in
 * lists): in its file fields when `fields` are given (what the submission takes as its own), else
 * under any key (what it may still refer to: a field removed since kept its file there).
 */
export function fileIdsOf(answers: unknown, fields?: ReadonlyArray<{ key: string; type: FieldType }>): string[] {
  if (!isPlainObject(answers)) return [];
  const values = fields ? fields.filter(isFileField).map((f) => answers[f.key]) : Object.values(answers);
  const ids: string[] = [];
  for (const value of values) {
    for (const ref of Array.isArray(value) ? value : [value]) {
      const id = fileIdOf(ref);
      if (id) ids.push(id);
    }
  }
  return ids;
}
