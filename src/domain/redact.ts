import { ADDRESS_PARTS, checkValue, fileIdOf, optionValues, SUBMISSION_FIELDS, VALUE_TYPES, type AnswerField } from './answers.js';

// --redact: people replaced by stable pseudonyms, for sharing submissions with analysts. A keyed hash
// (HMAC-SHA256 with a per-profile secret) makes the same value the same pseudonym across runs, so
// joins still work, while nobody without the secret can test a guess.
//
// By field type (docs/submissions.md "Privacy"): email, phone → pseudonyms; name → each part; address → every part
// but the country; files → their ids and URLs; shortText, longText, location, sheet → kept, or dropped
// with --redact-text; choices, numbers, dates, times, checkList → kept.

export interface Redactor {
  /** a stable pseudonym of a value */
  token(kind: string, value: string): string;
  dropText: boolean;
}

export function redactor(secret: string, dropText: boolean): Redactor {
  // node:crypto only once something is redacted: every submissions command loads this module
  const { createHmac } = require('node:crypto') as typeof import('node:crypto');
  return {
    dropText,
    token: (kind, value) => `${kind}_${createHmac('sha256', secret).update(`${kind}\u0000${value.trim().toLowerCase()}`).digest('hex').slice(0, 12)}`,
  };
}

/** --redact's secret and --redact-text, as plain data (cmdutil/redaction.ts redactionKey) */
export interface RedactionKey {
  secret: string;
  dropText: boolean;
}

export type SubmissionRedaction = <T extends { answers: Record<string, unknown>; quizData?: unknown }>(s: T, fields: AnswerField[] | undefined) => T;

/**
 * A submission redacted: its answers and quizData, with its other fields of spec §2.7 (id, qrId,
 * createdAt, updatedAt) as they are. Fail closed: anything else a response carries beside them is left
 * out, never passed through unredacted. Without the form's fields (a response that carried no form)
 * every answer is unknown, so redacted as such: redaction never depends on the service sending what
 * it should.
 */
export function submissionRedaction(key: RedactionKey): SubmissionRedaction {
  const r = redactor(key.secret, key.dropText);
  return <T extends { answers: Record<string, unknown>; quizData?: unknown }>(s: T, fields: AnswerField[] | undefined): T => {
    const out: Record<string, unknown> = {};
    for (const k of SUBMISSION_FIELDS) {
      if (k === 'answers') out.answers = redactAnswers(fields ?? [], s.answers, r);
      else if (k !== 'quizData') out[k] = (s as Record<string, unknown>)[k];
      else if (s.quizData !== undefined) out.quizData = redactQuizData(s.quizData, r);
    }
    return out as T;
  };
}

const TEXT_TYPES = new Set(['shortText', 'longText', 'location', 'sheet']);

function redactFile(r: Redactor, ref: unknown): unknown {
  const id = fileIdOf(ref);
  if (!id) return ref;
  const token = r.token('file', id);
  return ref && typeof ref === 'object' ? { fileId: token, fileUrl: `redacted:${token}` } : token;
}

/**
 * Fail closed: a value redaction cannot classify (an answer under a key the form no longer has, a
 * value of an unexpected shape) is pseudonymised all the way down, or dropped with --redact-text;
 * never passed through. Only null and booleans say nothing about a person.
 */
function redactUnknown(r: Redactor, value: unknown): unknown {
  if (value === null || value === undefined || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map((v) => redactUnknown(r, v));
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactUnknown(r, v)]));
  return r.dropText ? null : r.token('value', String(value));
}

/** The answers of one submission with people replaced; fields by key from the form. */
export function redactAnswers(fields: AnswerField[], answers: Record<string, unknown>, r: Redactor): Record<string, unknown> {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(answers)) {
    const f = byKey.get(key);
    if (value === null || value === undefined) {
      out[key] = value;
      continue;
    }
    if (!f) {
      out[key] = redactUnknown(r, value); // a field removed after people answered it
      continue;
    }
    switch (f.type) {
      case 'email':
        out[key] = typeof value === 'string' ? (value ? `${r.token('email', value)}@redacted.invalid` : value) : redactUnknown(r, value);
        break;
      case 'phone':
        out[key] = typeof value === 'string' ? (value ? r.token('phone', value.replace(/[^\d+]/g, '')) : value) : redactUnknown(r, value);
        break;
      case 'name': {
        if (!isRecord(value)) {
          out[key] = redactUnknown(r, value);
          break;
        }
        out[key] = Object.fromEntries(Object.entries(value).map(([p, x]) => [p, typeof x === 'string' ? (x ? r.token(p === 'lastName' ? 'last' : 'first', x) : x) : redactUnknown(r, x)]));
        break;
      }
      case 'address': {
        if (!isRecord(value)) {
          out[key] = redactUnknown(r, value);
          break;
        }
        // the country is kept (analysts group by it); every other part, known or not, is replaced
        out[key] = Object.fromEntries(Object.entries(value).map(([p, x]) => [p, p === 'country' && typeof x === 'string' ? x : typeof x === 'string' && (ADDRESS_PARTS as readonly string[]).includes(p) ? (x ? r.token(p, x) : x) : redactUnknown(r, x)]));
        break;
      }
      case 'picture':
      case 'document':
      case 'signature':
      case 'audio':
      case 'video':
        out[key] = Array.isArray(value) ? value.map((x) => redactFile(r, x)) : redactFile(r, value);
        break;
      default:
        // a kept type keeps only a value of its own shape: after a field changed type (an e-mail
        // address under what is now a number), the old answer is not a kept value but unclassified
        if (!holdsKeptValue(f, value)) out[key] = redactUnknown(r, value);
        else if (TEXT_TYPES.has(f.type) && r.dropText) out[key] = null;
        else out[key] = value;
    }
  }
  return out;
}

// stricter than validation, which accepts what Date.parse does ("Bob Smith 12" is a date to V8)
const DECIMAL = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;
const DATE_TEXT = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Whether a value of a kept type (text, choices, numbers, dates, times, checkList) is of the shape
 * that type holds (spec §2.8), strictly: a choice must be one of the field's options, a number
 * digits, a date ISO 8601, a checkList row one of the field's rows. Anything else says it was
 * answered to some other question, so redaction cannot vouch for it.
 */
function holdsKeptValue(f: AnswerField, value: unknown): boolean {
  if (VALUE_TYPES[f.type] === undefined || checkValue(f, value, { mode: 'create' })) return false;
  if (typeof value === 'string' && value.trim() === '') return true;
  switch (f.type) {
    case 'number':
      return DECIMAL.test((value as string).trim());
    case 'calendar':
      return DATE_TEXT.test((value as string).trim());
    case 'gender':
      // a gender field without options offers these (the service's defaults)
      return optionValues(f) !== undefined || ['female', 'male', 'other'].includes(value as string);
    case 'radio':
    case 'checkbox':
      return optionValues(f) !== undefined; // checkValue has checked membership when options exist
    case 'multipleLevelSelect':
      return isCascadePath(f.option.options, value as string);
    case 'checkList':
      return Array.isArray(f.option.rowLabels); // checkValue has checked the rows when they exist
    default:
      return true;
  }
}

/** "Europe / France / Paris": every step a name or value of the cascade tree, one level down each. */
function isCascadePath(tree: unknown, path: string): boolean {
  let level = tree;
  for (const step of path.split(/\s*[/>]\s*/)) {
    if (!Array.isArray(level)) return false;
    const node = level.find((n) => isRecord(n) && (n.value === step || n.name === step)) as Record<string, unknown> | undefined;
    if (!node) return false;
    level = node.options ?? node.children;
  }
  return true;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * quizData's per-question `answer` repeats what the person typed: with --redact-text it goes too, like
 * the free text in answers; with --redact alone it is treated as its answer would be (kept).
 */
export function redactQuizData(quizData: unknown, r: Redactor): unknown {
  if (!r.dropText || !isRecord(quizData) || !Array.isArray(quizData.quizResult)) return quizData;
  return { ...quizData, quizResult: quizData.quizResult.map((q) => (isRecord(q) ? { ...q, answer: null } : q)) };
}
