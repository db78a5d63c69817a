import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createForm, getForm } from '../../api/resources/forms.js';
import {
  addFavorite, getTemplate, listCategories, listFavorites, listMine, listTemplates, removeFavorite, saveTemplate, shareTemplate, templateFormCreate,
  type TemplateCategory, type TemplateListItem, type TemplateRecord,
} from '../../api/resources/templates.js';
import type { ApiClient } from '../../api/http.js';
import type { Deps } from '../../cmdutil/factory.js';
import { parseIntFlag } from '../../cmdutil/flags.js';
import { requireQrId } from '../../cmdutil/input.js';
import { localFileFor } from '../../cmdutil/localFiles.js';
import { parseRecipients } from '../../domain/recipients.js';
import { formToTemplateLayout, TEMPLATE_ID, templateToCreateBody, typeOfRawName } from '../../domain/templates.js';
import { UsageError } from '../../errors.js';
import type { View } from '../../output/format.js';
import { outline, type OutlineForm } from '../../output/outline.js';
import { terminalText } from '../../output/terminalText.js';
import { formView } from '../../cmdutil/formView.js';

const itemView: View<TemplateListItem> = { fields: ['id', 'title', 'categoryName'], columns: ['id', 'title', 'categoryName'], id: (t) => t.id };
const categoryView: View<TemplateCategory> = { fields: ['id', 'name', 'items'], columns: ['id', 'name'], id: (c) => c.id };

/** spec §4.7: ids are 24 hex characters; checked before any request */
function templateId(raw: unknown, flag?: string): string {
  const id = String(raw);
  if (!TEMPLATE_ID.test(id)) throw new UsageError(`${flag ? `${flag}: ` : ''}"${id}" is not a template id (24 hex characters; \`formctl templates list\` shows them)`);
  return id.toLowerCase();
}

function categoryCache(deps: Deps): string {
  return localFileFor(deps, 'cache', 'template-categories', 'json');
}

async function categories(deps: Deps, client: ApiClient): Promise<TemplateCategory[]> {
  const list = await listCategories(client);
  try {
    const path = categoryCache(deps);
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    writeFileSync(path, JSON.stringify(list.map(({ id, name }) => ({ id, name }))), { mode: 0o600 });
  } catch { /* a cache */ }
  return list;
}

/** A category by id, or by name (case-insensitive) from the cached list, fetched once when unknown. */
async function categoryId(deps: Deps, client: ApiClient, ref: string): Promise<string> {
  if (TEMPLATE_ID.test(ref)) return ref.toLowerCase();
  const find = (list: TemplateCategory[]) => list.find((c) => c.name.toLowerCase() === ref.trim().toLowerCase());
  let cached: TemplateCategory[] = [];
  try {
    cached = JSON.parse(readFileSync(categoryCache(deps), 'utf8')) as TemplateCategory[];
  } catch { /* none yet */ }
  const hit = find(cached) ?? find(await categories(deps, client));
  if (!hit) {
    const names = (await categories(deps, client)).map((c) => c.name);
    throw new UsageError(`--category: no category is named "${ref}"; expected one of ${names.join(', ')} (or a 24-hex id)`);
  }
  return hit.id;
}

export async function categoriesCommand(deps: Deps, _a: unknown[], opts: { items?: boolean }): Promise<void> {
  deps.outputFor(categoryView);
  const client = await deps.client();
  const list = opts.items ? await listCategories(client, true) : await categories(deps, client);
  await deps.printList(categoryView, list);
}

export async function list(deps: Deps, _a: unknown[], opts: { category?: string; limit?: string }): Promise<void> {
  deps.outputFor(itemView);
  const limit = parseIntFlag('--limit', opts.limit, 1, 100);
  const client = await deps.client();
  if (!opts.category) {
    // every category's first templates in one request (items=1)
    const all = await listCategories(client, true);
    await deps.printList(itemView, all.flatMap((c) => c.items ?? []).slice(0, limit ?? Infinity));
    return;
  }
  await deps.printList({ ...itemView, empty: 'No templates in this category. See them all: formctl templates categories' }, await listTemplates(client, await categoryId(deps, client, opts.category), limit));
}

function templateOutline(t: TemplateRecord): string {
  return outline(templateToCreateBody(t.form) as OutlineForm, `${t.title} — ${t.categoryName}`);
}

export async function get(deps: Deps, [id]: unknown[]): Promise<void> {
  const out = deps.outputFor(itemView);
  // a template is one nested record: JSON, or its outline on a terminal (as forms design prints its qrConfig)
  if (out.format === 'csv' || out.format === 'jsonl') throw new UsageError(`--output: templates get prints a template as JSON (-o json), or its outline on a terminal; not ${out.format}`);
  const tid = templateId(id);
  const t = await getTemplate(await deps.client(), tid);
  if (out.prose && !out.quiet) deps.io.stdout.write(templateOutline(t));
  else if (out.quiet) deps.io.stdout.write(`${t.id}\n`);
  else await deps.printJson(t);
}

/** Creates a form from a template: the form-create body, then POST /forms (two requests). */
export async function use(deps: Deps, [id]: unknown[], opts: { title?: string; shortText?: string }): Promise<void> {
  // it answers with a form: the form's fields and formats (--columns qrId,title; -o csv)
  const out = deps.outputFor(formView);
  const tid = templateId(id);
  const client = await deps.client();
  const body = await templateFormCreate(client, tid);
  if (opts.title !== undefined) body.title = opts.title;
  if (opts.shortText !== undefined) body.shortText = opts.shortText;
  const form = await createForm(client, body as never);
  if (out.quiet) {
    deps.io.stdout.write(`${form.qrId}\n`);
    return;
  }
  deps.info(`Created form ${form.qrId} "${form.title}" with ${form.fields.length} fields from template ${tid}: ${form.shortUrl}`);
  if (out.prose && !out.fields) deps.io.stdout.write(`${terminalText(`${form.qrId}\t${form.shortUrl}`)}\n`);
  else await deps.printOne(formView, form);
}

export async function favorites(deps: Deps): Promise<void> {
  deps.outputFor(itemView);
  await deps.printList({ ...itemView, empty: 'No favorite templates yet. Add one: formctl templates favorite ID (formctl templates list shows ids)' }, await listFavorites(await deps.client()));
}

export async function mine(deps: Deps): Promise<void> {
  deps.outputFor(itemView);
  await deps.printList({ ...itemView, empty: 'No private templates yet. Save a form as one: formctl templates save QRID' }, await listMine(await deps.client()));
}

export async function favorite(deps: Deps, [id]: unknown[]): Promise<void> {
  const tid = templateId(id);
  await addFavorite(await deps.client(), tid);
  deps.info(`Template ${tid} is a favorite.`);
}

export async function unfavorite(deps: Deps, [id]: unknown[]): Promise<void> {
  const tid = templateId(id);
  await removeFavorite(await deps.client(), tid);
  deps.info(`Template ${tid} is no longer a favorite.`);
}

export async function share(deps: Deps, [id]: unknown[], opts: { to: string }): Promise<void> {
  const tid = templateId(id);
  const r = parseRecipients(opts.to);
  if (!r.ok) throw new UsageError(`--to: ${r.message}`);
  await shareTemplate(await deps.client(), tid, r.addresses);
  deps.info(`Shared template ${tid} with ${r.addresses.join(', ')}.`);
}

/** Saves a form as a private template: the full layout built from the form (the reverse of the conversion rule). */
export async function save(deps: Deps, [qrId]: unknown[], opts: { category: string; title?: string }): Promise<void> {
  deps.outputFor(itemView);
  const id = requireQrId(qrId);
  const client = await deps.client();
  const cat = await categoryId(deps, client, opts.category);
  const form = await getForm(client, id);
  const layout = formToTemplateLayout(form as never, (i) => form.fields[i]?.key ?? `field${i + 1}`);
  for (const f of Object.values(layout.fields)) if (!typeOfRawName(f.name)) throw new Error(`cannot name field type ${f.name}`);
  const r = await saveTemplate(client, { categoryId: cat, title: opts.title ?? form.title, form: layout });
  if (r.template) {
    deps.info(`Saved ${id} as the private template ${r.template.id} "${r.template.title}" (${r.template.categoryName}).`);
    await deps.printOne(itemView, r.template);
  } else deps.info(`Saved ${id} as a private template.`);
}
