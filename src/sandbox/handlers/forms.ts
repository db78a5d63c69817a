import { randomBytes } from 'node:crypto';
import { checkFormCreate, checkFormUpdate, type FieldDefinition, type FormCreateBody, type QrConfig } from '../../domain/form.js';
import { isQrId } from '../../domain/ids.js';
import { FORMS_PAGE_DEFAULT, FORMS_PAGE_MAX, MAX_CLONES } from '../../domain/limits.js';
import { DEFAULT_PASSING_SCORE, PLAN_LIMITS, quizPlanViolations } from '../../domain/plans.js';
import { parseRecipients } from '../../domain/recipients.js';
import { ApiFailure, RawReply, asObject, intParam, type RequestContext } from '../http.js';
import { CONTENT_TYPES, QR_FORMATS, qrStyle, renderQr, type QrFormat } from '../qr.js';
import type { Route } from '../router.js';
import { newHexId, newQrId, type FormRow } from '../store.js';

/** The stored form document: the write body with defaults applied (spec §2.2). */
export interface FormDoc extends Omit<FormCreateBody, 'fields'> {
  description: string;
  fields: FieldDefinition[];
}

const EMPTY_FILE = { fileId: '', fileUrl: '' };
export const FORM_NOT_FOUND = 'Form not found';

function newFieldKey(taken: Set<string>): string {
  for (;;) {
    const key = `f${randomBytes(5).toString('hex')}`;
    if (!taken.has(key)) {
      taken.add(key);
      return key;
    }
  }
}

/** Server-assigned keys for fields (spec §2.1) and for choice options that lack one. */
function keyedField(field: { key?: string; type: string; option?: Record<string, unknown>; quizConfig?: FieldDefinition['quizConfig'] }, taken: Set<string>, existing?: FieldDefinition): FieldDefinition {
  const option = { ...(field.option ?? existing?.option ?? {}) };
  if (Array.isArray(option.options)) {
    option.options = option.options.map((o) =>
      o && typeof o === 'object' && !Array.isArray(o) && !('key' in o) ? { ...o, key: randomBytes(4).toString('hex') } : o,
    );
  }
  const out: FieldDefinition = { key: existing?.key ?? newFieldKey(taken), type: field.type as FieldDefinition['type'], option };
  const quiz = field.quizConfig ?? existing?.quizConfig;
  if (quiz) out.quizConfig = quiz;
  return out;
}

function withQuizDefaults(body: { isQuiz?: boolean; quizConfig?: Record<string, unknown> }, previous?: Record<string, unknown>) {
  if (!body.isQuiz) return undefined;
  return { passingScore: DEFAULT_PASSING_SCORE, showFinalScore: true, showAnswersResults: true, ...(previous ?? {}), ...(body.quizConfig ?? {}) };
}

export function readDoc(row: FormRow): FormDoc {
  return JSON.parse(row.doc) as FormDoc;
}

export function publicField(f: FieldDefinition) {
  // spec §2.3: per-field correct answers are never returned
  const out: Record<string, unknown> = { key: f.key, type: f.type, option: f.option };
  if (f.quizConfig) out.quizConfig = { points: f.quizConfig.points ?? 1 };
  return out;
}

export function links(origin: string, qrId: string) {
  return {
    shortUrl: `${origin}/s/${qrId}`,
    qrImage: `${origin}/qr/${qrId}.png`,
    svgQrImage: `${origin}/qr/${qrId}.svg`,
  };
}

/** The properties a form record and a list item share (spec §2.3), in the spec's order. */
function commonProperties(row: FormRow, doc: FormDoc, origin: string) {
  return {
    id: row.id,
    qrId: row.qr_id,
    title: doc.title,
    shortText: doc.shortText,
    ...links(origin, row.qr_id),
    previewImage: doc.previewImage?.fileUrl ?? '',
    scans: row.scans,
    submissions: row.submissions,
    active: row.active === 1,
  };
}

/** spec §2.3. Styling properties only on create and update responses (spec §2.2). */
export function presentForm(row: FormRow, origin: string, withStyling: boolean): Record<string, unknown> {
  const doc = readDoc(row);
  const out: Record<string, unknown> = {
    ...commonProperties(row, doc, origin),
    description: doc.description,
    fields: doc.fields.map(publicField),
    qrConfig: doc.qrConfig ?? {},
    isQuiz: doc.isQuiz === true,
    submissionNotification: doc.submissionNotification !== false,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (doc.isQuiz) out.quizConfig = doc.quizConfig ?? {};
  if (withStyling) {
    const { locale, backgroundType, backgroundColor1, backgroundColor2, appearance, logo, backgroundImage, backdrop } = doc;
    Object.assign(out, { locale, backgroundType, backgroundColor1, backgroundColor2, appearance, logo, backgroundImage, backdrop });
  }
  return out;
}

/** spec §2.3: the list item of GET /forms. */
function presentListItem(row: FormRow, origin: string) {
  return { ...commonProperties(row, readDoc(row), origin), starred: row.starred === 1, createdAt: row.created_at, updatedAt: row.updated_at };
}

/**
 * spec §4.4 / §3: unknown qrId, a form of another account, an archived form or a blocked one answer
 * 400, not 404, on the form routes.
 */
export function loadForm(ctx: RequestContext, qrId: string, opts: { archived?: boolean } = {}): FormRow {
  const row = ctx.store.sql(`SELECT * FROM forms WHERE qr_id = ? AND account_id = ?`).get(qrId, ctx.account.id) as FormRow | undefined;
  if (!row || row.blocked === 1 || (row.archived === 1) !== (opts.archived ?? false)) {
    throw new ApiFailure(400, opts.archived && row && row.archived === 0 ? 'Form is not archived' : FORM_NOT_FOUND);
  }
  return row;
}

/** spec §5: Viewer may not change forms (400); an Editor only changes forms it created (400). */
function assertCanChange(ctx: RequestContext, row: FormRow, action: string): void {
  const role = ctx.member.user_type;
  if (role === 'Viewer') throw new ApiFailure(400, `Viewers cannot ${action} forms`);
  if (role === 'Editor' && row.creator_id !== ctx.member.id) {
    throw new ApiFailure(400, `Editors can only ${action} forms they created`);
  }
}

function countForms(ctx: RequestContext): number {
  return (ctx.store.sql(`SELECT COUNT(*) AS n FROM forms WHERE account_id = ?`).get(ctx.account.id) as { n: number }).n;
}

/** spec §7: "no form slots left" (slot numbers per plan are a documented sandbox choice). */
function assertFormSlots(ctx: RequestContext, adding: number): void {
  const slots = PLAN_LIMITS[ctx.account.plan].formSlots;
  if (countForms(ctx) + adding > slots) {
    throw new ApiFailure(400, 'You have no form in your plan, please renew your plan to continue.');
  }
}

function assertQuizAllowed(ctx: RequestContext, body: Record<string, unknown>): void {
  const quizConfig = body.quizConfig && typeof body.quizConfig === 'object' ? (body.quizConfig as Record<string, unknown>) : undefined;
  const fields = Array.isArray(body.fields) ? (body.fields as Array<{ type?: unknown; quizConfig?: { correctAnswers?: unknown } }>) : undefined;
  const errors = quizPlanViolations(ctx.account.plan, { quizConfig, fields });
  if (errors.length > 0) throw new ApiFailure(400, errors.join('; ')); // spec §7: joined with ';'
}

const SORTS: Record<string, string> = {
  '1': 'created_at DESC, seq DESC', // newest first
  '2': 'title COLLATE NOCASE ASC, seq ASC', // by name
  '3': 'scans DESC, seq DESC', // by scan count
};

function listForms(ctx: RequestContext) {
  const page = intParam(ctx, 'page', 1, 1_000_000);
  const limit = intParam(ctx, 'limit', FORMS_PAGE_DEFAULT, FORMS_PAGE_MAX);
  const sort = ctx.query.get('sort') ?? '1';
  const order = SORTS[sort];
  if (!order) throw new ApiFailure(400, 'Invalid sort: expected 1 (newest first), 2 (by name) or 3 (by scan count)');
  const total = (ctx.store.sql(`SELECT COUNT(*) AS n FROM forms WHERE account_id = ? AND archived = 0`).get(ctx.account.id) as { n: number }).n;
  const rows = ctx.store.sql(`SELECT * FROM forms WHERE account_id = ? AND archived = 0 ORDER BY ${order} LIMIT ? OFFSET ?`)
    .all(ctx.account.id, limit, (page - 1) * limit) as FormRow[];
  return {
    items: rows.map((r) => presentListItem(r, ctx.origin)),
    total,
    page,
    pageSize: limit,
    totalPages: total === 0 ? 0 : Math.ceil(total / limit),
  };
}

function invalidForm(problems: string[]): never {
  throw new ApiFailure(400, `Invalid form: ${problems.join('; ')}`, { errors: problems });
}

function insertForm(ctx: RequestContext, doc: FormDoc, counters: { scans?: number } = {}): FormRow {
  const now = ctx.now().toISOString();
  for (;;) {
    const qrId = newQrId();
    try {
      ctx.store.sql(`INSERT INTO forms (qr_id, id, account_id, creator_id, doc, title, scans, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(qrId, newHexId(), ctx.account.id, ctx.member.id, JSON.stringify(doc), doc.title, counters.scans ?? 0, now, now);
      return ctx.store.sql(`SELECT * FROM forms WHERE qr_id = ?`).get(qrId) as FormRow;
    } catch (e) {
      if (!String(e).includes('UNIQUE')) throw e; // a qrId collision: draw another
    }
  }
}

async function createForm(ctx: RequestContext) {
  const body = asObject(await ctx.readJson());
  // spec §7 order: feature limits (400) before resource access (403)
  assertFormSlots(ctx, 1);
  assertQuizAllowed(ctx, body);
  if (ctx.member.user_type === 'Viewer') throw new ApiFailure(403, 'Viewers cannot create forms');
  const check = checkFormCreate(body);
  if (!check.ok) invalidForm(check.problems);
  const b = check.value;
  const taken = new Set<string>();
  const doc: FormDoc = {
    title: b.title,
    shortText: b.shortText,
    description: '',
    locale: b.locale ?? 'en',
    backgroundType: b.backgroundType ?? 'solid',
    backgroundColor1: b.backgroundColor1 ?? '0076d7',
    backgroundColor2: b.backgroundColor2 ?? '3a74c5',
    appearance: { headerColor: 'ffffff', buttonColor: 'ffffff', ...b.appearance },
    logo: { ...EMPTY_FILE, ...b.logo },
    backgroundImage: { ...EMPTY_FILE, ...b.backgroundImage },
    backdrop: { ...EMPTY_FILE, ...b.backdrop },
    previewImage: { ...EMPTY_FILE, ...b.previewImage },
    qrConfig: b.qrConfig ?? {},
    isQuiz: b.isQuiz ?? false,
    quizConfig: withQuizDefaults(b),
    submissionNotification: b.submissionNotification ?? true,
    fields: b.fields.map((f) => keyedField(f, taken)),
  };
  return presentForm(insertForm(ctx, doc), ctx.origin, true);
}

function getForm(ctx: RequestContext) {
  return presentForm(loadForm(ctx, ctx.params.qrId!), ctx.origin, false);
}

async function updateForm(ctx: RequestContext) {
  const body = asObject(await ctx.readJson());
  assertQuizAllowed(ctx, body);
  const row = loadForm(ctx, ctx.params.qrId!);
  assertCanChange(ctx, row, 'update');
  const check = checkFormUpdate(body);
  if (!check.ok) invalidForm(check.problems);
  const b = check.value;
  const doc = readDoc(row);
  const next: FormDoc = { ...doc };
  for (const k of ['title', 'shortText', 'locale', 'backgroundType', 'backgroundColor1', 'backgroundColor2', 'qrConfig', 'submissionNotification'] as const) {
    if (b[k] !== undefined) (next as unknown as Record<string, unknown>)[k] = b[k];
  }
  for (const k of ['appearance', 'logo', 'backgroundImage', 'backdrop', 'previewImage'] as const) {
    if (b[k] !== undefined) (next as unknown as Record<string, unknown>)[k] = { ...(doc[k] ?? {}), ...b[k] };
  }
  if (b.isQuiz !== undefined || b.quizConfig !== undefined) {
    next.isQuiz = b.isQuiz ?? doc.isQuiz ?? false;
    next.quizConfig = withQuizDefaults({ isQuiz: next.isQuiz, quizConfig: b.quizConfig }, doc.quizConfig);
  }
  if (b.fields) {
    // spec §2.2: on update `key` is included only when updating an existing field; fields left out are removed
    const byKey = new Map(doc.fields.map((f) => [f.key, f]));
    const taken = new Set(byKey.keys());
    next.fields = b.fields.map((f, i) => {
      if (f.key !== undefined && !byKey.has(f.key)) invalidForm([`fields[${i}].key: "${f.key}" is not a field of this form`]);
      return keyedField(f, taken, f.key ? byKey.get(f.key) : undefined);
    });
  }
  const now = ctx.now().toISOString();
  ctx.store.sql(`UPDATE forms SET doc = ?, title = ?, updated_at = ? WHERE seq = ?`).run(JSON.stringify(next), next.title, now, row.seq);
  return presentForm(ctx.store.sql(`SELECT * FROM forms WHERE seq = ?`).get(row.seq) as FormRow, ctx.origin, true);
}

function setArchived(archive: boolean) {
  return (ctx: RequestContext) => {
    const row = loadForm(ctx, ctx.params.qrId!, { archived: !archive });
    assertCanChange(ctx, row, archive ? 'archive' : 'restore');
    ctx.store.sql(`UPDATE forms SET archived = ?, updated_at = ? WHERE seq = ?`).run(archive ? 1 : 0, ctx.now().toISOString(), row.seq);
    return { result: archive ? 'Form archived successfully' : 'Form restored successfully' };
  };
}

/** A form goes with its submissions. */
function removeForm(ctx: RequestContext, row: FormRow): void {
  ctx.store.sql(`DELETE FROM submissions WHERE qr_id = ?`).run(row.qr_id);
  ctx.store.sql(`DELETE FROM forms WHERE seq = ?`).run(row.seq);
}

function deleteForm(ctx: RequestContext) {
  const row = loadForm(ctx, ctx.params.qrId!);
  assertCanChange(ctx, row, 'delete');
  ctx.store.db.transaction(() => removeForm(ctx, row)).immediate();
  return { result: 'Form deleted successfully' };
}

function bulkDeleteForms(ctx: RequestContext) {
  // spec §4.1: `ids` repeated once per form, not comma-separated
  const ids = [...new Set(ctx.query.getAll('ids'))];
  if (ids.length === 0) throw new ApiFailure(400, 'ids is required: repeat ids once per form (ids=A&ids=B)');
  for (const id of ids) {
    if (!isQrId(id)) throw new ApiFailure(400, `Invalid form id "${id}": repeat ids once per form, not comma-separated`);
  }
  const tx = ctx.store.db.transaction(() => {
    // all or nothing: one unavailable id deletes none
    const rows = ids.map((id) => loadForm(ctx, id));
    for (const row of rows) assertCanChange(ctx, row, 'delete');
    for (const row of rows) removeForm(ctx, row);
    return rows.length;
  });
  const n = tx.immediate();
  return { message: `${n} form${n === 1 ? '' : 's'} deleted successfully` };
}

async function cloneForm(ctx: RequestContext) {
  const raw = await ctx.readJson();
  const body = raw === undefined ? {} : asObject(raw);
  const count = body.count ?? 1;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_CLONES) {
    throw new ApiFailure(400, `count must be an integer from 1 to ${MAX_CLONES}`);
  }
  const unknown = Object.keys(body).filter((k) => k !== 'count');
  if (unknown.length) throw new ApiFailure(400, `Unknown clone option(s): ${unknown.join(', ')}`);
  assertFormSlots(ctx, count);
  const row = loadForm(ctx, ctx.params.qrId!);
  if (ctx.member.user_type === 'Viewer') throw new ApiFailure(400, 'Viewers cannot clone forms');
  const doc = readDoc(row);
  const tx = ctx.store.db.transaction(() => Array.from({ length: count }, () => insertForm(ctx, { ...doc, title: `${doc.title} (copy)` })));
  const copies = tx.immediate();
  return {
    cloneData: copies.map((c) => {
      const style = qrStyle(doc.qrConfig as QrConfig);
      const l = links(ctx.origin, c.qr_id);
      return {
        data: doc.qrConfig ?? {},
        qrImgUrl: l.qrImage,
        image: { qrId: c.qr_id, shortUrl: l.shortUrl, format: 'png', width: style.sizePx, height: style.sizePx, url: l.qrImage },
      };
    }),
  };
}

async function shareForm(ctx: RequestContext) {
  const body = asObject(await ctx.readJson());
  const row = loadForm(ctx, ctx.params.qrId!);
  if (ctx.member.user_type === 'Viewer') throw new ApiFailure(400, 'Viewers cannot share forms');
  if (typeof body.recipients !== 'string') {
    throw new ApiFailure(400, 'recipients must be a string of comma-separated addresses (not an array)');
  }
  const r = parseRecipients(body.recipients);
  if (!r.ok) throw new ApiFailure(400, r.message);
  const doc = readDoc(row);
  ctx.store.addOutbox(ctx.account.id, 'form.share', r.addresses.join(','), `${ctx.member.name} shared a form with you: ${doc.title}`, links(ctx.origin, row.qr_id).shortUrl, ctx.now().toISOString());
  return {};
}

async function downloadQr(ctx: RequestContext) {
  const format = ctx.query.get('format');
  if (!format) throw new ApiFailure(400, `format is required: one of ${QR_FORMATS.join(', ')}`);
  if (!(QR_FORMATS as readonly string[]).includes(format)) throw new ApiFailure(400, `Invalid format "${format}": expected one of ${QR_FORMATS.join(', ')}`);
  let resolution: number | undefined;
  const rawRes = ctx.query.get('resolution');
  if (rawRes !== null) {
    if (!/^\d+$/.test(rawRes) || Number(rawRes) < 32 || Number(rawRes) > 4096) throw new ApiFailure(400, 'Invalid resolution: expected an integer from 32 to 4096');
    resolution = Number(rawRes);
  }
  const row = loadForm(ctx, ctx.params.qrId!);
  const doc = readDoc(row);
  const bytes = await renderQr(links(ctx.origin, row.qr_id).shortUrl, format as QrFormat, qrStyle(doc.qrConfig as QrConfig, resolution));
  return new RawReply(CONTENT_TYPES[format as QrFormat], bytes, { 'content-disposition': `attachment; filename="${row.qr_id}.${format}"` });
}

export const formRoutes: Route[] = [
  { method: 'GET', path: '/forms', handler: listForms },
  { method: 'POST', path: '/forms', handler: createForm },
  { method: 'DELETE', path: '/forms', handler: bulkDeleteForms },
  { method: 'GET', path: '/forms/:qrId', handler: getForm },
  { method: 'PUT', path: '/forms/:qrId', handler: updateForm },
  { method: 'DELETE', path: '/forms/:qrId', handler: deleteForm },
  { method: 'PUT', path: '/forms/:qrId/archive', handler: setArchived(true) },
  { method: 'PUT', path: '/forms/:qrId/restore', handler: setArchived(false) },
  { method: 'POST', path: '/forms/:qrId/clone', handler: cloneForm },
  { method: 'POST', path: '/forms/:qrId/share', handler: shareForm },
  { method: 'GET', path: '/forms/:qrId/download', handler: downloadQr },
];
