import { z } from 'zod/v4';
import { readText } from '../../api/bodyText.js';
import { paginate } from '../../api/paginate.js';
import { archiveForm, cloneForm, createForm, deleteForm, deleteForms, downloadQr, getForm, listForms, restoreForm, shareForm, updateForm, type Form, type FormListItem } from '../../api/resources/forms.js';
import { PATH_PARAMS } from '../../domain/contract/operations.js';
import { FORMS_PAGE_MAX, MAX_CLONES } from '../../domain/limits.js';
import { parseRecipients } from '../../domain/recipients.js';
import { UsageError } from '../../errors.js';
import { outline } from '../../output/outline.js';
import { bodyInput, bodyOf, paramsInput } from '../inputs.js';
import { tool, type ToolSpec } from '../tool.js';
import { forgetFormSchema } from '../../cmdutil/localFiles.js';

const line = (f: Pick<FormListItem, 'qrId' | 'title' | 'submissions' | 'active'>) => `${f.qrId}  ${f.title}  (${f.submissions} submissions${f.active ? '' : ', inactive'})`;
const formSummary = (verb: string, f: Form) => `${verb} form ${f.qrId} "${f.title}", ${f.shortUrl}\n${outline(f)}`;

async function bytesOf(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
  return Buffer.concat(chunks);
}

export const FORM_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'forms_list', title: 'List forms', effect: 'read', idempotent: true,
    description: "List the account's forms (qrId, title, counts). Use first to find a form's qrId; all: true walks every page.",
    input: paramsInput('listForms', { all: z.boolean().optional().describe('every page (100 forms per request)') }, ['page', 'limit', 'sort']),
    async run(ctx, a) {
      const client = await ctx.client();
      const sort = a.sort === undefined ? undefined : Number(a.sort);
      if (a.all) {
        if (a.page !== undefined) throw new UsageError('page: all walks every page; drop page');
        const items: FormListItem[] = [];
        for await (const f of paginate((p) => listForms(client, { page: p, limit: FORMS_PAGE_MAX, sort }), (f) => f.qrId)) items.push(f);
        return { summary: `${items.length} form${items.length === 1 ? '' : 's'}:\n${items.map(line).join('\n')}`, data: { items, total: items.length } };
      }
      const page = await listForms(client, { page: a.page ?? 1, limit: a.limit ?? FORMS_PAGE_MAX, sort });
      const more = page.totalPages > page.page ? ` (page ${page.page} of ${page.totalPages}: ask for page ${page.page + 1}, or all: true)` : '';
      return { summary: `${page.total} form${page.total === 1 ? '' : 's'}${more}:\n${page.items.map(line).join('\n')}`, data: page };
    },
  }),
  tool({
    name: 'forms_get', title: 'Get a form', effect: 'read', idempotent: true,
    description: "One form with its fields as an outline (keys, types, labels, options): read it before submitting answers or changing fields.",
    input: paramsInput('getForm'),
    run: async (ctx, a) => {
      const form = await getForm(await ctx.client(), a.qrId);
      const keys = form.fields.map((f) => `${f.key}: ${f.type} "${String(f.option.label ?? '')}"`).join('\n');
      return { summary: `${formSummary('The', form)}Field keys:\n${keys}`, data: form };
    },
  }),
  tool({
    name: 'forms_link', title: "A form's short link", effect: 'read', idempotent: true,
    description: 'The short link people open to fill in a form, to quote or share.',
    input: paramsInput('getForm'),
    run: async (ctx, a) => {
      const form = await getForm(await ctx.client(), a.qrId);
      return { summary: `${form.title}: ${form.shortUrl}`, data: { qrId: form.qrId, title: form.title, shortUrl: form.shortUrl, active: form.active } };
    },
  }),
  tool({
    name: 'forms_qr', title: "Download a form's QR code", effect: 'read', idempotent: true,
    description: "A form's QR code image: png comes back as an image, svg/pdf/eps as a resource.",
    input: paramsInput('downloadFormQr'),
    async run(ctx, a) {
      if (a.resolution !== undefined && (a.resolution < 32 || a.resolution > 4096)) throw new UsageError(`resolution: expected 32 to 4096 pixels, got ${a.resolution}`);
      const res = await downloadQr(await ctx.client(), a.qrId, { format: a.format, resolution: a.resolution });
      const mimeType = res.contentType.split(';')[0]!.trim() || `image/${a.format}`;
      const summary = `The QR code of ${a.qrId} (${a.format}${a.resolution ? `, ${a.resolution} px` : ''}).`;
      if (a.format === 'png') return { summary, image: { data: (await bytesOf(res.body)).toString('base64'), mimeType } };
      const uri = `formctl://forms/${a.qrId}/qr.${a.format}`;
      if (a.format === 'svg') return { summary, resource: { uri, mimeType, text: await readText(res.body) } };
      return { summary, resource: { uri, mimeType, blob: (await bytesOf(res.body)).toString('base64') } };
    },
  }),
  tool({
    name: 'forms_create', title: 'Create a form', effect: 'write', idempotent: false,
    description: 'Create a form from a body (title, shortText, fields [{type, option}]); a draft from ai_draft or templates is such a body as it is.',
    input: bodyOf('createForm'),
    run: async (ctx, a) => {
      const form = await createForm(await ctx.client(), a as never);
      return { summary: formSummary('Created', form), data: form };
    },
  }),
  tool({
    name: 'forms_update', title: 'Change a form', effect: 'write', idempotent: true,
    description: "Change a form's properties (partial). A fields list replaces every field: send it only with replaceFields: true, keys kept for fields that stay.",
    input: bodyInput('updateForm', { replaceFields: z.boolean().optional().describe('let fields replace every field (fields left out are deleted)') }),
    async run(ctx, { qrId, replaceFields, ...body }) {
      if (Object.keys(body).length === 0) throw new UsageError('nothing to update: give at least one property (title, shortText, fields, …)');
      // spec §2.2: a `fields` list replaces every field (fields left out are removed): only when asked
      if (body.fields !== undefined && replaceFields !== true) throw new UsageError('fields: this list replaces every field of the form (fields left out are deleted); pass replaceFields: true to do that');
      const form = await updateForm(await ctx.client(), qrId, body as never);
      forgetFormSchema(ctx.deps, qrId);
      return { summary: formSummary('Updated', form), data: form };
    },
  }),
  tool({
    name: 'forms_clone', title: 'Copy a form', effect: 'write', idempotent: false,
    description: 'Make copies of a form (1 to 10); each copy has its own qrId and link.',
    input: bodyInput('cloneForm'),
    async run(ctx, a) {
      const count = a.count ?? 1;
      if (count > MAX_CLONES) throw new UsageError(`count: 1 to ${MAX_CLONES} copies, got ${count}`);
      const { cloneData } = await cloneForm(await ctx.client(), a.qrId, count);
      const copies = cloneData.map((c) => ({ qrId: String(c.image.qrId ?? ''), shortUrl: String(c.image.shortUrl ?? ''), qrImgUrl: c.qrImgUrl }));
      return { summary: `Copied ${a.qrId}: ${copies.map((c) => `${c.qrId} ${c.shortUrl}`).join(', ')}`, data: { copies } };
    },
  }),
  tool({
    name: 'forms_share', title: 'E-mail a form link', effect: 'write', idempotent: false,
    description: "E-mail a form's link to at most 5 addresses (comma-separated); each call sends the e-mails again.",
    input: bodyInput('shareForm'),
    async run(ctx, a) {
      const r = parseRecipients(a.recipients);
      if (!r.ok) throw new UsageError(r.message);
      await shareForm(await ctx.client(), a.qrId, r.addresses);
      return { summary: `Shared ${a.qrId} with ${r.addresses.join(', ')}.`, data: { qrId: a.qrId, recipients: r.addresses } };
    },
  }),
  tool({
    name: 'forms_restore', title: 'Restore an archived form', effect: 'write', idempotent: true,
    description: 'Bring an archived form back: its link and submissions answer again.',
    input: paramsInput('restoreForm'),
    run: async (ctx, a) => ({ summary: `Restored ${a.qrId}.`, data: { qrId: a.qrId, ...(await restoreForm(await ctx.client(), a.qrId)) } }),
  }),
  tool({
    name: 'forms_archive', title: 'Archive a form', effect: 'destructive', idempotent: true,
    description: 'Archive a form: it stops taking submissions and answers like an unknown form until forms_restore.',
    input: paramsInput('archiveForm'),
    run: async (ctx, a) => ({ summary: `Archived ${a.qrId}; forms_restore brings it back.`, data: { qrId: a.qrId, ...(await archiveForm(await ctx.client(), a.qrId)) } }),
  }),
  tool({
    name: 'forms_delete', title: 'Delete forms', effect: 'destructive', idempotent: true,
    description: 'Delete forms for good, with their submissions (several ids: one bulk request). Cannot be undone.',
    input: z.strictObject({ qrIds: z.array(PATH_PARAMS.qrId!).min(1).max(100).describe('the forms to delete') }),
    async run(ctx, a) {
      const ids: string[] = [...new Set<string>(a.qrIds)];
      const client = await ctx.client();
      const result = ids.length === 1 ? (await deleteForm(client, ids[0]!)).result : (await deleteForms(client, ids)).message;
      return { summary: `Deleted ${ids.join(', ')}: ${result}`, data: { qrIds: ids, result } };
    },
  }),
];
