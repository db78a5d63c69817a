import { createHash } from 'node:crypto';
import type { FormDoc } from '../repo/forms.js';
import { esc, fieldHtml, firstControlId, type Posted } from './controls.js';
import { wordsFor, type PageWords } from './locale.js';
import { errorText, type PageErrors } from './pageErrors.js';
import type { KeptFiles } from './postedFiles.js';
import { CASCADE_LIMITS } from '../../domain/limits.js';


// The public form page (spec §2.1 shortUrl), server-rendered HTML with no framework, made for phones:
// every control works without JavaScript and is at least 44 × 44 CSS pixels to the touch; a small
// script only focuses the error summary, adds the cascade of multipleLevelSelect and the quiz countdown.

/** a colour of the form's document as CSS, only when it is a hex colour */
function colour(value: unknown, fallback: string): string {
  const hex = typeof value === 'string' ? value.replace(/^#/, '') : '';
  return /^([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(hex) ? `#${hex}` : fallback;
}

/** WCAG relative luminance of a #rgb or #rrggbb colour */
function luminance(hex: string): number {
  const h = hex.length === 4 ? hex.slice(1).split('').map((c) => c + c).join('') : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** the ink (near-black or white) with the higher WCAG contrast on this colour */
function readable(hex: string): string {
  const l = luminance(hex);
  return (l + 0.05) / (luminance('#111111') + 0.05) >= 1.05 / (l + 0.05) ? '#111111' : '#ffffff';
}

const CSS = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1b1b;background:var(--bg);min-height:100vh;padding:24px 12px}
main{max-width:680px;margin:0 auto;background:#fff;border-radius:12px;box-shadow:0 8px 30px rgba(0,0,0,.18);overflow:hidden}
header{background:var(--head);color:var(--head-ink);padding:24px 28px}header h1{margin:0 0 4px;font-size:1.6rem;overflow-wrap:anywhere}header p{margin:0}
form,.body{padding:20px 28px 28px}.field{margin:0 0 24px;border:0;padding:0;min-width:0}.field>label:not(.choice),.field>legend{display:block;font-weight:600;margin-bottom:6px;padding:0}
.req{color:#b00020;margin-left:2px}.hint{color:#555;font-size:.9rem;margin:2px 0 6px}
.vh{position:absolute!important;width:1px;height:1px;margin:0;padding:0;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;border:0}
input[type=text],input[type=email],input[type=tel],input[type=number],input[type=date],input[type=time],textarea,select{width:100%;min-height:48px;padding:10px 12px;border:1px solid #767676;border-radius:8px;font:inherit;background:#fff;color:inherit}
textarea{min-height:110px}input:focus,textarea:focus,select:focus,button:focus,a:focus,.summary:focus{outline:3px solid #ffbf47;outline-offset:0}
input[type=file]{display:block;width:100%;min-height:48px;padding:8px;border:1px dashed #767676;border-radius:8px;font:inherit;background:#fafafa}
.parts{display:grid;grid-template-columns:1fr 1fr;gap:8px 12px}.parts label{font-size:.9rem;color:#444;display:block}
.choice{display:flex;gap:12px;align-items:center;min-height:48px;margin:0;padding:4px 8px;font-weight:400;border-radius:8px;cursor:pointer}
.choice:hover{background:#f3f3f3}.choice input{width:24px;height:24px;margin:0;flex:none}
.cell{display:flex;align-items:center;justify-content:center;min-width:48px;min-height:48px;cursor:pointer}.cell input{width:24px;height:24px;margin:0}
.kept{margin:0 0 8px}code{overflow-wrap:anywhere}.levels select{margin:0 0 8px}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #e3e3e3;padding:4px 6px;text-align:left}td.c,th.c{text-align:center;padding:0}
.error{color:#b00020;font-weight:600;margin:0 0 6px}.invalid{border-left:4px solid #b00020;padding-left:12px}
.invalid input:not([type=radio]):not([type=checkbox]),.invalid textarea,.invalid select{border:2px solid #b00020}
.summary{border:3px solid #b00020;background:#fff;border-radius:8px;padding:12px 16px;margin:0 0 24px}.summary h2{margin:0 0 4px;font-size:1.2rem}
.summary ul{margin:0;padding:0;list-style:none}.summary li{margin:0}.summary a{display:block;min-height:44px;padding:10px 0;color:#b00020;font-weight:600;text-decoration:underline}
button{display:block;width:100%;min-height:48px;background:var(--btn);color:var(--btn-ink);border:0;border-radius:8px;padding:12px 22px;font:600 1.05rem system-ui,sans-serif;cursor:pointer}
.timer{background:#fff7d6;border:1px solid #e6c300;border-radius:8px;padding:8px 12px;margin:0 0 16px}
.score{font-size:2.2rem;font-weight:700;margin:0}.passed{color:#0b7a2a}.failed{color:#b00020}
.result{padding-left:1.4em}.result li{margin:10px 0}.ok{color:#0b6b25}.ko{color:#b00020}
footer{color:var(--bg-ink);text-align:center;font-size:.85rem;margin-top:14px}
@media (max-width:480px){body{padding:12px 8px}header{padding:18px 16px}form,.body{padding:16px}.parts{grid-template-columns:1fr}}
@media (min-width:560px){button{width:auto;min-width:160px}}
`;

export interface PageTheme {
  background: string;
  /** the colour the ink on the background is chosen against */
  backgroundBase: string;
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
  return { background, backgroundBase: c1, header, button };
}

/** The whole HTML document around a page body, its own words in `words`, its content in `lang`. */
export function documentOf(title: string, theme: PageTheme, body: string, words: PageWords, lang = words.lang): string {
  const vars = `--bg:${theme.background};--bg-ink:${readable(theme.backgroundBase)};--head:${theme.header};--head-ink:${readable(theme.header)};--btn:${theme.button};--btn-ink:${readable(theme.button)}`;
  return `<!doctype html><html lang="${esc(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>:root{${vars}}${CSS}</style></head><body>${body}<footer>${esc(words.footer)}</footer></body></html>`;
}

export const DEFAULT_THEME: PageTheme = { background: '#4a5568', backgroundBase: '#4a5568', header: '#2d3748', button: '#2d3748' };

/** The language of the form's content: its locale when it is a language tag, else its page words'. */
export function langOf(doc: FormDoc, words: PageWords): string {
  return typeof doc.locale === 'string' && /^[a-z]{2}(-[A-Za-z]{2})?$/.test(doc.locale) ? doc.locale : words.lang;
}

// the error summary takes focus (autofocus does without script); the cascade of multipleLevelSelect:
// one select per level, built from the no-script select of paths; the quiz countdown
const SCRIPT_BODY = `
var summary=document.querySelector('.summary');if(summary)summary.focus();
document.querySelectorAll('select.cascade').forEach(function(sel){
  var sep=sel.dataset.sep,word=sel.dataset.word,choose=sel.options[0].textContent,paths=[].slice.call(sel.options).map(function(o){return o.value}).filter(Boolean);
  var label=sel.closest('.field').querySelector('label').firstChild.textContent,fid=sel.id;
  var box=document.createElement('div');box.className='levels';sel.hidden=true;sel.removeAttribute('id');sel.after(box);
  function render(prefix){
    box.innerHTML='';var parts=prefix?prefix.split(sep):[];
    for(var level=0;level<=parts.length;level++){
      var head=parts.slice(0,level).join(sep),seen={},opts=[];
      paths.forEach(function(p){if(level&&p.indexOf(head+sep)!==0)return;var next=p.split(sep)[level];if(next!==undefined&&!seen[next]){seen[next]=1;opts.push(next)}});
      if(!opts.length)break;
      var s=document.createElement('select');s.setAttribute('aria-label',label+' '+word+' '+(level+1));s.dataset.level=level;if(!level)s.id=fid;
      s.innerHTML='<option value=""></option>'+opts.map(function(o){return '<option>'+o.replace(/&/g,'&amp;').replace(/</g,'&lt;')+'</option>'}).join('');s.options[0].textContent=choose;
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
  errors?: PageErrors;
  /** files kept from the try before, and the token that claims them on the next submit */
  kept?: KeptFiles;
  pendingToken?: string;
  /** quiz time limit in seconds, when enabled */
  timeLimit?: number;
}

/**
 * The GOV.UK error summary: first on the page, focused on load, a link to each field's first control;
 * what concerns the whole submit first, then the fields in the form's order.
 */
function errorSummary(doc: FormDoc, errors: PageErrors, words: PageWords): string {
  const fields = doc.fields.filter((f) => errors[f.key]);
  const others = Object.keys(errors).filter((k) => !fields.some((f) => f.key === k));
  const items = [
    ...others.map((k) => `<li>${esc(errorText(words, errors[k]!, undefined))}</li>`),
    ...fields.map((f) => `<li><a href="#${esc(firstControlId(f))}">${esc(errorText(words, errors[f.key]!, f))}</a></li>`),
  ];
  return `<div class="summary" role="alert" tabindex="-1" autofocus aria-labelledby="summary-title"><h2 id="summary-title">${esc(words.errorSummary)}</h2><ul>${items.join('')}</ul></div>`;
}

export function formPage(p: FormPageInput): string {
  const { doc } = p;
  const words = wordsFor(doc.locale);
  const errors = p.errors ?? {};
  const summary = Object.keys(errors).length ? errorSummary(doc, errors, words) : '';
  const minutes = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  const timer = p.timeLimit ? `<p class="timer" data-deadline="${p.startedMs + p.timeLimit * 1000}">${esc(words.timeLimit(Math.round(p.timeLimit / 60)))} ${esc(words.timeLeft)} <b>${minutes(p.timeLimit)}</b></p>` : '';
  // one budget of cascade paths for the whole page (controls.ts cascadePaths)
  const cascades = { chars: CASCADE_LIMITS.paths };
  const ctx = (key: string) => ({ posted: p.posted ?? new Map(), words, error: errors[key], kept: p.kept?.get(key) ?? [], cascades });
  const fields = doc.fields.map((f) => fieldHtml(f, ctx(f.key))).join('');
  const pending = p.pendingToken ? `<input type="hidden" name="_pending" value="${esc(p.pendingToken)}">` : '';
  const body = `<main><header><h1>${esc(doc.title)}</h1>${doc.shortText ? `<p>${esc(doc.shortText)}</p>` : ''}</header>
<form method="post" action="/s/${esc(p.qrId)}" enctype="multipart/form-data" novalidate>${summary}${timer}
<input type="hidden" name="_scan" value="${p.scanId}">${pending}
${fields}<button type="submit">${esc(words.submit)}</button></form></main>${SCRIPT}`;
  // GOV.UK: the title says there is an error, the first thing a screen reader reads of the page
  const title = summary ? `${words.errorPrefix} ${doc.title}` : doc.title;
  return documentOf(title, themeOf(doc), body, words, langOf(doc, words));
}

/**
 * "Not available" pages: unknown (404), archived (410), blocked (403), unreadable (400, 413), throttled
 * (429); `detail` is the reader's own (English) reason, shown as a diagnostic like the status.
 */
export function unavailablePage(status: number, words: PageWords, message: string, detail?: string): string {
  const why = detail ? `<p class="hint"><code>${esc(detail)}</code></p>` : '';
  return documentOf(words.unavailable.title, DEFAULT_THEME, `<main><header><h1>${esc(words.unavailable.title)}</h1></header><div class="body"><p>${esc(message)}</p>${why}<p>HTTP ${status}</p></div></main>`, words);
}
