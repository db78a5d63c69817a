import { createHash } from 'node:crypto';
import { ADDRESS_PARTS, CHECKLIST_VALUES, fieldLabel, rowLabels, type FieldError, type FieldErrors } from '../../domain/answers.js';
import type { FieldDefinition } from '../../domain/form.js';
import type { FormDoc } from '../repo/forms.js';

// The public form page (spec §2.1 shortUrl), server-rendered HTML with no framework: every control
// works without JavaScript; a small script only adds the cascade of multipleLevelSelect and the
// quiz countdown. Inputs are named by field key ("KEY", "KEY.part", "KEY.row.N").

export function esc(s: unknown): string {
  return String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** a colour of the form's document as CSS, only when it is a hex colour */
function colour(value: unknown, fallback: string): string {
  const hex = typeof value === 'string' ? value.replace(/^#/, '') : '';
  return /^([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(hex) ? `#${hex}` : fallback;
}

function readable(hex: string): string {
  const h = hex.length === 4 ? hex.slice(1).split('').map((c) => c + c).join('') : hex.slice(1);
  const n = parseInt(h, 16);
  const lum = 0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return lum > 150 ? '#111111' : '#ffffff';
}

const CSS = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1b1b;background:var(--bg);min-height:100vh;padding:24px 12px}
main{max-width:680px;margin:0 auto;background:#fff;border-radius:12px;box-shadow:0 8px 30px rgba(0,0,0,.18);overflow:hidden}
header{background:var(--head);color:var(--head-ink);padding:24px 28px}header h1{margin:0 0 4px;font-size:1.6rem}header p{margin:0;opacity:.85}
form,.body{padding:20px 28px 28px}.field{margin:0 0 20px;border:0;padding:0}.field>label,.field>legend{display:block;font-weight:600;margin-bottom:6px;padding:0}
.req{color:#b00020;margin-left:2px}.hint{color:#555;font-size:.9rem;margin:2px 0 6px}
input[type=text],input[type=email],input[type=tel],input[type=number],input[type=date],input[type=time],textarea,select{width:100%;padding:10px 12px;border:1px solid #b9b9b9;border-radius:8px;font:inherit;background:#fff}
textarea{min-height:110px}input:focus,textarea:focus,select:focus{outline:3px solid #7aa7ff;border-color:#3b6fd8}
.parts{display:grid;grid-template-columns:1fr 1fr;gap:8px}.parts label{font-size:.85rem;color:#444;display:block}
.field>.choice{display:flex;gap:8px;align-items:center;margin:4px 0;font-weight:400}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #e3e3e3;padding:6px;text-align:left}td.c,th.c{text-align:center}
.error{color:#b00020;font-size:.92rem;margin:6px 0 0}.invalid input,.invalid textarea,.invalid select{border-color:#b00020}
.summary{border:2px solid #b00020;background:#fff3f4;border-radius:8px;padding:10px 14px;margin:0 0 18px}
button{background:var(--btn);color:var(--btn-ink);border:0;border-radius:8px;padding:12px 22px;font:600 1rem system-ui,sans-serif;cursor:pointer}
.timer{background:#fff7d6;border:1px solid #e6c300;border-radius:8px;padding:8px 12px;margin:0 0 16px}
.score{font-size:2.2rem;font-weight:700;margin:0}.passed{color:#0b7a2a}.failed{color:#b00020}
.result li{margin:6px 0}.ok{color:#0b7a2a}.ko{color:#b00020}footer{color:#fff;text-align:center;font-size:.8rem;margin-top:14px;opacity:.8}
`;

export interface PageTheme {
  background: string;
  header: string;
  button: string;
}

export function themeOf(doc: FormDoc): PageTheme {
  const c1 = colour(doc.backgroundColor1, '#0076d7');
  const c2 = colour(doc.backgroundColor2, '#3a74c5');
  const background = doc.backgroundType === 'gradient' ? `linear-gradient(135deg,${c1},${c2})` : c1;
  const appearance = (doc.appearance ?? {}) as { headerColor?: string; buttonColor?: string };
  // the documented default header and button colour is white: then the page's own colour is used
  const header = colour(appearance.headerColor, '#ffffff').toLowerCase() === '#ffffff' ? c1 : colour(appearance.headerColor, c1);
  const button = colour(appearance.buttonColor, '#ffffff').toLowerCase() === '#ffffff' ? c1 : colour(appearance.buttonColor, c1);
  return { background, header, button };
}

/** The whole HTML document around a page body. */
export function documentOf(title: string, theme: PageTheme, body: string, lang = 'en'): string {
  const vars = `--bg:${theme.background};--head:${theme.header};--head-ink:${readable(theme.header)};--btn:${theme.button};--btn-ink:${readable(theme.button)}`;
  return `<!doctype html><html lang="${esc(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>:root{${vars}}${CSS}</style></head><body>${body}<footer>Served by the formctl sandbox</footer></body></html>`;
}

export const DEFAULT_THEME: PageTheme = { background: '#4a5568', header: '#2d3748', button: '#2d3748' };

/** Values typed before a failed submit, to fill the page again. */
export type Posted = Map<string, string[]>;

const CHOICE_DEFAULTS: Record<string, Array<{ name: string; value: string }>> = {
  gender: [{ name: 'Female', value: 'female' }, { name: 'Male', value: 'male' }, { name: 'Other', value: 'other' }],
};

export function choicesOf(f: FieldDefinition): Array<{ name: string; value: string }> {
  const opts = Array.isArray(f.option.options) ? (f.option.options as Array<{ name?: unknown; value?: unknown }>) : [];
  const list = opts.filter((o) => o && typeof o === 'object').map((o) => ({ name: String(o.name ?? o.value ?? ''), value: String(o.value ?? o.name ?? '') }));
  return list.length ? list : (CHOICE_DEFAULTS[f.type] ?? []);
}

/** multipleLevelSelect: every path of the cascade tree, as "A / B / C" (the answer's string). */
export function cascadePaths(nodes: unknown, prefix: string[] = []): string[] {
  if (!Array.isArray(nodes)) return [];
  const out: string[] = [];
  for (const n of nodes as Array<{ name?: unknown; value?: unknown; options?: unknown; children?: unknown }>) {
    if (!n || typeof n !== 'object') continue;
    const path = [...prefix, String(n.value ?? n.name ?? '')];
    const kids = Array.isArray(n.options) ? n.options : Array.isArray(n.children) ? n.children : [];
    if (kids.length) out.push(...cascadePaths(kids, path));
    else out.push(path.join(' / '));
  }
  return out;
}

const CHECKLIST_LABELS = ['Yes', 'No', 'Neutral'];

const ACCEPT: Record<string, string> = { picture: 'image/*', signature: 'image/*', audio: 'audio/*', video: 'video/*', document: '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.txt,.csv,.zip' };

function inputType(type: string): string {
  return ({ email: 'email', phone: 'tel', number: 'number', calendar: 'date', time: 'time' } as Record<string, string>)[type] ?? 'text';
}

function controlOf(f: FieldDefinition, posted: Posted, describedBy: string): string {
  const id = `f-${f.key}`;
  const one = (name: string) => posted.get(name)?.[0] ?? '';
  const aria = `aria-describedby="${describedBy}"${f.option.required === true ? ' aria-required="true"' : ''}`;
  switch (f.type) {
    case 'longText':
      return `<textarea id="${id}" name="${esc(f.key)}" ${aria}>${esc(one(f.key))}</textarea>`;
    case 'name':
    case 'address': {
      const parts: readonly string[] = f.type === 'name' ? ['firstName', 'lastName'] : ADDRESS_PARTS;
      const labels: Record<string, string> = { firstName: 'First name', lastName: 'Last name', addressLine: 'Street address', city: 'City', state: 'State / region', zipcode: 'Postal code', country: 'Country' };
      return `<div class="parts">${parts.map((p) => `<div><label for="${id}-${p}">${labels[p]}</label><input type="text" id="${id}-${p}" name="${esc(f.key)}.${p}" value="${esc(one(`${f.key}.${p}`))}" ${aria}></div>`).join('')}</div>`;
    }
    case 'radio':
    case 'gender':
    case 'checkbox': {
      const kind = f.type === 'checkbox' ? 'checkbox' : 'radio';
      const chosen = posted.get(f.key) ?? [];
      return choicesOf(f).map((c, i) => `<label class="choice"><input type="${kind}" id="${id}-${i}" name="${esc(f.key)}" value="${esc(c.value)}"${chosen.includes(c.value) ? ' checked' : ''}> ${esc(c.name)}</label>`).join('');
    }
    case 'multipleLevelSelect': {
      const paths = cascadePaths(f.option.options);
      return `<select id="${id}" name="${esc(f.key)}" class="cascade" data-sep=" / " ${aria}><option value="">Choose…</option>${paths.map((p) => `<option value="${esc(p)}"${one(f.key) === p ? ' selected' : ''}>${esc(p)}</option>`).join('')}</select>`;
    }
    case 'checkList': {
      const rows = rowLabels(f) ?? [];
      const values = f.option.neutral === true ? CHECKLIST_VALUES : CHECKLIST_VALUES.slice(0, 2);
      const head = `<tr><th scope="col">Item</th>${values.map((_, i) => `<th scope="col" class="c">${CHECKLIST_LABELS[i]}</th>`).join('')}</tr>`;
      const body = rows.map((r, n) => `<tr><th scope="row">${esc(r)}</th>${values.map((v, i) => `<td class="c"><input type="radio" name="${esc(f.key)}.row.${n}" value="${v}" aria-label="${esc(r)}: ${CHECKLIST_LABELS[i]}"${one(`${f.key}.row.${n}`) === v ? ' checked' : ''}></td>`).join('')}</tr>`).join('');
      return `<table>${head}${body}</table>`;
    }
    case 'sheet': {
      const rows = rowLabels(f) ?? [];
      return `<table>${rows.map((r, n) => `<tr><th scope="row"><label for="${id}-${n}">${esc(r)}</label></th><td><input type="text" id="${id}-${n}" name="${esc(f.key)}.row.${n}" value="${esc(one(`${f.key}.row.${n}`))}"></td></tr>`).join('')}</table>`;
    }
    case 'picture':
    case 'document':
    case 'signature':
    case 'audio':
    case 'video': {
      const multiple = f.type === 'picture' || f.type === 'document' ? ' multiple' : '';
      const capture = f.type === 'signature' ? '<p class="hint">Upload a picture of your signature.</p>' : '';
      return `${capture}<input type="file" id="${id}" name="${esc(f.key)}" accept="${ACCEPT[f.type]}"${multiple} ${aria}>`;
    }
    case 'location':
      return `<input type="text" id="${id}" name="${esc(f.key)}" value="${esc(one(f.key))}" placeholder="Address or latitude,longitude" ${aria}>`;
    default: {
      const step = f.type === 'number' ? ' step="any"' : '';
      return `<input type="${inputType(f.type)}" id="${id}" name="${esc(f.key)}" value="${esc(one(f.key))}"${step} ${aria}>`;
    }
  }
}

const GROUPED = new Set(['name', 'address', 'radio', 'gender', 'checkbox', 'checkList', 'sheet']);

function fieldHtml(f: FieldDefinition, posted: Posted, error: FieldError | undefined): string {
  const label = esc(fieldLabel(f));
  if (f.type === 'title') return `<h2>${esc(f.option.label ?? '')}</h2>`;
  if (f.type === 'description') return `<p>${esc(f.option.label ?? f.option.hint ?? '')}</p>`;
  const required = f.option.required === true ? '<span class="req" aria-hidden="true">*</span><span class="sr" hidden> (required)</span>' : '';
  const hintId = `h-${f.key}`;
  const errId = `e-${f.key}`;
  const hint = typeof f.option.hint === 'string' && f.option.hint ? `<p class="hint" id="${hintId}">${esc(f.option.hint)}</p>` : '';
  const describedBy = [hint ? hintId : '', error ? errId : ''].filter(Boolean).join(' ') || hintId;
  const err = error ? `<p class="error" id="${errId}" role="alert">${esc(error.message)}</p>` : '';
  const cls = `field${error ? ' invalid' : ''}`;
  if (GROUPED.has(f.type)) {
    return `<fieldset class="${cls}" data-key="${esc(f.key)}" aria-describedby="${describedBy}"${error ? ' aria-invalid="true"' : ''}><legend>${label}${required}</legend>${hint}${controlOf(f, posted, describedBy)}${err}</fieldset>`;
  }
  return `<div class="${cls}" data-key="${esc(f.key)}"><label for="f-${esc(f.key)}">${label}${required}</label>${hint}${controlOf(f, posted, describedBy)}${err}</div>`;
}

// the cascade of multipleLevelSelect: one select per level, built from the no-script select of paths
const SCRIPT_BODY = `
document.querySelectorAll('select.cascade').forEach(function(sel){
  var sep=sel.dataset.sep,paths=[].slice.call(sel.options).map(function(o){return o.value}).filter(Boolean);
  var box=document.createElement('div');box.className='levels';sel.hidden=true;sel.after(box);
  function render(prefix){
    box.innerHTML='';var parts=prefix?prefix.split(sep):[];
    for(var level=0;level<=parts.length;level++){
      var head=parts.slice(0,level).join(sep),seen={},opts=[];
      paths.forEach(function(p){if(level&&p.indexOf(head+sep)!==0)return;var next=p.split(sep)[level];if(next!==undefined&&!seen[next]){seen[next]=1;opts.push(next)}});
      if(!opts.length)break;
      var s=document.createElement('select');s.setAttribute('aria-label',sel.closest('.field').querySelector('label').textContent+' level '+(level+1));s.dataset.level=level;
      s.innerHTML='<option value="">Choose…</option>'+opts.map(function(o){return '<option>'+o.replace(/&/g,'&amp;').replace(/</g,'&lt;')+'</option>'}).join('');
      if(parts[level]!==undefined)s.value=parts[level];
      s.onchange=function(){var l=+this.dataset.level;var p=parts.slice(0,l);if(this.value)p.push(this.value);var v=p.join(sep);sel.value=paths.indexOf(v)>=0?v:'';render(v)};
      box.appendChild(s);
    }
  }
  render(sel.value);
});
var t=document.querySelector('[data-deadline]');
if(t){var end=+t.dataset.deadline;(function tick(){var s=Math.max(0,Math.round((end-Date.now())/1000));t.querySelector('b').textContent=Math.floor(s/60)+':'+String(s%60).padStart(2,'0');if(s>0)setTimeout(tick,1000)})()}
`;
const SCRIPT = `<script>${SCRIPT_BODY}</script>`;

/**
 * The form pages' policy: their one script (by its hash), their inline styles, images of this origin,
 * posts to this origin only, and never inside another site's frame.
 */
export const PAGE_CSP = `default-src 'none'; script-src 'sha256-${createHash('sha256').update(SCRIPT_BODY).digest('base64')}'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

export interface FormPageInput {
  qrId: string;
  doc: FormDoc;
  scanId: number;
  startedMs: number;
  posted?: Posted;
  errors?: FieldErrors;
  /** quiz time limit in seconds, when enabled */
  timeLimit?: number;
}

export function formPage(p: FormPageInput): string {
  const { doc } = p;
  const posted = p.posted ?? new Map();
  const errors = p.errors ?? {};
  const keys = Object.keys(errors).filter((k) => k !== '_form');
  const summary = Object.keys(errors).length
    ? `<div class="summary" role="alert"><strong>Please correct ${keys.length || 1} problem${keys.length > 1 ? 's' : ''}.</strong>${errors._form ? `<p class="error" id="e-_form">${esc(errors._form.message)}</p>` : ''}</div>`
    : '';
  const timer = p.timeLimit ? `<p class="timer" data-deadline="${p.startedMs + p.timeLimit * 1000}">Time limit: ${Math.round(p.timeLimit / 60)} min. Time left: <b>${Math.floor(p.timeLimit / 60)}:${String(p.timeLimit % 60).padStart(2, '0')}</b></p>` : '';
  const fields = doc.fields.map((f) => fieldHtml(f, posted, errors[f.key])).join('');
  const body = `<main><header><h1>${esc(doc.title)}</h1>${doc.shortText ? `<p>${esc(doc.shortText)}</p>` : ''}</header>
<form method="post" action="/s/${esc(p.qrId)}" enctype="multipart/form-data" novalidate>${summary}${timer}
<input type="hidden" name="_scan" value="${p.scanId}">
${fields}<button type="submit">Submit</button></form></main>${SCRIPT}`;
  return documentOf(doc.title, themeOf(doc), body, typeof doc.locale === 'string' && /^[a-z]{2}(-[A-Za-z]{2})?$/.test(doc.locale) ? doc.locale : 'en');
}

/** "Not available" pages: unknown (404), archived (410), blocked (403). */
export function unavailablePage(status: number, message: string): string {
  return documentOf('Form not available', DEFAULT_THEME, `<main><header><h1>This form is not available</h1></header><div class="body"><p>${esc(message)}</p><p>HTTP ${status}</p></div></main>`);
}
