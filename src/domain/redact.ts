import { createHmac } from 'node:crypto';
import { ADDRESS_PARTS, fileIdOf, type AnswerField } from './answers.js';

// --redact: people replaced by stable pseudonyms, for sharing submissions with analysts. A keyed hash
// (HMAC-SHA256 with a per-profile secret) makes the same value the same pseudonym across runs, so
// joins still work, while nobody without the secret can test a guess.
//
// By field type (README "Privacy"): email, phone → pseudonyms; name → each part; address → every part
// but the country; files → their ids and URLs; shortText, longText, location, sheet → kept, or dropped
// with --redact-text; choices, numbers, dates, times, checkList → kept.

export interface Redactor {
  /** a stable pseudonym of a value */
  token(kind: string, value: string): string;
  dropText: boolean;
}

export function redactor(secret: string, dropText: boolean): Redactor {
  return {
    dropText,
    token: (kind, value) => `${kind}_${createHmac('sha256', secret).update(`${kind}\u0000${value.trim().toLowerCase()}`).digest('hex').slice(0, 12)}`,
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
        if (TEXT_TYPES.has(f.type) && r.dropText) out[key] = null;
        else out[key] = value;
    }
  }
  return out;
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
