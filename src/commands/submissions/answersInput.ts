import { ApiError } from '../../errors.js';
import { uploadFormFile } from '../../api/resources/uploads.js';
import type { Deps } from '../../cmdutil/factory.js';
import { UsageError, ValidationError } from '../../errors.js';
import { parseJsonText, readJsonInput } from '../../cmdutil/input.js';
import { checkUploadFile } from '../../cmdutil/uploadFile.js';
import { fieldLabel, unwrapAnswers, validateSubmission, VALUE_TYPES, type AnswerField, type FieldErrors } from '../../domain/answers.js';
import { coerceAnswer, findField } from '../../domain/coerce.js';

export interface AnswerOpts {
  answers?: string;
  set?: string[];
  attach?: string[];
}

/** --answers: inline JSON, @file, or - for stdin. */
async function readAnswersFlag(deps: Deps, raw: string): Promise<Record<string, unknown>> {
  // - and @file are read like every other JSON input; anything else is the JSON itself
  let value: unknown;
  let source = '--answers';
  if (raw === '-' || raw.startsWith('@')) {
    const path = raw === '-' ? '-' : raw.slice(1);
    value = await readJsonInput(deps.io, path, '--answers');
    source = path === '-' ? 'stdin' : path;
  } else {
    value = parseJsonText(raw, source);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new UsageError(`${source}: answers must be a JSON object keyed by field key`);
  // a whole body too ({answers: {...}}), as written by `submissions get`
  return unwrapAnswers(value as Record<string, unknown>);
}

function splitAssignment(flag: string, pair: string): [string, string] {
  const i = pair.indexOf('=');
  if (i <= 0) throw new UsageError(`${flag} "${pair}": expected FIELD=VALUE (FIELD is a key or a label)`);
  return [pair.slice(0, i), pair.slice(i + 1)];
}

function pickField(flag: string, fields: AnswerField[], name: string): AnswerField {
  const { field, problem } = findField(fields, name);
  if (!field) throw new UsageError(`${flag} ${name}: ${problem}`);
  return field;
}

/** Checks --attach paths before any request: exists, at most 20 MB, a type submissions accept (spec §4.2). */
export function checkAttachments(attach: string[] | undefined): Array<[string, string, string]> {
  return (attach ?? []).map((pair) => {
    const [name, path] = splitAssignment('--attach', pair);
    try {
      return [name, path, checkUploadFile(path, 'submission').sniffed.mime];
    } catch (e) {
      throw new UsageError(`--attach ${name}: ${(e as Error).message}`);
    }
  });
}

/** Stands in for the fileId of an --attach file until it is uploaded. */
export const PENDING_UPLOAD = 'pending-upload';

interface PendingUpload {
  key: string;
  path: string;
  mime: string;
  /** position in a fileId[] answer; undefined for a single fileId */
  index?: number;
}

export interface BuiltAnswers {
  answers: Record<string, unknown>;
  /** --attach files, checked locally but not sent yet */
  uploads: PendingUpload[];
}

/**
 * The answers of --answers, then --set (coerced to each field's shape), then --attach: each file is
 * checked here and stands as a placeholder {fileId}, so the answers can be validated before anything
 * is uploaded. `fields` is asked for only when needed.
 */
export async function buildAnswers(deps: Deps, opts: AnswerOpts, fields: () => Promise<AnswerField[]>, base: Record<string, unknown> = {}): Promise<BuiltAnswers> {
  const answers: Record<string, unknown> = opts.answers !== undefined ? await readAnswersFlag(deps, opts.answers) : { ...base };
  const sets = (opts.set ?? []).map((p) => splitAssignment('--set', p));
  const attachments = checkAttachments(opts.attach);
  const uploads: PendingUpload[] = [];
  if (sets.length === 0 && attachments.length === 0) return { answers, uploads };
  const defs = await fields();
  for (const [name, value] of sets) {
    const field = pickField('--set', defs, name);
    if (VALUE_TYPES[field.type] === null) throw new UsageError(`--set ${name}: "${fieldLabel(field)}" is display-only and takes no answer`);
    answers[field.key] = coerceAnswer(field, value);
  }
  for (const [name, path, mime] of attachments) {
    const field = pickField('--attach', defs, name);
    const vt = VALUE_TYPES[field.type];
    if (vt !== 'fileId' && vt !== 'fileId[]') throw new UsageError(`--attach ${name}: "${fieldLabel(field)}" is a ${field.type} field, not a file field`);
    if (vt === 'fileId') {
      answers[field.key] = { fileId: PENDING_UPLOAD };
      uploads.push({ key: field.key, path, mime });
    } else {
      const list = [...(Array.isArray(answers[field.key]) ? (answers[field.key] as unknown[]) : []), { fileId: PENDING_UPLOAD }];
      answers[field.key] = list;
      uploads.push({ key: field.key, path, mime, index: list.length - 1 });
    }
  }
  return { answers, uploads };
}

/** Uploads the --attach files (category=submission) and puts their fileIds in place of the placeholders. */
export async function uploadAttachments(deps: Deps, qrId: string, built: BuiltAnswers): Promise<Record<string, unknown>> {
  if (built.uploads.length === 0) return built.answers;
  const client = await deps.client();
  const answers = { ...built.answers };
  for (const up of built.uploads) {
    const { fileId } = await uploadFormFile(client, qrId, up.path, 'submission', up.mime);
    if (up.index === undefined) answers[up.key] = { fileId };
    else answers[up.key] = (answers[up.key] as unknown[]).map((v, i) => (i === up.index ? { fileId } : v));
  }
  return answers;
}

/** Answers checked locally; exit 3 with every field error by label. */
export function assertValid(fields: AnswerField[], answers: Record<string, unknown>, mode: 'create' | 'update', message: string): void {
  const errors = validateSubmission(fields, { answers }, { mode });
  // the envelope the service answers for the same refusal (spec §7), for -o json; code 0: no answer
  // from the service (scripting-and-ci.md, "Errors as JSON")
  if (Object.keys(errors).length) throw new ValidationError(message, describeFieldErrors(errors, fields), { status: 'failed', message, code: 0, data: { valid: false, fieldErrors: errors } });
}

/** Field errors as lines naming each field by its label. */
export function describeFieldErrors(errors: FieldErrors | Record<string, { code: string; message: string; type?: string }>, fields: AnswerField[] | undefined): string[] {
  const byKey = new Map((fields ?? []).map((f) => [f.key, f]));
  return Object.entries(errors).map(([key, e]) => {
    const f = byKey.get(key);
    const who = key === '_form' ? 'request' : f ? `${fieldLabel(f)} (${key}, ${f.type})` : `${key}${e.type ? ` (${e.type})` : ''}`;
    return `${who}: ${e.message} [${e.code}]`;
  });
}

/** An API validation failure (spec §7) as a ValidationError with labels; other errors pass through. */
export async function withLabels<T>(work: () => Promise<T>, fields: () => Promise<AnswerField[] | undefined>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof ApiError && e.status === 400 && e.fieldErrors) {
      let defs: AnswerField[] | undefined;
      try {
        defs = await fields();
      } catch {
        defs = undefined;
      }
      throw new ValidationError(e.message, describeFieldErrors(e.fieldErrors, defs), e.toEnvelope());
    }
    throw e;
  }
}
