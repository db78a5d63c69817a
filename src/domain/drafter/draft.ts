import type { FieldType } from '../fieldTypes.js';

// The sandbox's form drafter (spec §4.7 AI builder): no model and no network, a reading of the prompt
// by vocabulary. Deterministic: the same prompt gives the same draft. README "Sandbox assumptions"
// lists what it understands and its limits.

export interface DraftField {
  type: FieldType;
  option: Record<string, unknown>;
  quizConfig?: { points: number; correctAnswers: string[] };
}

export interface Draft {
  title: string;
  shortText: string;
  locale: string;
  fields: DraftField[];
  isQuiz?: boolean;
  quizConfig?: Record<string, unknown>;
}

export class DraftError extends Error {}

const cap = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);
const slug = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'option';
export const choices = (names: string[]) => names.map((n) => ({ name: n, value: slug(n) }));

// ── language ─────────────────────────────────────────────────────────────────
const STOPWORDS: Record<string, string[]> = {
  en: ['the', 'and', 'for', 'with', 'your', 'a', 'of', 'to', 'form', 'their'],
  fr: ['le', 'la', 'les', 'et', 'pour', 'avec', 'votre', 'des', 'une', 'formulaire', 'du', 'au', 'courriel'],
  es: ['el', 'los', 'las', 'para', 'con', 'su', 'una', 'formulario', 'del', 'correo'],
  de: ['der', 'die', 'das', 'und', 'für', 'mit', 'ihr', 'ein', 'eine', 'formular', 'anmeldeformular', 'bitte'],
  it: ['il', 'lo', 'per', 'con', 'una', 'modulo', 'della', 'nel'],
  pt: ['os', 'para', 'com', 'um', 'uma', 'formulário', 'não', 'você'],
  nl: ['het', 'voor', 'met', 'een', 'formulier', 'van'],
};

/** The prompt's language by stop words; English when it cannot tell. */
export function detectLocale(text: string): string {
  const words = text.toLowerCase().split(/[^\p{L}]+/u).filter(Boolean);
  let best = 'en';
  let bestScore = 0;
  for (const [lang, list] of Object.entries(STOPWORDS)) {
    const score = words.filter((w) => list.includes(w)).length;
    if (score > bestScore || (score === bestScore && lang === 'en')) [best, bestScore] = [lang, score];
  }
  // another language only when its words clearly outnumber English ones
  const en = words.filter((w) => STOPWORDS.en!.includes(w)).length;
  return bestScore === 0 || best === 'en' || bestScore <= en ? 'en' : best;
}

// ── clauses → fields ────────────────────────────────────────────────────────
interface Rule {
  test: RegExp;
  make(m: RegExpMatchArray, clause: string): DraftField;
  /** required unless the clause says optional */
  required?: boolean;
}

const f = (type: FieldType, label: string, extra: Record<string, unknown> = {}): DraftField => ({ type, option: { label, ...extra } });

/** A label from the clause's own words, without filler ("a field for", "their", "please enter"). */
function labelFrom(clause: string, fallback: string): string {
  const cleaned = clause
    .replace(/\((?:optional|required|mandatory)\)/gi, '')
    .replace(/\b(please|enter|provide|give|ask for|ask|asking|collect|include|add|a field for|field for|fields? for|field|we need|i need|need|must|should|required|mandatory|optional|an?|the|their|your|his|her|its|our|upload( of)?|attach(ment)?|a way to|to)\b/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const words = cleaned.split(' ').filter(Boolean);
  return words.length && words.length <= 6 ? cap(words.join(' ')) : fallback;
}

/** "parent name" → "Parent name"; a bare "name" keeps the default */
function qualified(clause: string, fallback: string): string {
  const label = labelFrom(clause.replace(/\b(nom|nombre|courriel|correo|téléphone|teléfono|telefon)\b/gi, fallback.toLowerCase()), fallback);
  return label.toLowerCase() === fallback.toLowerCase() || label.split(' ').length > 3 ? fallback : label;
}

const RULES: Rule[] = [
  { test: /\b(date of birth|birth ?date|birthday|dob)\b/i, make: () => f('calendar', 'Date of birth') },
  { test: /\b(e-?mail|courriel|correo)\b/i, make: () => f('email', 'E-mail'), required: true },
  { test: /\b(phone|mobile|telephone|cell|téléphone|teléfono|telefon)\b/i, make: (_m, c) => f('phone', qualified(c, 'Phone')) },
  { test: /\b(?:(postal|mailing|home|delivery|billing|street) )?address\b|\badresse\b|\bdirección\b/i, make: (m) => f('address', m[1] ? `${cap(m[1])} address` : 'Address') },
  { test: /\b(gender|sex)\b/i, make: () => f('gender', 'Gender', { options: choices(['Female', 'Male', 'Other', 'Prefer not to say']) }) },
  { test: /\b(sign(?:ature)?|signed|sign the|sign off)\b/i, make: (_m, c) => f('signature', /signature/i.test(c) ? qualified(c, 'Signature') : 'Signature') },
  { test: /\b(cover letter|motivation letter)\b/i, make: (m) => f('longText', cap(m[1]!.toLowerCase())) },
  { test: /\b(steps to reproduce|essay|statement)\b/i, make: (m) => f('longText', cap(m[1]!.toLowerCase())) },
  { test: /\b(photo|picture|image|selfie|headshot|screenshot)s?\b/i, make: (m, c) => f('picture', labelFrom(c, 'Photo').replace(/^(Photo|Picture|Image)s?$/i, cap(m[1]!))) },
  { test: /\b(cv|résumé|resume|document|pdf|file|transcript|certificate|letter|id card|passport scan)s?\b/i, make: (m, c) => f('document', /cv|r[ée]sum[ée]/i.test(m[1]!) ? 'CV' : labelFrom(c, 'Document')) },
  { test: /\b(video)s?\b/i, make: (_m, c) => f('video', labelFrom(c, 'Video')) },
  { test: /\b(audio|voice (?:note|message|recording)|recording)\b/i, make: () => f('audio', 'Voice note') },
  { test: /\b(location|gps|coordinates|where (?:are )?you (?:are|live|come from))\b/i, make: () => f('location', 'Location') },
  { test: /\b(?:what )?time\b|\bwhat hour\b/i, make: (_m, c) => f('time', labelFrom(c, 'Time')) },
  { test: /\b(date|day|when)\b/i, make: (_m, c) => f('calendar', labelFrom(c, 'Date')) },
  { test: /\b(how many|number of|quantity|amount|budget|price|cost|age|guests|headcount|years of experience|gpa)\b/i, make: (_m, c) => f('number', labelFrom(c, 'Number').replace(/^How many/i, 'Number of')) },
  { test: /\b(feedback|comments?|suggestions?|message|notes?|anything else|tell us|describe|description|why|cover letter|motivation|bio)\b/i, make: (_m, c) => f('longText', labelFrom(c, 'Comments')) },
  { test: /\b(company|organi[sz]ation|employer|school|university)\b/i, make: (m) => f('shortText', cap(m[1]!.toLowerCase())) },
  { test: /\b(full name|first and last name|name|nom|nombre)\b/i, make: (m, c) => f('name', /full|first and last/i.test(m[1]!) ? 'Full name' : qualified(c, 'Name')), required: true },
];

/** "rate (it|the food) 1 to 5" → a radio of the scale */
function rating(clause: string): DraftField | undefined {
  const m = /\b(?:rate|rating|score)\b(?:\s+(?:of\s+)?(?:the\s+)?([a-z][\w\s-]*?))?\s*(?:from\s+)?(\d{1,2})\s*(?:to|-|–|through)\s*(\d{1,2})\b/i.exec(clause);
  if (!m) return undefined;
  const [lo, hi] = [Number(m[2]), Number(m[3])];
  if (hi <= lo || hi - lo > 10) return undefined;
  const what = m[1]?.trim().replace(/\b(on a scale( of)?|scale|stars?|from|out of|between)\b/gi, '').trim();
  return f('radio', what ? `Rate ${what}` : 'Rating', { options: choices(Array.from({ length: hi - lo + 1 }, (_, i) => String(lo + i))) });
}

/** a choice list whose items name no fields ("size S, M or L", not "name, e-mail and phone") */
function listOfChoices(text: string): DraftField | undefined {
  const field = choiceList(text);
  if (!field) return undefined;
  const names = (field.option.options as Array<{ name: string }>).map((o) => o.name);
  return names.every(isChoiceItem) ? field : undefined;
}

/** "T-shirt size S, M, L or XL" → radio; "pick any of a, b and c" → checkbox */
function choiceList(clause: string): DraftField | undefined {
  const t = clause.trim().replace(/[?.!]$/, '');
  const OR = /\s+(?:or|and|ou|o|oder)\s+/i;
  const segs = t.split(/\s*,\s*/).filter(Boolean);
  let firstPart: string;
  let rest: string[];
  if (segs.length === 1) {
    const m = /^(.*)\s+(?:or|and|ou|o|oder)\s+(.+)$/i.exec(t);
    if (!m) return undefined;
    [firstPart, rest] = [m[1]!, [m[2]!]];
  } else {
    const last = segs[segs.length - 1]!.replace(/^(?:or|and)\s+/i, '').split(OR);
    if (last.length < 2 && !/^(?:or|and)\s/i.test(segs[segs.length - 1]!)) return undefined;
    [firstPart, rest] = [segs[0]!, [...segs.slice(1, -1), ...last]];
  }
  rest = rest.map((r) => r.trim()).filter(Boolean);
  if (!rest.length) return undefined;
  let head: string;
  let first: string;
  const intro = /^(.*?)(?::|\bof\b|\bbetween\b|\beither\b)\s*(.+)$/i.exec(firstPart);
  if (intro) [head, first] = [intro[1]!, intro[2]!];
  else {
    const words = firstPart.trim().split(/\s+/);
    const n = Math.max(1, Math.min(...rest.map((r) => r.split(/\s+/).length)));
    if (words.length <= n) return undefined; // no label before the first choice
    [head, first] = [words.slice(0, -n).join(' '), words.slice(-n).join(' ')];
  }
  const items = [first.trim(), ...rest];
  if (items.length < 2 || items.some((i) => !i || i.split(/\s+/).length > 4)) return undefined;
  const many = /\b(pick|choose|select|tick|check)\s+(?:any|all|several|multiple)\b|\bany\b|\bmultiple\b|\ball that apply\b/i.test(firstPart);
  const label = labelFrom(head.replace(/\b(pick|choose|select|tick|check)\b|\b(?:any|all|one|several|multiple)\b|\ball that apply\b/gi, ' '), many ? 'Choices' : 'Choice');
  return f(many ? 'checkbox' : 'radio', label, { options: choices(items.map((i) => cap(i))) });
}

/** "rate each of food, service and price" / "checklist: visa, hotel" → sheet / checkList rows */
function matrix(clause: string): DraftField | undefined {
  const m = /\b(?:rate|score|grade)\s+each\s+of\s+(.+)$|\b(?:matrix|grid|table)\s+(?:of|for|with)\s+(.+)$|\bchecklist\s*(?:of|for|:)?\s+(.+)$/i.exec(clause);
  if (!m) return undefined;
  const rows = (m[1] ?? m[2] ?? m[3]!).split(/\s*,\s*|\s+and\s+/i).map((s) => cap(s.trim())).filter(Boolean);
  if (rows.length < 2) return undefined;
  return m[3] ? f('checkList', 'Checklist', { rowLabels: rows }) : f('sheet', m[1] ? 'Ratings' : 'Details', { rowLabels: rows });
}

function agreement(clause: string): DraftField | undefined {
  if (!/\b(agree|consent|accept|acknowledge)\b|\b(terms|conditions|privacy policy|waiver|gdpr)\b/i.test(clause)) return undefined;
  const what = /\b(terms(?: and conditions)?|privacy policy|waiver|rules|code of conduct)\b/i.exec(clause)?.[1];
  const own = /\b(agree|consent|accept)\s+(to\s+.+)$/i.exec(clause.trim())?.[2];
  const text = what ? `I agree to the ${what.toLowerCase()}` : own ? `I agree ${own.replace(/[.!]$/, '')}` : 'I agree';
  return f('checkbox', 'Agreement', { options: choices([text]), required: true });
}

function yesNo(clause: string): DraftField | undefined {
  const q = clause.trim();
  if (!/\byes\s*\/\s*no\b|\byes or no\b/i.test(q) && !/^(do|does|did|are|is|was|will|would|have|has|can|could|should)\b.*\?$/i.test(q)) return undefined;
  const label = cap(q.replace(/\(?\byes\s*(?:\/|or)\s*no\b\)?/i, '').trim().replace(/^(ask|asking)\s+(if|whether)\s+/i, '').replace(/^(an?\s+)?question:?\s+/i, '').trim().replace(/\s*\?*$/, '?'));
  return f('radio', label, { options: choices(['Yes', 'No']) });
}

function requiredness(clause: string, rule?: Rule): boolean | undefined {
  if (/\b(optional(ly)?|if any|not required|may)\b/i.test(clause)) return false;
  if (/\b(must|required|mandatory|compulsory|obligatory)\b/i.test(clause)) return true;
  return rule?.required;
}

/** One clause → fields (a clause like "name and e-mail" gives two). */
export function fieldsOf(clause: string, special = true): DraftField[] {
  const text = clause.trim().replace(/^(and|also|plus|then|with|et|y|und)\s+/i, '');
  if (!text) return [];
  const found = special ? (matrix(text) ?? rating(text) ?? agreement(text) ?? yesNo(text) ?? listOfChoices(text)) : undefined;
  if (found) {
    const special = found;
    const r = requiredness(text);
    if (r !== undefined) special.option.required = r;
    return [special];
  }
  // "name, e-mail and phone" inside one clause: each part
  const parts = text.split(/\s+(?:and|et|y|und)\s+|\s*&\s*/i);
  if (parts.length > 1) {
    const each = parts.map((p) => fieldsOf(p, special));
    if (each.every((e) => e.length)) return each.flat();
  }
  for (const rule of RULES) {
    const m = text.match(rule.test);
    if (!m) continue;
    const field = rule.make(m, text);
    const r = requiredness(text, rule);
    if (r) field.option.required = true;
    return [field];
  }
  // an unknown noun phrase of a few words: a short text field with that label
  if (special && /\?$/.test(text) && text.split(/\s+/).length <= 12) {
    const field = f('longText', cap(text));
    if (requiredness(text)) field.option.required = true;
    return [field];
  }
  const label = labelFrom(text, '');
  if (special && label && label.split(' ').length <= 4 && !/\b(form|survey|questionnaire|quiz|please|we|i|create|make|build|all|fields)\b/i.test(label)) {
    const field = f('shortText', label);
    if (requiredness(text)) field.option.required = true;
    return [field];
  }
  return [];
}

// ── quizzes ──────────────────────────────────────────────────────────────────
/** "quiz: capital of France? Paris; 2+2? 4" → scored fields with their correct answers */
function quizQuestions(text: string): DraftField[] | undefined {
  const at = /\bquiz\b[^:]*:\s*(.+)$/is.exec(text);
  if (!at) return undefined;
  const fields: DraftField[] = [];
  for (const part of at[1]!.split(/\s*;\s*|\n+/)) {
    const m = /^(.+?\?)\s*(.+)$/.exec(part.trim());
    if (!m) continue;
    const question = cap(m[1]!.trim());
    let answer = m[2]!.trim().replace(/[.!]$/, '');
    const opts = /^(.+?)\s*\((?:options?|choices?):?\s*(.+)\)$/i.exec(answer);
    if (opts) {
      answer = opts[1]!.trim();
      const names = opts[2]!.split(/\s*[,/|]\s*|\s+or\s+/i).filter(Boolean);
      if (!names.some((n) => n.toLowerCase() === answer.toLowerCase())) names.push(answer);
      fields.push({ type: 'radio', option: { label: question, options: choices(names), required: true }, quizConfig: { points: 1, correctAnswers: [slug(answer)] } });
    } else if (/^-?\d+(\.\d+)?$/.test(answer)) {
      fields.push({ type: 'number', option: { label: question, required: true }, quizConfig: { points: 1, correctAnswers: [answer] } });
    } else {
      fields.push({ type: 'shortText', option: { label: question, required: true }, quizConfig: { points: 1, correctAnswers: [answer] } });
    }
  }
  return fields.length ? fields : undefined;
}

// ── title ────────────────────────────────────────────────────────────────────
const KINDS = /\b(registration|sign-?up|application|survey|feedback|quiz|questionnaire|order|booking|rsvp|enrol?ment|request|check-?in|contact)\b/i;

function titleOf(text: string): string {
  const first = text.split(/[.:;\n]/)[0]!.trim();
  const forWhat = /\b(?:form|survey|quiz|questionnaire|page)\s+(?:for|about|to)\s+(?:an?\s+|the\s+|our\s+|my\s+)?([^,]+?)(?:\s+(?:with|asking|that|which|where|including)\b|,|$)/i.exec(first)?.[1];
  const kind = KINDS.exec(first)?.[1];
  let title = forWhat ? `${cap(forWhat.trim())}${kind && !new RegExp(kind, 'i').test(forWhat) ? ` ${kind.toLowerCase()}` : ''}` : '';
  if (!title) {
    title = first.replace(/^(please\s+)?(create|make|build|draft|design|generate|i need|we need|i want|give me)\s+/i, '').replace(/^(an?|the)\s+/i, '').replace(/\s+(with|asking|that|which|including|avec|con|mit|com|met)\b.*$/i, '');
    title = cap(title.trim());
  }
  return (title || 'New form').slice(0, 80);
}

const AND = /\s+(?:and|et|y|und|e|en)\s+/i;
const INTRO = /(?:\bwith\b|\basking(?: for)?\b|\bthat asks(?: for)?\b|\bincluding\b|\bfields?\b|\bavec\b|\bcon\b|\bmit\b|\bcom\b|\bmet\b|:)\s*(.+)$/i;

/** a short word or two that names no field: a choice, not a question */
function isChoiceItem(item: string): boolean {
  const words = item.trim().split(/\s+/);
  if (!item.trim() || words.length > 4) return false;
  const found = fieldsOf(item, false);
  return found.length === 0 || (found.length === 1 && found[0]!.type === 'shortText');
}

/** A segment's clauses: split at commas, except where a choice list, a matrix or a checklist runs on. */
function clausesOf(segment: string): string[] {
  // "e-mail and T-shirt size S, M or L": a field named before "and" is a clause of its own
  const rows = /\b(?:rate|score|grade)\s+each\s+of\b|\b(?:matrix|grid|table)\s+(?:of|for|with)\b|\bchecklist\b/i.test(segment);
  const parts = segment.split(/\s*,\s*/).filter(Boolean).flatMap((p) => {
    const m = rows ? null : /^(.+?)\s+(?:and|et|y|und)\s+(.+)$/i.exec(p);
    if (!m) return [p];
    const left = fieldsOf(m[1]!, false);
    return left.length === 1 && left[0]!.type !== 'shortText' ? [m[1]!, m[2]!] : [p];
  });
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (/\b(?:rate|score|grade)\s+each\s+of\b|\b(?:matrix|grid|table)\s+(?:of|for|with)\b|\bchecklist\b/i.test(parts[i]!)) {
      // the rows run on to the part that ends them with "and"
      let j = i;
      while (j + 1 < parts.length && !AND.test(parts[j]!) && parts[j + 1]!.split(/\s+/).length <= 4) j++;
      out.push(parts.slice(i, j + 1).join(', '));
      i = j;
      continue;
    }
    let merged = false;
    // a choice list starts with its label and first choice ("T-shirt size S"): never a field of its own
    const head = fieldsOf(parts[i]!.replace(/^[^:]*:\s*/, (x) => x), false);
    const labelled = parts[i]!.includes(':') && fieldsOf(parts[i]!.split(':')[0]!, false).every((x) => x.type === 'shortText');
    if (labelled || head.length === 0 || (head.length === 1 && head[0]!.type === 'shortText')) {
      for (let j = i + 1; j < parts.length; j++) {
        if (parts[j]!.includes(':') || !isChoiceItem(parts[j]!.split(/\s+(?:or|and|ou|o|oder)\s+/i)[0]!)) break;
        if (!/\s(?:or|and|ou|o|oder)\s/i.test(parts[j]!)) continue;
        const tail = parts.slice(i + 1, j + 1).flatMap((p) => p.split(/\s+(?:or|and|ou|o|oder)\s+/i));
        const candidate = parts.slice(i, j + 1).join(', ');
        if (tail.every(isChoiceItem) && choiceList(candidate)) {
          out.push(candidate);
          i = j;
          merged = true;
        }
        break;
      }
    }
    if (!merged) out.push(parts[i]!);
  }
  return out;
}

/** spec §4.7: a draft from a prompt. Throws DraftError when nothing in it names a field. */
export function draftFromPrompt(prompt: string): Draft {
  const text = prompt.replace(/\s+/g, ' ').trim();
  const locale = detectLocale(text);
  const quiz = quizQuestions(prompt);
  const body = quiz ? text.replace(/\bquiz\b[^:]*:.+$/i, '') : text;
  const fields: DraftField[] = [];
  const segments = body.split(/\s*[;.]\s+|\s*[;.]$|(?<=\?)\s+(?=[a-z])/i).filter(Boolean);
  segments.forEach((segment, n) => {
    // the first sentence lists its fields after "with"/"asking for"/":"; later sentences are field lists
    if (/\b(?:(?:all|every)\s+(?:fields?\s+|questions?\s+)?(?:are\s+)?|everything\s+(?:is\s+)?)(?:required|mandatory)\b/i.test(segment)) return;
    const listPart = INTRO.exec(segment)?.[1] ?? segment.replace(/^.*?\b(?:collect|ask for|asks for|record|capture)\b\s*/i, '');
    void n;
    for (const c of clausesOf(listPart)) {
      if (/\b(all|every)\b.*\b(required|mandatory)\b/i.test(c)) continue;
      for (const field of fieldsOf(c)) {
        const last = fields[fields.length - 1];
        if (field.type === 'radio' && field.option.label === 'Rating' && last?.type === 'longText' && /\?$/.test(String(last.option.label))) {
          fields[fields.length - 1] = { ...field, option: { ...field.option, label: last.option.label } };
          continue;
        }
        if (!fields.some((x) => x.type === field.type && x.option.label === field.option.label)) fields.push(field);
      }
    }
  });
  if (quiz) fields.push(...quiz);
  const everything = /\b(?:(?:all|every)\s+(?:fields?\s+|questions?\s+)?(?:are\s+)?|everything\s+(?:is\s+)?)(?:required|mandatory)\b/i.test(text);
  if (everything) for (const x of fields) if (x.type !== 'title' && x.type !== 'description') x.option.required = true;
  if (!fields.length) throw new DraftError('The prompt names no field the drafter knows: mention what to ask, e.g. "name, e-mail, phone (optional), T-shirt size S, M or L, a photo"');
  const title = titleOf(text);
  const draft: Draft = { title, shortText: shortTextOf(title, quiz !== undefined), locale, fields };
  if (quiz) {
    draft.isQuiz = true;
    draft.quizConfig = { showFinalScore: true, showAnswersResults: true };
  }
  return draft;
}

function shortTextOf(title: string, quiz: boolean): string {
  return quiz ? `Answer the questions of ${title.toLowerCase().startsWith('the ') ? title : `the ${title}`}.` : 'Please fill in the form below.';
}

export { cap, slug };
