import { createHash } from 'node:crypto';
import { fileIdOf, validateSubmission, VALUE_TYPES, type FieldErrors } from '../../domain/answers.js';
import type { FieldDefinition } from '../../domain/form.js';
import { isHex24, isQrId } from '../../domain/ids.js';
import { parseInstant } from '../../domain/instants.js';
import { MAX_IDEMPOTENCY_KEY, SUBMISSIONS_PAGE_DEFAULT, SUBMISSIONS_PAGE_MAX } from '../../domain/limits.js';
import { PLAN_LIMITS } from '../../domain/plans.js';
import { filterQuizForResponse, scoreQuiz, type QuizData, type QuizSettings } from '../../domain/quiz.js';
import { schemaField, type SchemaField } from '../../domain/schema.js';
import { ApiFailure, EnvelopeReply, asObject, intParam, type RequestContext } from '../http.js';
import type { Route } from '../router.js';
import { newHexId, type FormRow, type SubmissionRow } from '../store.js';
import { loadForm, publicField, readDoc, type FormDoc } from './forms.js';

export const VALIDATION_FAILED = 'Submission validation failed.';
export const SUBMISSION_QUOTA_MESSAGE = 'Your current plan does not support this action. Please upgrade your plan.';
export const SUBMISSION_NOT_FOUND = 'Submission not found';
export const IDEMPOTENCY_WINDOW_MS = 24 * 3600 * 1000;

/** Run after a new submission is committed (not on an idempotent replay): webhook deliveries. */
export type SubmissionCreatedHook = (event: { store: RequestContext['store']; accountId: string; row: SubmissionRow; doc: FormDoc; quizData?: QuizData }) => void;
export const submissionCreatedHooks = new Set<SubmissionCreatedHook>();

function fail(errors: FieldErrors): never {
  throw new ApiFailure(400, VALIDATION_FAILED, { valid: false, fieldErrors: errors });
}

function fileChecker(ctx: RequestContext, qrId: string) {
  const stmt = ctx.store.sql(`SELECT 1 FROM files WHERE id = ? AND account_id = ? AND (qr_id = ? OR qr_id IS NULL)`);
  return (fileId: string) => stmt.get(fileId, ctx.account.id, qrId) !== undefined;
}

function validate(ctx: RequestContext, form: FormRow, doc: FormDoc, body: unknown, mode: 'create' | 'update'): void {
  const errors = validateSubmission(doc.fields, body, { mode, fileExists: fileChecker(ctx, form.qr_id) });
  if (Object.keys(errors).length) fail(errors);
}

/** spec §2.7: on read, file answers carry {fileId, fileUrl}. */
function resolveFiles(ctx: RequestContext, doc: FormDoc, answers: Record<string, unknown>): Record<string, unknown> {
  const out = { ...answers };
  for (const f of doc.fields) {
    const vt = VALUE_TYPES[f.type];
    if ((vt !== 'fileId' && vt !== 'fileId[]') || out[f.key] === undefined || out[f.key] === null) continue;
    const one = (ref: unknown) => {
      const fileId = fileIdOf(ref);
      return fileId ? { fileId, fileUrl: fileUrl(ctx, fileId) } : ref;
    };
    out[f.key] = Array.isArray(out[f.key]) ? (out[f.key] as unknown[]).map(one) : one(out[f.key]);
  }
  return out;
}

export function fileUrl(ctx: RequestContext, fileId: string): string {
  return `${ctx.origin}/files/${fileId}`;
}

export function presentSubmission(ctx: RequestContext, doc: FormDoc, row: SubmissionRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: row.id,
    qrId: row.qr_id,
    answers: resolveFiles(ctx, doc, JSON.parse(row.answers) as Record<string, unknown>),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (row.quiz) out.quizData = JSON.parse(row.quiz);
  return out;
}

/** spec §4.4: the top-level `form` of list and get responses. */
function formSummary(doc: FormDoc) {
  return { title: doc.title, fields: doc.fields.map(publicField) };
}

function getSchema(ctx: RequestContext) {
  const form = loadForm(ctx, ctx.params.qrId!);
  const doc = readDoc(form);
  const fields: Record<string, SchemaField> = {};
  for (const f of doc.fields) {
    const s = schemaField(f);
    if (s) fields[f.key] = s;
  }
  return { qrId: form.qr_id, title: doc.title, fields };
}

async function validateOnly(ctx: RequestContext) {
  const body = await ctx.readJson();
  const form = loadForm(ctx, ctx.params.qrId!);
  validate(ctx, form, readDoc(form), body, 'create');
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

function quizSettings(doc: FormDoc): QuizSettings {
  return (doc.quizConfig ?? {}) as QuizSettings;
}

function monthOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

async function createSubmission(ctx: RequestContext) {
  const rawKey = ctx.req.headers['idempotency-key'];
  const key = Array.isArray(rawKey) ? rawKey[0] : rawKey;
  if (key !== undefined && (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY)) {
    throw new ApiFailure(400, `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY} characters`);
  }
  const body = await ctx.readJson();
  const form = loadForm(ctx, ctx.params.qrId!);
  const nowMs = ctx.now().getTime();
  const hash = key === undefined ? '' : createHash('sha256').update(`${form.qr_id}\n${canonical(body)}`).digest('hex');
  const db = ctx.store.db;
  const lookup = ctx.store.sql(`SELECT * FROM idempotency WHERE account_id = ? AND key = ? AND created_ms > ?`);
  // spec §8: within 24 h the same key and an identical body replays the original success; another body → 409
  const replay = (): Record<string, unknown> | undefined => {
    if (key === undefined) return undefined;
    const hit = lookup.get(ctx.account.id, key, nowMs - IDEMPOTENCY_WINDOW_MS) as { body_hash: string; response: string } | undefined;
    if (!hit) return undefined;
    if (hit.body_hash !== hash) throw new ApiFailure(409, 'Idempotency-Key was already used with a different request body');
    ctx.res.setHeader('idempotent-replayed', 'true');
    return JSON.parse(hit.response) as Record<string, unknown>;
  };
  const early = replay();
  if (early) return early;

  const doc = readDoc(form);
  validate(ctx, form, doc, body, 'create');
  const b = asObject(body) as { answers: Record<string, unknown>; timeSpentSeconds?: number; timeExpired?: boolean };
  const settings = quizSettings(doc);
  const quiz = doc.isQuiz ? scoreQuiz(doc.fields, b.answers, settings) : undefined;
  const limit = ctx.account.submission_quota_override ?? PLAN_LIMITS[ctx.account.plan].monthlySubmissions;
  const month = monthOf(nowMs);
  let created: { row: SubmissionRow; response: Record<string, unknown> } | undefined;

  const commit = db.transaction(() => {
    const again = replay(); // a concurrent request with the same key may have committed meanwhile
    if (again) return again;
    const used = (ctx.store.sql(`SELECT count FROM submission_usage WHERE account_id = ? AND month = ?`).get(ctx.account.id, month) as { count: number } | undefined)?.count ?? 0;
    if (used >= limit) throw new ApiFailure(400, SUBMISSION_QUOTA_MESSAGE);
    const id = newHexId();
    const at = new Date(nowMs).toISOString();
    ctx.store.sql(
      `INSERT INTO submissions (id, qr_id, account_id, answers, quiz, time_spent, time_expired, created_ms, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, form.qr_id, ctx.account.id, JSON.stringify(b.answers), quiz ? JSON.stringify(quiz) : null, b.timeSpentSeconds ?? null, b.timeExpired === undefined ? null : Number(b.timeExpired), nowMs, at, at);
    ctx.store.sql(`UPDATE forms SET submissions = submissions + 1, sub_version = sub_version + 1 WHERE seq = ?`).run(form.seq);
    ctx.store.sql(`INSERT INTO submission_usage (account_id, month, count) VALUES (?, ?, 1) ON CONFLICT (account_id, month) DO UPDATE SET count = count + 1`).run(ctx.account.id, month);
    const response: Record<string, unknown> = { submissionId: id };
    if (quiz) Object.assign(response, filterQuizForResponse(quiz, settings), { timeSpentSeconds: b.timeSpentSeconds ?? null, timeExpired: b.timeExpired ?? false });
    if (key !== undefined) {
      ctx.store.sql(`INSERT INTO idempotency (account_id, key, qr_id, body_hash, response, created_ms) VALUES (?, ?, ?, ?, ?, ?)
                  ON CONFLICT (account_id, key) DO UPDATE SET qr_id = excluded.qr_id, body_hash = excluded.body_hash, response = excluded.response, created_ms = excluded.created_ms`).run(
        ctx.account.id, key, form.qr_id, hash, JSON.stringify(response), nowMs,
      );
    }
    if (doc.submissionNotification !== false) {
      const owner = ctx.store.sql(`SELECT email FROM members WHERE account_id = ? AND user_type = 'Owner'`).get(ctx.account.id) as { email: string } | undefined;
      ctx.store.addOutbox(ctx.account.id, 'submission.notification', owner?.email ?? '', `New submission to ${doc.title}`, id, at);
    }
    created = { row: ctx.store.sql(`SELECT * FROM submissions WHERE id = ?`).get(id) as SubmissionRow, response };
    return response;
  });
  const response = commit.immediate();
  if (created) {
    const { row } = created;
    for (const hook of submissionCreatedHooks) hook({ store: ctx.store, accountId: ctx.account.id, row, doc, quizData: quiz });
  }
  return response;
}

function instantParam(raw: string, name: string): number {
  const ms = parseInstant(raw);
  if (ms === undefined) throw new ApiFailure(400, `Invalid ${name}: expected ISO 8601 (2026-06-15T10:00:00Z) or a Unix timestamp`);
  return ms;
}

/**
 * Offset pages emulated without O(N²) work: for one window (form, since, until, limit) at one data
 * version, the count is computed once and the end of every page served is remembered, so the next
 * page continues from there (a keyset step) instead of walking the offset again. The version in
 * the key comes from the database, so writes from any process invalidate these caches.
 */
interface WindowCache {
  total?: number;
  /** page number → (created_ms, seq) of its last row */
  ends: Map<number, [number, number]>;
}
const windows = new Map<string, WindowCache>();
const MAX_WINDOWS = 256;

function windowCache(key: string): WindowCache {
  let w = windows.get(key);
  if (!w) {
    if (windows.size >= MAX_WINDOWS) windows.delete(windows.keys().next().value!);
    w = { ends: new Map() };
    windows.set(key, w);
  }
  return w;
}

/** The nearest earlier page whose end is known, looking back a little. */
function nearestEnd(w: WindowCache, page: number): { page: number; end: [number, number] } | undefined {
  for (let p = page - 1; p >= 1 && p >= page - 64; p--) {
    const end = w.ends.get(p);
    if (end) return { page: p, end };
  }
  return undefined;
}

const NEWEST_FIRST = 'ORDER BY created_ms DESC, seq DESC';

function listSubmissions(ctx: RequestContext) {
  const page = intParam(ctx, 'page', 1, 10_000_000);
  const limit = intParam(ctx, 'limit', SUBMISSIONS_PAGE_DEFAULT, SUBMISSIONS_PAGE_MAX);
  const since = ctx.query.get('since');
  const until = ctx.query.get('until');
  // spec §4.4: both bounds inclusive, on createdAt
  const from = since ? instantParam(since, 'since') : -8.64e15;
  const to = until ? instantParam(until, 'until') : 8.64e15;
  const form = loadForm(ctx, ctx.params.qrId!);
  const doc = readDoc(form);
  const w = windowCache(`${form.qr_id}|${form.sub_version}|${from}|${to}|${limit}`);
  // the form's counter is exact; a bounded window is counted once per version
  w.total ??= since || until ? (ctx.store.sql(`SELECT COUNT(*) AS n FROM submissions WHERE qr_id = ? AND created_ms >= ? AND created_ms <= ?`).get(form.qr_id, from, to) as { n: number }).n : form.submissions;
  const total = w.total;
  const anchor = nearestEnd(w, page);
  const skip = ((anchor ? page - anchor.page : page) - 1) * limit;
  // only the index is walked to find the page; rows are read for the page alone
  const rows = (
    anchor
      ? ctx.store
          .sql(
            `SELECT * FROM submissions WHERE seq IN (SELECT seq FROM submissions WHERE qr_id = ? AND created_ms >= ? AND created_ms <= ?
               AND NOT (created_ms = ? AND seq >= ?) ${NEWEST_FIRST} LIMIT ? OFFSET ?) ${NEWEST_FIRST}`,
          )
          .all(form.qr_id, from, Math.min(to, anchor.end[0]), anchor.end[0], anchor.end[1], limit, skip)
      : ctx.store
          .sql(`SELECT * FROM submissions WHERE seq IN (SELECT seq FROM submissions WHERE qr_id = ? AND created_ms >= ? AND created_ms <= ? ${NEWEST_FIRST} LIMIT ? OFFSET ?) ${NEWEST_FIRST}`)
          .all(form.qr_id, from, to, limit, skip)
  ) as SubmissionRow[];
  const last = rows.at(-1);
  if (last && rows.length === limit) w.ends.set(page, [last.created_ms, last.seq]);
  const result = { items: rows.map((r) => presentSubmission(ctx, doc, r)), total, page, pageSize: limit, totalPages: total === 0 ? 0 : Math.ceil(total / limit) };
  return new EnvelopeReply(result, { form: formSummary(doc) });
}

/** A submission of this account whose form is available (spec §4.4: otherwise 400). */
function loadSubmission(ctx: RequestContext): { row: SubmissionRow; form: FormRow; doc: FormDoc } {
  const id = ctx.params.submissionId!;
  if (!isHex24(id)) throw new ApiFailure(400, `Invalid submission id "${id}": expected 24 hex characters`);
  const row = ctx.store.sql(`SELECT * FROM submissions WHERE id = ? AND account_id = ?`).get(id, ctx.account.id) as SubmissionRow | undefined;
  if (!row) throw new ApiFailure(400, SUBMISSION_NOT_FOUND);
  let form: FormRow;
  try {
    form = loadForm(ctx, row.qr_id);
  } catch {
    throw new ApiFailure(400, SUBMISSION_NOT_FOUND);
  }
  return { row, form, doc: readDoc(form) };
}

function getSubmission(ctx: RequestContext) {
  const { row, doc } = loadSubmission(ctx);
  return new EnvelopeReply(presentSubmission(ctx, doc, row), { form: formSummary(doc) });
}

async function updateSubmission(ctx: RequestContext) {
  const body = await ctx.readJson();
  const { row, form, doc } = loadSubmission(ctx);
  // spec §5: Viewer may not edit submissions (400)
  if (ctx.member.user_type === 'Viewer') throw new ApiFailure(400, 'Viewers cannot edit submissions');
  validate(ctx, form, doc, body, 'update');
  const b = asObject(body) as { answers: Record<string, unknown>; timeSpentSeconds?: number };
  const quiz = doc.isQuiz ? scoreQuiz(doc.fields, b.answers, quizSettings(doc)) : undefined;
  ctx.store.sql(`UPDATE submissions SET answers = ?, quiz = ?, time_spent = COALESCE(?, time_spent), updated_at = ? WHERE seq = ?`)
    .run(JSON.stringify(b.answers), quiz ? JSON.stringify(quiz) : null, b.timeSpentSeconds ?? null, ctx.now().toISOString(), row.seq);
  return {};
}

/** spec §4.4/§5: only the owner and Admins delete submissions; others get 400. */
function assertMayDelete(ctx: RequestContext): void {
  const role = ctx.member.user_type;
  if (role !== 'Owner' && role !== 'Admin') throw new ApiFailure(400, `${role}s cannot delete submissions`);
}

function deleteSubmission(ctx: RequestContext) {
  const { row, form } = loadSubmission(ctx);
  assertMayDelete(ctx);
  ctx.store.db
    .transaction(() => {
      ctx.store.sql(`DELETE FROM submissions WHERE seq = ?`).run(row.seq);
      ctx.store.sql(`UPDATE forms SET submissions = MAX(submissions - 1, 0), sub_version = sub_version + 1 WHERE seq = ?`).run(form.seq);
    })
    .immediate();
  return {};
}

async function batchDelete(ctx: RequestContext) {
  const body = asObject(await ctx.readJson());
  const form = loadForm(ctx, ctx.params.qrId!);
  assertMayDelete(ctx);
  if (body.qrId !== undefined && (typeof body.qrId !== 'string' || !isQrId(body.qrId) || body.qrId !== form.qr_id)) {
    throw new ApiFailure(400, 'qrId in the body must match the form of the path');
  }
  const ids = body.submissionIds;
  if (!Array.isArray(ids) || ids.length === 0 || ids.some((i) => typeof i !== 'string')) throw new ApiFailure(400, 'submissionIds must be a non-empty array of submission ids');
  const unique = [...new Set(ids as string[])];
  const bad = unique.filter((i) => !isHex24(i));
  if (bad.length) throw new ApiFailure(400, `Invalid submission id${bad.length > 1 ? 's' : ''}: ${bad.join(', ')}`);
  const db = ctx.store.db;
  db.transaction(() => {
    const find = ctx.store.sql(`SELECT seq FROM submissions WHERE id = ? AND qr_id = ? AND account_id = ?`);
    const rows = unique.map((id) => ({ id, row: find.get(id, form.qr_id, ctx.account.id) as { seq: number } | undefined }));
    const foreign = rows.filter((r) => !r.row).map((r) => r.id);
    // spec §4.4: ids must belong to the form; all or nothing
    if (foreign.length) throw new ApiFailure(400, `Submission${foreign.length > 1 ? 's' : ''} not found in form ${form.qr_id}: ${foreign.join(', ')}`);
    for (const r of rows) ctx.store.sql(`DELETE FROM submissions WHERE seq = ?`).run(r.row!.seq);
    ctx.store.sql(`UPDATE forms SET submissions = MAX(submissions - ?, 0), sub_version = sub_version + 1 WHERE seq = ?`).run(rows.length, form.seq);
  }).immediate();
  return {};
}

export const submissionRoutes: Route[] = [
  { method: 'GET', path: '/forms/:qrId/submission-schema', handler: getSchema },
  { method: 'POST', path: '/forms/:qrId/submissions/validate', handler: validateOnly },
  { method: 'POST', path: '/forms/:qrId/submissions/batch-delete', handler: batchDelete },
  { method: 'POST', path: '/forms/:qrId/submissions', handler: createSubmission },
  { method: 'GET', path: '/forms/:qrId/submissions', handler: listSubmissions },
  { method: 'GET', path: '/submissions/:submissionId', handler: getSubmission },
  { method: 'PUT', path: '/submissions/:submissionId', handler: updateSubmission },
  { method: 'DELETE', path: '/submissions/:submissionId', handler: deleteSubmission },
];

/** Inserts `count` valid example submissions at once (sandbox-only, for benchmarks and demos). */
export function seedSubmissions(store: RequestContext['store'], qrId: string, count: number, nowMs: number, atMs?: number): number {
  const form = store.sql(`SELECT * FROM forms WHERE qr_id = ?`).get(qrId) as FormRow | undefined;
  if (!form) throw new ApiFailure(404, `No form ${qrId}`);
  const doc = readDoc(form);
  const answers: Record<string, unknown> = {};
  for (const f of doc.fields as FieldDefinition[]) {
    const s = schemaField(f);
    if (s && s.valueType !== 'fileId' && s.valueType !== 'fileId[]') answers[f.key] = s.example;
  }
  const insert = store.sql(
    `INSERT INTO submissions (id, qr_id, account_id, answers, created_ms, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  store.db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const ms = atMs ?? nowMs - (count - i) * 10;
      const at = new Date(ms).toISOString();
      insert.run(newHexId(), qrId, form.account_id, JSON.stringify({ ...answers, ...numbered(doc, i) }), ms, at, at);
    }
    store.sql(`UPDATE forms SET submissions = submissions + ?, sub_version = sub_version + 1 WHERE seq = ?`).run(count, form.seq);
  })();
  return count;
}

/** Makes seeded rows differ: the first plain text field gets the row number. */
function numbered(doc: FormDoc, i: number): Record<string, unknown> {
  const f = doc.fields.find((x) => x.type === 'shortText' || x.type === 'longText');
  return f ? { [f.key]: `row ${i + 1}` } : {};
}
