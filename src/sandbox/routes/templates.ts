import type { z } from 'zod/v4';
import type { RecipientsBody, SaveTemplateBody } from './bodySchemas.js';
import { parseRecipients } from '../../domain/recipients.js';
import { TEMPLATE_ID, templateToCreateBody, TemplateLayoutError, typeOfRawName, type RawTemplateForm } from '../../domain/templates.js';
import { ApiFailure, intParam } from '../http.js';
import { route, type RequestContext } from '../instance.js';
import { newObjectId } from '../repo/forms.js';
import { gallery, type TemplateRecord } from '../templates/gallery.js';
import { contractBody } from './bodies.js';

export const INVALID_TEMPLATE_ID = 'Invalid template id';

const listItem = (t: TemplateRecord) => ({ id: t.id, title: t.title, categoryName: t.categoryName });

/** spec §4.7: a template id that is not 24 hex characters → 400 `Invalid template id`. */
function loadTemplate(ctx: RequestContext): TemplateRecord {
  const id = ctx.params.templateId!;
  if (!TEMPLATE_ID.test(id)) throw new ApiFailure(400, INVALID_TEMPLATE_ID);
  const t = gallery().templates.find((g) => g.id === id) ?? ctx.store.templates.privateOne(ctx.account.id, id);
  if (!t) throw new ApiFailure(400, 'Template not found');
  return t;
}

function category(raw: string | null, name = 'categoryId') {
  if (raw === null || raw === '') throw new ApiFailure(400, `${name} is required`);
  if (!TEMPLATE_ID.test(raw)) throw new ApiFailure(400, `Invalid ${name}: expected 24 hex characters`);
  const c = gallery().categories.find((x) => x.id === raw);
  if (!c) throw new ApiFailure(400, 'Category not found');
  return c;
}

function categories(ctx: RequestContext) {
  const items = ctx.query.get('items') === '1';
  return gallery().categories.map((c) => (items ? { ...c, items: gallery().templates.filter((t) => t.categoryId === c.id).slice(0, 6).map(listItem) } : c));
}

function listTemplates(ctx: RequestContext) {
  const c = category(ctx.query.get('categoryId'));
  const limit = intParam(ctx.query, 'limit', 100, 100);
  return gallery().templates.filter((t) => t.categoryId === c.id).slice(0, limit).map(listItem);
}

function favorites(ctx: RequestContext) {
  const mine = new Map(ctx.store.templates.privateOf(ctx.account.id).map((t) => [t.id, t]));
  return ctx.store.templates.favoritesOf(ctx.member.id).flatMap((id) => {
    const t = gallery().templates.find((g) => g.id === id) ?? mine.get(id);
    return t ? [listItem(t)] : [];
  });
}

/** The raw layout of a saved template: a non-empty field map of known raw names (spec §4.7). */
function checkLayout(form: Record<string, unknown>): RawTemplateForm {
  if (typeof form.title !== 'string' || form.title.trim() === '') throw new ApiFailure(400, 'form.title is required');
  const fields = form.fields;
  if (!fields || typeof fields !== 'object' || Array.isArray(fields) || Object.keys(fields).length === 0) {
    throw new ApiFailure(400, 'form.fields must be a non-empty map of fields keyed by storage id (a template needs a full layout, not an empty fields list)');
  }
  for (const [key, f] of Object.entries(fields as Record<string, unknown>)) {
    const raw = f as { name?: unknown; option?: unknown };
    if (!raw || typeof raw !== 'object' || typeof raw.name !== 'string' || !typeOfRawName(raw.name)) throw new ApiFailure(400, `form.fields.${key}.name must name a field type, e.g. FormShortText`);
    if (raw.option !== undefined && (typeof raw.option !== 'object' || raw.option === null || Array.isArray(raw.option))) throw new ApiFailure(400, `form.fields.${key}.option must be an object`);
  }
  return form as RawTemplateForm;
}

function saveTemplate(ctx: RequestContext, body: z.infer<typeof SaveTemplateBody>) {
  const c = category(body.categoryId);
  const form = checkLayout(body.form);
  const record: TemplateRecord = {
    id: newObjectId(ctx.now().getTime()), title: body.title, categoryId: c.id, categoryName: c.name, description: String(form.shortText ?? ''), language: 'en',
    isPublic: false, usageCount: 0, createdAt: ctx.now().toISOString(), form,
  };
  ctx.store.templates.addPrivate(ctx.account.id, record);
  return { message: 'Template saved', template: listItem(record) };
}

function shareTemplate(ctx: RequestContext, body: z.infer<typeof RecipientsBody>) {
  const t = loadTemplate(ctx);
  if (!t.isPublic) throw new ApiFailure(400, 'Only public templates can be shared');
  const r = parseRecipients(body.recipients);
  if (!r.ok) throw new ApiFailure(400, r.message);
  ctx.store.outbox.add(ctx.account.id, 'template.share', r.addresses.join(','), `${ctx.member.name} shared a form template with you: ${t.title}`, `${ctx.origin}/templates/${t.id}`, ctx.now().toISOString());
  return { message: 'Template shared' };
}

function formCreate(ctx: RequestContext) {
  try {
    return templateToCreateBody(loadTemplate(ctx).form);
  } catch (e) {
    if (e instanceof TemplateLayoutError) throw new ApiFailure(400, e.message);
    throw e;
  }
}

// spec §4.7; the fixed paths come before /{templateId}
export const templateRoutes = [
  route({ operationId: 'listTemplateCategories', method: 'GET', path: '/form-templates/categories', action: 'catalog.read', handler: categories }),
  route({ operationId: 'listFavoriteTemplates', method: 'GET', path: '/form-templates/favorites', action: 'catalog.read', handler: favorites }),
  route({ operationId: 'listMyTemplates', method: 'GET', path: '/form-templates/mine', action: 'catalog.read', handler: (ctx) => ctx.store.templates.privateOf(ctx.account.id).map(listItem) }),
  route({ operationId: 'listTemplates', method: 'GET', path: '/form-templates', action: 'catalog.read', handler: listTemplates }),
  route({ operationId: 'saveTemplate', method: 'POST', path: '/form-templates', action: 'catalog.write', body: contractBody('SaveTemplateBody'), handler: saveTemplate }),
  route({ operationId: 'getTemplate', method: 'GET', path: '/form-templates/:templateId', action: 'catalog.read', handler: loadTemplate }),
  route({ operationId: 'getTemplateFormCreate', method: 'GET', path: '/form-templates/:templateId/form-create', action: 'catalog.read', handler: formCreate }),
  route({
    operationId: 'addFavoriteTemplate', method: 'PUT', path: '/form-templates/:templateId/favorite', action: 'catalog.write',
    handler: (ctx) => (ctx.store.templates.favorite(ctx.member.id, loadTemplate(ctx).id, ctx.now().toISOString()), { message: 'Template added to favorites' }),
  }),
  route({
    operationId: 'removeFavoriteTemplate', method: 'DELETE', path: '/form-templates/:templateId/favorite', action: 'catalog.write',
    handler: (ctx) => (ctx.store.templates.unfavorite(ctx.member.id, loadTemplate(ctx).id), { message: 'Template removed from favorites' }),
  }),
  route({ operationId: 'shareTemplate', method: 'POST', path: '/form-templates/:templateId/share', action: 'catalog.write', body: contractBody('RecipientsBody'), handler: shareTemplate }),
];
