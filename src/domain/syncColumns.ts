import { ADDRESS_PARTS, NAME_PARTS, VALUE_TYPES, fieldLabel, fileIdOf, type AnswerField } from './answers.js';
import { hasQuizColumns } from './flatten.js';

// `submissions sync`: the typed columns of a form's table, named after field labels. A field keeps
// its column once made (renaming a label does not move data); new fields add columns.

export type ColumnType = 'text' | 'number' | 'json' | 'boolean' | 'timestamp';

export interface SyncColumn {
  name: string;
  type: ColumnType;
  /** the field key and, for name/address, the part (`key.part`); quiz columns `quiz.points` … */
  source: string;
}

export interface SyncSubmission {
  id: string;
  createdAt: string;
  updatedAt: string;
  answers: Record<string, unknown>;
  quizData?: Record<string, unknown>;
}

/** snake_case ASCII of a label, safe as an SQL identifier once quoted; never empty. */
export function columnName(label: string): string {
  const s = label.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 50);
  return /^[a-z_]/.test(s) ? s : `f_${s || 'field'}`;
}

export const FIXED_COLUMNS: SyncColumn[] = [
  { name: 'id', type: 'text', source: '$id' },
  { name: 'created_at', type: 'timestamp', source: '$createdAt' },
  { name: 'updated_at', type: 'timestamp', source: '$updatedAt' },
];

const QUIZ: Array<[string, ColumnType, string]> = [['quiz_points', 'number', 'quiz.points'], ['quiz_total_marks', 'number', 'quiz.totalMarks'], ['quiz_percentage', 'number', 'quiz.percentage'], ['quiz_passed', 'boolean', 'quiz.passed']];

/**
 * The columns for a form's fields, after the ones it already has (`existing`, in table order):
 * existing sources keep their names (a form that was a quiz keeps its score columns); new sources
 * get fresh, unique names; the score columns come when the fields carry quiz settings, as in export.
 */
export function planColumns(fields: AnswerField[], existing: SyncColumn[] = []): SyncColumn[] {
  const out = existing.length ? [...existing] : [...FIXED_COLUMNS];
  const taken = new Set(out.map((c) => c.name));
  const has = new Set(out.map((c) => c.source));
  const add = (name: string, type: ColumnType, source: string) => {
    if (has.has(source)) return;
    let n = name;
    for (let i = 2; taken.has(n); i++) n = `${name}_${i}`;
    taken.add(n);
    has.add(source);
    out.push({ name: n, type, source });
  };
  for (const f of fields) {
    const vt = VALUE_TYPES[f.type];
    if (vt === null) continue;
    const base = columnName(fieldLabel(f));
    if (f.type === 'name' || f.type === 'address') {
      for (const p of f.type === 'name' ? NAME_PARTS : ADDRESS_PARTS) add(`${base}_${columnName(p.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))}`, 'text', `${f.key}.${p}`);
    } else if (f.type === 'number') add(base, 'number', f.key);
    else if (vt === 'string[]' || vt === 'array' || vt === 'fileId[]') add(base, 'json', f.key);
    else add(base, 'text', f.key);
  }
  if (hasQuizColumns(fields)) for (const [n, t, s] of QUIZ) add(n, t, s);
  return out;
}

const fileUrl = (r: unknown): string => (r && typeof r === 'object' && typeof (r as { fileUrl?: unknown }).fileUrl === 'string' ? (r as { fileUrl: string }).fileUrl : (fileIdOf(r) ?? ''));

export type Cell = string | number | boolean | null;
type Reader = (s: SyncSubmission) => Cell;

/**
 * The cells of a submission's row, one per column, typed for the database (JSON as text). Each
 * column's source is read once here, into a function per column, not for every row.
 */
export function cellReaders(columns: SyncColumn[], typeOf: (key: string) => string | undefined): (s: SyncSubmission) => Cell[] {
  const readers = columns.map((c) => cellReader(c, typeOf));
  return (s) => {
    const cells = new Array<Cell>(readers.length);
    for (let i = 0; i < readers.length; i++) cells[i] = readers[i]!(s);
    return cells;
  };
}

function cellReader(col: SyncColumn, typeOf: (key: string) => string | undefined): Reader {
  if (col.source === '$id') return (s) => s.id;
  if (col.source === '$createdAt') return (s) => s.createdAt;
  if (col.source === '$updatedAt') return (s) => s.updatedAt;
  if (col.source.startsWith('quiz.')) {
    const key = col.source.slice(5);
    return (s) => {
      const v = s.quizData?.[key];
      return v === undefined || v === null ? null : (v as number | boolean);
    };
  }
  const [key, part] = col.source.split('.') as [string, string | undefined];
  const value = part === undefined ? answerCell(col.type, typeOf(key)) : (v: unknown) => {
    const p = (v as Record<string, unknown>)[part];
    return typeof p === 'string' ? p : p === undefined || p === null ? null : String(p);
  };
  return (s) => {
    const v = s.answers[key];
    return v === undefined || v === null ? null : value(v);
  };
}

/** the cell of a whole answer (not null) in a column of this type, for a field of this type */
function answerCell(columnType: ColumnType, fieldType: string | undefined): (v: unknown) => Cell {
  if (columnType === 'number') {
    return (v) => {
      if (typeof v === 'string' && v.trim() === '') return null;
      const n = Number(typeof v === 'string' ? v.trim() : v);
      return Number.isFinite(n) ? n : null;
    };
  }
  if (fieldType === 'picture' || fieldType === 'document') return (v) => JSON.stringify((Array.isArray(v) ? v : [v]).map(fileUrl));
  if (fieldType === 'signature' || fieldType === 'audio' || fieldType === 'video') return (v) => fileUrl(Array.isArray(v) ? v[0] : v) || null;
  if (columnType === 'json') return (v) => JSON.stringify(v);
  return (v) => (typeof v === 'string' ? v : JSON.stringify(v));
}
