import { randomBytes } from 'node:crypto';
import type { z } from 'zod/v4';
import type { FieldDefinition, FormCreateBody, FormUpdateBody, QrConfig } from '../../domain/form.js';
import { isQrId } from '../../domain/ids.js';
import { FORMS_PAGE_DEFAULT, FORMS_PAGE_MAX, MAX_CLONES } from '../../domain/limits.js';
import { pageOf } from '../../domain/pages.js';
import { DEFAULT_PASSING_SCORE, PLAN_LIMITS, quizPlanViolations } from '../../domain/plans.js';
import { parseRecipients } from '../../domain/recipients.js';
import { ApiFailure, RawReply, intParam } from '../http.js';
import { route, type RequestContext } from '../instance.js';
import { CONTENT_TYPES, renderQr, sizeOf } from '../qr/index.js';
import { QR_FORMATS, type QrFormat } from '../../domain/qrFormats.js';
import { designFor } from '../qrDesign.js';
import { FORM_SORTS, readDoc, type FormDoc, type FormRow } from '../repo/forms.js';
import { FORM_NOT_FOUND, isAvailable } from '../resources.js';
import { asObject, bodySchemas, contractBody } from './bodies.js';
import { sandboxFormProblems } from '../formLimits.js';
import type { CloneBody, RecipientsBody } from './bodySchemas.js';
import { links, presentForm, presentListItem } from './formViews.js';

const EMPTY_FILE = { fileId: '', fileUrl: '' };

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

/** spec §7: "no form slots left" (slot numbers per plan are a documented sandbox choice). */
function assertFormSlots(ctx: RequestContext, adding: number): void {
  if (ctx.store.forms.count(ctx.account.id) + adding > PLAN_LIMITS[ctx.account.plan].formSlots) {
    throw new ApiFailure(400, 'You have no form in your plan, please renew your plan to continue.');
  }
}

/** spec §8: plan-gated quiz settings, several joined with ';' (spec §7) */
async function assertQuizAllowed(ctx: RequestContext): Promise<void> {
  const raw = await ctx.json();
  const body = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const quizConfig = body.quizConfig && typeof body.quizConfig === 'object' ? (body.quizConfig as Record<string, unknown>) : undefined;
  // the body is not validated yet (the gate runs first): a field that is not an object (null, 1) is the
  // contract's to refuse, with its 400, not this check's to read
  const fields = Array.isArray(body.fields) ? (body.fields.filter((f) => f !== null && typeof f === 'object') as Array<{ type?: unknown; quizConfig?: { correctAnswers?: unknown } }>) : undefined;
  const errors = quizPlanViolations(ctx.account.plan, { quizConfig, fields });
  if (errors.length > 0) throw new ApiFailure(400, errors.join('; '));
}

const invalidForm = (problems: string[]) => new ApiFailure(400, `Invalid form: ${problems.join('; ')}`, { errors: problems });

/** The sandbox's own bounds (formLimits.ts), on the document as it would be stored. */
function checkStored(doc: FormDoc): FormDoc {
  const problems = sandboxFormProblems(doc);
  if (problems.length) throw invalidForm(problems);
  return doc;
}

function formBody<T>(load: () => Promise<(body: unknown) => { ok: true; value: T } | { ok: false; problems: string[] }>) {
  return async (raw: unknown): Promise<T> => {
    const r = (await load())(asObject(raw));
    if (!r.ok) throw invalidForm(r.problems);
    return r.value;
  };
}

function listForms(ctx: RequestContext) {
  const page = intParam(ctx.query, 'page', 1, 1_000_000);
  const limit = intParam(ctx.query, 'limit', FORMS_PAGE_DEFAULT, FORMS_PAGE_MAX);
  const sort = ctx.query.get('sort') ?? '1';
  if (!Object.hasOwn(FORM_SORTS, sort)) throw new ApiFailure(400, 'Invalid sort: expected 1 (newest first), 2 (by name) or 3 (by scan count)');
  const total = ctx.store.forms.countListed(ctx.account.id);
  const rows = ctx.store.forms.page(ctx.account.id, sort, limit, (page - 1) * limit);
  return pageOf(rows.map((r) => presentListItem(r, ctx.origin)), total, page, limit);
}

function createForm(ctx: RequestContext, b: FormCreateBody) {
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
  const row = ctx.store.forms.insert({ accountId: ctx.account.id, creatorId: ctx.member.id, doc: checkStored(doc), at: ctx.now().toISOString() });
  return presentForm(row, ctx.origin, true);
}

function updateForm(ctx: RequestContext, b: FormUpdateBody) {
  const row = ctx.form!;
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
      if (f.key !== undefined && !byKey.has(f.key)) throw new ApiFailure(400, `Invalid form: fields[${i}].key: "${f.key}" is not a field of this form`, { errors: [`fields[${i}].key: "${f.key}" is not a field of this form`] });
      return keyedField(f, taken, f.key ? byKey.get(f.key) : undefined);
    });
  }
  return presentForm(ctx.store.forms.saveDoc(row.seq, checkStored(next), ctx.now().toISOString()), ctx.origin, true);
}

function setArchived(archive: boolean) {
  return (ctx: RequestContext) => {
    ctx.store.forms.setArchived(ctx.form!.seq, archive, ctx.now().toISOString());
    return { result: archive ? 'Form archived successfully' : 'Form restored successfully' };
  };
}

/**
 * Forms and all they hold, files included, but for the files another form's document names (a clone
 * keeps its original's images, a logo may be any file of the account): the ids of the files whose
 * bytes go once committed.
 */
function removeForms(ctx: RequestContext, rows: FormRow[]): string[] {
  // every form goes first, then its files are weighed: a form deleted with its clone leaves no
  // document naming them. A clone's document may name files of an original deleted before it:
  // those are weighed too (no form of theirs is left to take them)
  const orphansNamed = rows.flatMap((row) => [...row.doc.matchAll(/\/files\/([0-9a-f]{24})/g)].map((m) => m[1]!));
  const files = [
    ...rows.flatMap((row) => ctx.store.files.ofFormAll(row.qr_id)),
    ...orphansNamed.flatMap((id) => {
      const f = ctx.store.files.get(id);
      return f && f.account_id === ctx.account.id && f.qr_id !== null && !ctx.store.forms.find(f.qr_id) ? [f] : [];
    }),
  ];
  for (const row of rows) {
    ctx.store.submissions.deleteAllOf(row.qr_id);
    ctx.store.scans.deleteAllOf(row.qr_id);
    ctx.store.forms.delete(row.seq);
  }
  const going = files.filter((f) => !ctx.store.fileInUse(f)).map((f) => f.id);
  for (const id of going) ctx.store.files.delete(id);
  return going;
}

function deleteForm(ctx: RequestContext) {
  ctx.store.removeFileBytes(ctx.store.write(() => removeForms(ctx, [ctx.form!])));
  return { result: 'Form deleted successfully' };
}

function bulkDeleteForms(ctx: RequestContext) {
  // spec §4.1: `ids` repeated once per form, not comma-separated
  const ids = [...new Set(ctx.query.getAll('ids'))];
  if (ids.length === 0) throw new ApiFailure(400, 'ids is required: repeat ids once per form (ids=A&ids=B)');
  for (const id of ids) {
    if (!isQrId(id)) throw new ApiFailure(400, `Invalid form id "${id}": repeat ids once per form, not comma-separated`);
  }
  const { n, files } = ctx.store.write(() => {
    // all or nothing: one unavailable id deletes none, and the answer names every such id
    const found = ids.map((id) => ctx.store.forms.find(id, ctx.account.id));
    const missing = ids.filter((_, i) => !isAvailable(found[i]));
    if (missing.length) throw new ApiFailure(400, `${FORM_NOT_FOUND}: ${missing.join(', ')} (nothing deleted)`);
    const rows = found as FormRow[];
    for (const row of rows) ctx.authorize('form.delete', row);
    return { n: rows.length, files: removeForms(ctx, rows) };
  });
  ctx.store.removeFileBytes(files);
  return { message: `${n} form${n === 1 ? '' : 's'} deleted successfully` };
}

/** The copies a clone asks for, for the slot check before access (an invalid count fails later, in the body check). */
async function requestedCopies(ctx: RequestContext): Promise<number> {
  const raw = await ctx.json();
  const count = raw && typeof raw === 'object' ? (raw as { count?: unknown }).count : undefined;
  return typeof count === 'number' && Number.isInteger(count) && count >= 1 && count <= MAX_CLONES ? count : 1;
}

function cloneForm(ctx: RequestContext, body: z.infer<typeof CloneBody>) {
  const doc = readDoc(ctx.form!);
  const at = ctx.now().toISOString();
  const copies = ctx.store.write(() => Array.from({ length: body.count }, () => ctx.store.forms.insert({ accountId: ctx.account.id, creatorId: ctx.member.id, doc: { ...doc, title: `${doc.title} (copy)` }, at })));
  const size = sizeOf(doc.qrConfig as QrConfig);
  return {
    cloneData: copies.map((c) => {
      const l = links(ctx.origin, c.qr_id);
      return {
        data: doc.qrConfig ?? {},
        qrImgUrl: l.qrImage,
        image: { qrId: c.qr_id, shortUrl: l.shortUrl, format: 'png', width: size, height: size, url: l.qrImage },
      };
    }),
  };
}

function shareForm(ctx: RequestContext, body: z.infer<typeof RecipientsBody>) {
  const r = parseRecipients(body.recipients);
  if (!r.ok) throw new ApiFailure(400, r.message);
  const row = ctx.form!;
  const doc = readDoc(row);
  ctx.store.outbox.add(ctx.account.id, 'form.share', r.addresses.join(','), `${ctx.member.name} shared a form with you: ${doc.title}`, links(ctx.origin, row.qr_id).shortUrl, ctx.now().toISOString());
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
  const row = ctx.form!;
  const doc = readDoc(row);
  const bytes = await renderQr(links(ctx.origin, row.qr_id).shortUrl, format as QrFormat, await designFor(ctx.store, row.account_id, doc.qrConfig as QrConfig, resolution));
  return new RawReply(CONTENT_TYPES[format as QrFormat], bytes, { 'content-disposition': `attachment; filename="${row.qr_id}.${format}"` });
}

// spec §4.1
export const formRoutes = [
  route({ operationId: 'listForms', method: 'GET', path: '/forms', action: 'form.read', handler: listForms }),
  route({
    operationId: 'createForm', method: 'POST', path: '/forms', action: 'form.create',
    gate: async (ctx) => {
      await ctx.json(); // a broken JSON body is refused first
      assertFormSlots(ctx, 1);
      await assertQuizAllowed(ctx);
    },
    body: formBody(async () => (await bodySchemas()).checkFormCreate),
    handler: createForm,
  }),
  route({ operationId: 'deleteForms', method: 'DELETE', path: '/forms', action: 'form.delete', handler: bulkDeleteForms }),
  route({ operationId: 'getForm', method: 'GET', path: '/forms/:qrId', action: 'form.read', form: 'available', handler: (ctx) => presentForm(ctx.form!, ctx.origin, false) }),
  route({ operationId: 'updateForm', method: 'PUT', path: '/forms/:qrId', action: 'form.update', form: 'available', gate: assertQuizAllowed, body: formBody(async () => (await bodySchemas()).checkFormUpdate), handler: updateForm }),
  route({ operationId: 'deleteForm', method: 'DELETE', path: '/forms/:qrId', action: 'form.delete', form: 'available', handler: deleteForm }),
  route({ operationId: 'archiveForm', method: 'PUT', path: '/forms/:qrId/archive', action: 'form.archive', form: 'available', handler: setArchived(true) }),
  route({ operationId: 'restoreForm', method: 'PUT', path: '/forms/:qrId/restore', action: 'form.restore', form: 'archived', handler: setArchived(false) }),
  route({
    operationId: 'cloneForm', method: 'POST', path: '/forms/:qrId/clone', action: 'form.clone', form: 'available',
    gate: async (ctx) => assertFormSlots(ctx, await requestedCopies(ctx)),
    body: contractBody('CloneBody', { optional: true }),
    handler: cloneForm,
  }),
  route({ operationId: 'shareForm', method: 'POST', path: '/forms/:qrId/share', action: 'form.share', form: 'available', body: contractBody('RecipientsBody'), handler: shareForm }),
  route({ operationId: 'downloadFormQr', method: 'GET', path: '/forms/:qrId/download', action: 'form.read', form: 'available', handler: downloadQr }),
];
