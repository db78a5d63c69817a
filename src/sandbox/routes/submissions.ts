import { createHash } from 'node:crypto';
import type { z } from 'zod/v4';
import { fileIdOf, isFileField } from '../../domain/answers.js';
import { isHex24 } from '../../domain/ids.js';
import type { BatchDeleteBody } from './bodySchemas.js';
import { parseInstant } from '../../domain/instants.js';
import { MAX_IDEMPOTENCY_KEY, SUBMISSIONS_PAGE_DEFAULT, SUBMISSIONS_PAGE_MAX } from '../../domain/limits.js';
import { pageOf } from '../../domain/pages.js';
import { scoreQuiz, type QuizSettings } from '../../domain/quiz.js';
import { schemaField, type SchemaField } from '../../domain/schema.js';
import { checkSubmission, commitSubmission } from '../creation.js';
import { ApiFailure, EnvelopeReply, JsonText, envelopeOf, intParam } from '../http.js';
import { route, type RequestContext } from '../instance.js';
import { readDoc, type FormDoc, type FormRow } from '../repo/forms.js';
import type { SubmissionRow } from '../repo/submissions.js';
import { availableForm } from '../resources.js';
import { asObject, contractBody } from './bodies.js';
import { formSummary } from './formViews.js';
import { SubmissionPages } from '../submissionPages.js';

export const SUBMISSION_NOT_FOUND = 'Submission not found';
export const IDEMPOTENCY_WINDOW_MS = 24 * 3600 * 1000;

function validate(ctx: RequestContext, form: FormRow, doc: FormDoc, body: unknown, mode: 'create' | 'update'): void {
  checkSubmission(ctx.sb, ctx.account, form, doc, body, mode);
}

export function fileUrl(origin: string, fileId: string): string {
  return `${origin}/files/${fileId}`;
}

/** spec §2.7: on read, file answers carry {fileId, fileUrl}. */
function resolveFiles(origin: string, doc: FormDoc, answers: Record<string, unknown>): Record<string, unknown> {
  const out = { ...answers };
  for (const f of doc.fields) {
    if (!isFileField(f) || out[f.key] === undefined || out[f.key] === null) continue;
    const one = (ref: unknown) => {
      const fileId = fileIdOf(ref);
      return fileId ? { fileId, fileUrl: fileUrl(origin, fileId) } : ref;
    };
    out[f.key] = Array.isArray(out[f.key]) ? (out[f.key] as unknown[]).map(one) : one(out[f.key]);
  }
  return out;
}

function presentSubmission(origin: string, doc: FormDoc, row: SubmissionRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: row.id,
    qrId: row.qr_id,
    answers: resolveFiles(origin, doc, JSON.parse(row.answers) as Record<string, unknown>),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (row.quiz) out.quizData = JSON.parse(row.quiz);
  return out;
}

function getSchema(ctx: RequestContext) {
  const doc = readDoc(ctx.form!);
  const fields: Record<string, SchemaField> = {};
  for (const f of doc.fields) {
    const s = schemaField(f);
    if (s) fields[f.key] = s;
  }
  return { qrId: ctx.form!.qr_id, title: doc.title, fields };
}

async function validateOnly(ctx: RequestContext) {
  validate(ctx, ctx.form!, readDoc(ctx.form!), await ctx.json(), 'create');
  return { valid: true };
}

/** The body compared for idempotent replays: canonical JSON (key order does not matter). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function idempotencyKey(ctx: RequestContext): string | undefined {
  const raw = ctx.req.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key !== undefined && (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY)) {
    throw new ApiFailure(400, `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY} characters`);
  }
  return key;
}

async function createSubmission(ctx: RequestContext) {
  const key = idempotencyKey(ctx);
  const body = await ctx.json();
  const form = ctx.form!;
  const nowMs = ctx.now().getTime();
  const hash = key === undefined ? '' : createHash('sha256').update(`${form.qr_id}\n${canonical(body)}`).digest('hex');
  // spec §8: within 24 h the same key and an identical body replays the original success; another body → 409
  const replay = (): Record<string, unknown> | undefined => {
    if (key === undefined) return undefined;
    const hit = ctx.store.idempotency.find(ctx.account.id, key, nowMs - IDEMPOTENCY_WINDOW_MS);
    if (!hit) return undefined;
    if (hit.body_hash !== hash) throw new ApiFailure(409, 'Idempotency-Key was already used with a different request body');
    ctx.res.setHeader('idempotent-replayed', 'true');
    return JSON.parse(hit.response) as Record<string, unknown>;
  };
  const early = replay();
  if (early) return early;
  return commitSubmission(ctx.sb, ctx.account, form, body, nowMs, {
    // a concurrent request with the same key may have committed meanwhile
    inTransaction: replay,
    remember: (out) => {
      if (key !== undefined) ctx.store.idempotency.remember(ctx.account.id, key, form.qr_id, hash, out, nowMs);
    },
  }).response;
}

function instantParam(raw: string, name: string): number {
  const ms = parseInstant(raw);
  if (ms === undefined) throw new ApiFailure(400, `Invalid ${name}: expected ISO 8601 (2026-06-15T10:00:00Z) or a Unix timestamp`);
  return ms;
}

function listSubmissions(ctx: RequestContext) {
  const page = intParam(ctx.query, 'page', 1, 10_000_000);
  const limit = intParam(ctx.query, 'limit', SUBMISSIONS_PAGE_DEFAULT, SUBMISSIONS_PAGE_MAX);
  const since = ctx.query.get('since');
  const until = ctx.query.get('until');
  // spec §4.4: both bounds inclusive, on createdAt
  const from = since ? instantParam(since, 'since') : -8.64e15;
  const to = until ? instantParam(until, 'until') : 8.64e15;
  const form = ctx.form!;
  const doc = readDoc(form);
  const w = ctx.sb.pages.window(`${form.qr_id}|${form.sub_version}|${from}|${to}|${limit}`);
  // the form's counter is exact; a bounded window is counted once per version
  w.total ??= since || until ? ctx.store.submissions.countBetween(form.qr_id, from, to) : form.submissions;
  const start = SubmissionPages.anchor(w, page, limit);
  const envelope = (items: unknown[]) => new EnvelopeReply(pageOf(items, w.total!, page, limit), { form: formSummary(doc) });
  if (doc.fields.some(isFileField)) {
    const rows = ctx.store.submissions.page(form.qr_id, from, to, limit, start);
    SubmissionPages.served(w, page, limit, rows, (r) => [r.created_ms, r.seq]);
    return envelope(rows.map((r) => presentSubmission(ctx.origin, doc, r)));
  }
  // the rows come as their JSON text, spliced into the envelope's empty items: the same bytes as
  // presentSubmission's objects serialised, without parsing and re-serialising every answer
  const rows = ctx.store.submissions.pageJson(form.qr_id, from, to, limit, start);
  SubmissionPages.served(w, page, limit, rows, ([seq, ms]) => [ms, seq]);
  const text = JSON.stringify(envelopeOf(envelope([])));
  const at = text.indexOf(EMPTY_ITEMS) + EMPTY_ITEMS.length - 1;
  return new JsonText(text.slice(0, at) + rows.map((r) => r[2]).join(',') + text.slice(at));
}

const EMPTY_ITEMS = '"data":{"items":[]';

/** A submission of this account whose form is available (spec §4.4: otherwise 400). */
function loadSubmission(ctx: RequestContext): { row: SubmissionRow; form: FormRow; doc: FormDoc } {
  const id = ctx.params.submissionId!;
  if (!isHex24(id)) throw new ApiFailure(400, `Invalid submission id "${id}": expected 24 hex characters`);
  const row = ctx.store.submissions.find(id, ctx.account.id);
  if (!row) throw new ApiFailure(400, SUBMISSION_NOT_FOUND);
  let form: FormRow;
  try {
    form = availableForm(ctx.store, ctx.account.id, row.qr_id);
  } catch {
    throw new ApiFailure(400, SUBMISSION_NOT_FOUND);
  }
  return { row, form, doc: readDoc(form) };
}

function getSubmission(ctx: RequestContext) {
  const { row, doc } = loadSubmission(ctx);
  return new EnvelopeReply(presentSubmission(ctx.origin, doc, row), { form: formSummary(doc) });
}

async function updateSubmission(ctx: RequestContext) {
  const body = await ctx.json();
  const { row, form, doc } = loadSubmission(ctx);
  validate(ctx, form, doc, body, 'update');
  const b = asObject(body) as { answers: Record<string, unknown>; timeSpentSeconds?: number };
  const quiz = doc.isQuiz ? scoreQuiz(doc.fields, b.answers, (doc.quizConfig ?? {}) as QuizSettings) : undefined;
  const next = { answers: b.answers, quiz, timeSpent: b.timeSpentSeconds ?? null, at: ctx.now().toISOString() };
  // a file the old answers named and nothing names any more goes with them
  ctx.store.removeFileBytes(ctx.store.write(() => ctx.store.updateSubmission(row.qr_id, row.seq, row.id, next)));
  return {};
}

function deleteSubmission(ctx: RequestContext) {
  const { row } = loadSubmission(ctx);
  // a file goes with the last submission that names it (spec §4.4 "delete": the answers are gone)
  ctx.store.removeFileBytes(ctx.store.write(() => ctx.store.deleteSubmissions(row.qr_id, [row.id])));
  return {};
}

function batchDelete(ctx: RequestContext, body: z.infer<typeof BatchDeleteBody>) {
  const form = ctx.form!;
  if (body.qrId !== undefined && body.qrId !== form.qr_id) throw new ApiFailure(400, 'qrId in the body must match the form of the path');
  const unique = [...new Set(body.submissionIds)];
  const bad = unique.filter((i) => !isHex24(i));
  if (bad.length) throw new ApiFailure(400, `Invalid submission id${bad.length > 1 ? 's' : ''}: ${bad.join(', ')}`);
  const files = ctx.store.write(() => {
    // spec §4.4: ids must belong to the form; all or nothing
    const foreign = ctx.store.submissions.foreignTo(form.qr_id, ctx.account.id, unique);
    if (foreign.length) throw new ApiFailure(400, `Submission${foreign.length > 1 ? 's' : ''} not found in form ${form.qr_id}: ${foreign.join(', ')}`);
    return ctx.store.deleteSubmissions(form.qr_id, unique);
  });
  ctx.store.removeFileBytes(files);
  return {};
}

// spec §4.4
export const submissionRoutes = [
  route({ operationId: 'getSubmissionSchema', method: 'GET', path: '/forms/:qrId/submission-schema', action: 'submission.read', form: 'available', handler: getSchema }),
  route({ operationId: 'validateSubmission', method: 'POST', path: '/forms/:qrId/submissions/validate', action: 'submission.create', form: 'available', handler: validateOnly }),
  route({ operationId: 'batchDeleteSubmissions', method: 'POST', path: '/forms/:qrId/submissions/batch-delete', action: 'submission.delete', form: 'available', body: contractBody('BatchDeleteBody'), handler: batchDelete }),
  route({ operationId: 'createSubmission', method: 'POST', path: '/forms/:qrId/submissions', action: 'submission.create', form: 'available', handler: createSubmission }),
  route({ operationId: 'listSubmissions', method: 'GET', path: '/forms/:qrId/submissions', action: 'submission.read', form: 'available', handler: listSubmissions }),
  route({ operationId: 'getSubmission', method: 'GET', path: '/submissions/:submissionId', action: 'submission.read', handler: getSubmission }),
  route({ operationId: 'updateSubmission', method: 'PUT', path: '/submissions/:submissionId', action: 'submission.update', handler: updateSubmission }),
  route({ operationId: 'deleteSubmission', method: 'DELETE', path: '/submissions/:submissionId', action: 'submission.delete', handler: deleteSubmission }),
];
