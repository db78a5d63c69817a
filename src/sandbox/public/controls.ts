import { ADDRESS_PARTS, CHECKLIST_VALUES, NAME_PARTS, fieldLabel, rowLabels } from '../../domain/answers.js';
import type { FieldDefinition } from '../../domain/form.js';
import type { PageWords } from './locale.js';
import { errorText, type PageError } from './pageErrors.js';
import type { KeptFile } from './postedFiles.js';
import { CASCADE_LIMITS } from '../../domain/limits.js';

// One field of the form page: its label or legend, hint, error and controls. Inputs are named by
// field key ("KEY", "KEY.part", "KEY.row.N"); ids are "f-KEY…", so the error summary can link to them.

export function esc(s: unknown): string {
  return String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Values typed before a failed submit, to fill the page again. */
export type Posted = Map<string, string[]>;

export function choicesOf(f: FieldDefinition, words: PageWords): Array<{ name: string; value: string }> {
  const opts = Array.isArray(f.option.options) ? (f.option.options as Array<{ name?: unknown; value?: unknown }>) : [];
  const list = opts.filter((o) => o && typeof o === 'object').map((o) => ({ name: String(o.name ?? o.value ?? ''), value: String(o.value ?? o.name ?? '') }));
  if (list.length || f.type !== 'gender') return list;
  return (['female', 'male', 'other'] as const).map((value) => ({ name: words.gender[value], value }));
}

/**
 * multipleLevelSelect: every path of the cascade tree, as "A / B / C" (the answer's string), up to
 * the characters and levels a stored form may have (domain/limits.ts CASCADE_LIMITS; a form stored
 * before they were checked is listed no further).
 */
export function cascadePaths(nodes: unknown, prefix: string[] = [], budget: { chars: number } = { chars: CASCADE_LIMITS.paths }): string[] {
  if (!Array.isArray(nodes) || prefix.length >= CASCADE_LIMITS.levels) return [];
  const out: string[] = [];
  for (const n of nodes as Array<{ name?: unknown; value?: unknown; options?: unknown }>) {
    if (budget.chars <= 0) break;
    if (!n || typeof n !== 'object') continue;
    const path = [...prefix, String(n.value ?? n.name ?? '')];
    const kids = Array.isArray(n.options) ? n.options : [];
    if (kids.length) {
      for (const p of cascadePaths(kids, path, budget)) out.push(p);
      continue;
    }
    const text = path.join(' / ');
    budget.chars -= text.length + 1; // an empty path still costs its option
    if (budget.chars >= 0) out.push(text);
  }
  return out;
}

/** The HTML autofill tokens (HTML spec "Autofill"): what a phone fills in for a person. */
const AUTOCOMPLETE: Record<string, string> = {
  email: 'email', phone: 'tel',
  firstName: 'given-name', lastName: 'family-name',
  addressLine: 'address-line1', city: 'address-level2', state: 'address-level1', zipcode: 'postal-code', country: 'country-name',
};
const autocomplete = (token: string | undefined) => (token ? ` autocomplete="${token}"` : '');

const ACCEPT: Record<string, string> = { picture: 'image/*', signature: 'image/*', audio: 'audio/*', video: 'video/*', document: '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.txt,.csv,.zip' };

function inputType(type: string): string {
  return ({ email: 'email', phone: 'tel', number: 'number', calendar: 'date', time: 'time' } as Record<string, string>)[type] ?? 'text';
}

/** The control a link to the field lands on: its first input. */
export function firstControlId(f: FieldDefinition): string {
  const id = `f-${f.key}`;
  if (f.type === 'name') return `${id}-firstName`;
  if (f.type === 'address') return `${id}-addressLine`;
  if (f.type === 'checkList') return `${id}-0-0`;
  if (['radio', 'gender', 'checkbox', 'sheet'].includes(f.type)) return `${id}-0`;
  return id;
}

interface FieldContext {
  posted: Posted;
  words: PageWords;
  error?: PageError;
  /** files kept from the try before, still to be sent */
  kept: KeptFile[];
  /** what is left of the page's budget of cascade paths, shared by its fields */
  cascades: { chars: number };
}

/** Files kept from the try before: each named, ticked to keep, unticked to remove. */
function keptFilesHtml(f: FieldDefinition, ctx: FieldContext): string {
  if (!ctx.kept.length) return '';
  const boxes = ctx.kept.map((file, i) => `<label class="choice"><input type="checkbox" id="k-${esc(f.key)}-${i}" name="_keep" value="${esc(file.fileId)}" checked> ${esc(file.name)}</label>`).join('');
  return `<div class="kept" role="group" aria-labelledby="k-${esc(f.key)}"><p class="hint" id="k-${esc(f.key)}">${esc(ctx.words.keptFiles)}</p>${boxes}</div>`;
}

function controlOf(f: FieldDefinition, ctx: FieldContext, aria: string): string {
  const { posted, words } = ctx;
  const id = `f-${esc(f.key)}`;
  const key = esc(f.key);
  const one = (name: string) => posted.get(name)?.[0] ?? '';
  switch (f.type) {
    case 'longText':
      return `<textarea id="${id}" name="${key}"${aria}>${esc(one(f.key))}</textarea>`;
    case 'name':
    case 'address': {
      const parts: readonly string[] = f.type === 'name' ? NAME_PARTS : ADDRESS_PARTS;
      const labels: Record<string, string> = { ...words.nameParts, ...words.addressParts };
      return `<div class="parts">${parts.map((p) => `<div><label for="${id}-${p}">${esc(labels[p])}</label><input type="text" id="${id}-${p}" name="${key}.${p}" value="${esc(one(`${f.key}.${p}`))}"${autocomplete(AUTOCOMPLETE[p])}${aria}></div>`).join('')}</div>`;
    }
    case 'radio':
    case 'gender':
    case 'checkbox': {
      const kind = f.type === 'checkbox' ? 'checkbox' : 'radio';
      const chosen = posted.get(f.key) ?? [];
      return choicesOf(f, words).map((c, i) => `<label class="choice" for="${id}-${i}"><input type="${kind}" id="${id}-${i}" name="${key}" value="${esc(c.value)}"${chosen.includes(c.value) ? ' checked' : ''}${aria}> ${esc(c.name)}</label>`).join('');
    }
    case 'multipleLevelSelect': {
      const paths = cascadePaths(f.option.options, [], ctx.cascades);
      return `<select id="${id}" name="${key}" class="cascade" data-sep=" / " data-word="${esc(words.level)}"${aria}><option value="">${esc(words.choose)}</option>${paths.map((p) => `<option value="${esc(p)}"${one(f.key) === p ? ' selected' : ''}>${esc(p)}</option>`).join('')}</select>`;
    }
    case 'checkList': {
      const rows = rowLabels(f) ?? [];
      const values = f.option.neutral === true ? CHECKLIST_VALUES : CHECKLIST_VALUES.slice(0, 2);
      const head = `<tr><th scope="col">${esc(words.item)}</th>${values.map((_, i) => `<th scope="col" class="c">${esc(words.checklist[i])}</th>`).join('')}</tr>`;
      const cell = (r: string, n: number, v: string, i: number) =>
        `<td class="c"><label class="cell"><input type="radio" id="${id}-${n}-${i}" name="${key}.row.${n}" value="${v}" aria-label="${esc(r)}: ${esc(words.checklist[i])}"${one(`${f.key}.row.${n}`) === v ? ' checked' : ''}${aria}></label></td>`;
      const body = rows.map((r, n) => `<tr><th scope="row">${esc(r)}</th>${values.map((v, i) => cell(r, n, v, i)).join('')}</tr>`).join('');
      return `<table>${head}${body}</table>`;
    }
    case 'sheet': {
      const rows = rowLabels(f) ?? [];
      return `<table>${rows.map((r, n) => `<tr><th scope="row"><label for="${id}-${n}">${esc(r)}</label></th><td><input type="text" id="${id}-${n}" name="${key}.row.${n}" value="${esc(one(`${f.key}.row.${n}`))}"${aria}></td></tr>`).join('')}</table>`;
    }
    case 'picture':
    case 'document':
    case 'signature':
    case 'audio':
    case 'video': {
      const multiple = f.type === 'picture' || f.type === 'document' ? ' multiple' : '';
      const capture = f.type === 'signature' ? `<p class="hint">${esc(words.signatureHint)}</p>` : '';
      return `${capture}${keptFilesHtml(f, ctx)}<input type="file" id="${id}" name="${key}" accept="${ACCEPT[f.type]}"${multiple}${aria}>`;
    }
    case 'location':
      return `<input type="text" id="${id}" name="${key}" value="${esc(one(f.key))}" placeholder="${esc(words.locationPlaceholder)}"${aria}>`;
    default: {
      const step = f.type === 'number' ? ' step="any"' : '';
      return `<input type="${inputType(f.type)}" id="${id}" name="${key}" value="${esc(one(f.key))}"${step}${autocomplete(AUTOCOMPLETE[f.type])}${aria}>`;
    }
  }
}

const GROUPED = new Set(['name', 'address', 'radio', 'gender', 'checkbox', 'checkList', 'sheet']);

/** A field: label (or legend), hint, its error beside it (GOV.UK pattern), then its controls. */
export function fieldHtml(f: FieldDefinition, ctx: FieldContext): string {
  if (f.type === 'title') return `<h2>${esc(f.option.label ?? '')}</h2>`;
  if (f.type === 'description') return `<p>${esc(f.option.label ?? f.option.hint ?? '')}</p>`;
  const { words, error } = ctx;
  const key = esc(f.key);
  const label = `${esc(fieldLabel(f))}${f.option.required === true ? `<span class="req" aria-hidden="true">*</span><span class="vh"> ${esc(words.required)}</span>` : ''}`;
  const hint = typeof f.option.hint === 'string' && f.option.hint ? `<p class="hint" id="h-${key}">${esc(f.option.hint)}</p>` : '';
  const err = error ? `<p class="error" id="e-${key}"><span class="vh">${esc(words.errorPrefix)} </span>${esc(errorText(words, error, f))}</p>` : '';
  const describedBy = [hint ? `h-${key}` : '', ctx.kept.length ? `k-${key}` : '', error ? `e-${key}` : ''].filter(Boolean).join(' ');
  const described = describedBy ? ` aria-describedby="${describedBy}"` : '';
  const invalid = error ? ' aria-invalid="true"' : '';
  const cls = `field${error ? ' invalid' : ''}`;
  if (GROUPED.has(f.type)) {
    // the group carries the description; each control says whether it is invalid
    return `<fieldset class="${cls}" data-key="${key}"${described}><legend>${label}</legend>${hint}${err}${controlOf(f, ctx, invalid)}</fieldset>`;
  }
  return `<div class="${cls}" data-key="${key}"><label for="f-${key}">${label}</label>${hint}${err}${controlOf(f, ctx, `${described}${invalid}`)}</div>`;
}
