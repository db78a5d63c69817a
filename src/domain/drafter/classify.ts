import type { FieldType } from '../fieldTypes.js';
import { YES_NO, type Concept } from './concepts.js';
import { WEEKDAYS, PHRASES } from './language.js';
import { conceptById, conceptsIn, isCompound, isKindWord } from './lexicon.js';
import { conceptField } from './fieldsOfKind.js';
import { HEAD_NOUNS, isKindPhrase, stripFiller, tokensOf } from './pieces.js';
import { runOf, type RunPart } from './runs.js';
import type { Special } from './specials.js';
import { cap, choices, codesOf, fold, isCode } from './text.js';
import type { DraftField, Locale, Made } from './types.js';
import type { Unit } from './units.js';
import { ASKS_YES_NO, IF_START, QUESTION_START } from './questionWords.js';
import { namesSeveral, wordsAfter } from './choiceWords.js';
import { namedOtherwise, namesAThing } from './labels.js';

// A unit → its field: choices written out make a radio (one) or a checkbox (several); "rate each"
// rows a checkList; a value per row a sheet; "then" a cascade; a question by its first word; else
// the concept its words name, or a short text labelled as written.


const ROWS_RATE = /\b(rate|rating|score|grade|evaluate|assess|check|note[zs]?|[ée]valuez|califica|calificar|eval[úu]a|bewerte[nt]?|beurteile|avali[ae]r?)\b.*\b(each|every|all|chaque|cada|jede[nrs]?|alle)\b|\bcheck ?list\b|\bcheck each\b|\bliste de contr[ôo]le\b|\bchecklist[ea]?\b/iu;
const ROWS_VALUE = /\b(hours?|heures?|horas?|amount|value|quantity|score)\b|stunden/iu;
const YESNO_START = /^(do|does|did|are|is|was|were|will|would|have|has|had|can|could|should|shall|may|est-ce|avez-vous|[êe]tes-vous|venez-vous|serez-vous|pouvez-vous|¿?(?:tienes|tiene|eres|es|est[áa]s?|vienes|vas|puedes|necesitas|hay)|kommst|kommen|hast|haben|bist|sind|ist|kannst|k[öo]nnen|brauchst|brauchen|voc[êe]|tem|pode|vai|vem)\b/iu;
const WHO_IF = /^(?:people|them|guests|customers|users|attendees|staff|les gens|la gente|die leute|as pessoas)\s+(?=if|whether|si|ob|se)/iu;

const field = (type: FieldType, label: string, extra: Record<string, unknown> = {}): DraftField => ({ type, option: { label, ...extra } });
const named = (names: string[]) => choices(names.map((n) => cap(n.trim())));

/** "a photo of your id" → "Photo of your id"; nothing left → the fallback */
export function labelOf(head: string, fallback = ''): string {
  const cleaned = stripFiller(head).replace(/\s*[-–—]+$/, '').replace(/\s+(?:please|pls|field|box|question|upload)$/i, '').replace(/\s+(?:de|for|für|pour|para|por|from|von|du|des|del|of)$/iu, '').trim();
  return cap(cleaned) || fallback;
}

function marks(u: Unit): { many: boolean; one: boolean; required?: boolean } {
  const m = u.specials.filter((s): s is Special & { kind: 'mark' } => s.kind === 'mark').map((s) => s.mark);
  return { many: m.includes('many'), one: m.includes('one'), required: m.includes('optional') ? false : m.includes('required') ? true : undefined };
}

function cascade(levels: string[], locale: Locale): DraftField {
  const [a, b] = levels.map((l) => cap(l)) as [string, string];
  const geo = /^(countr|pays|pa[íi]s|land|estado|state|region|r[ée]gion)/i.test(fold(a));
  const tree = geo
    ? [{ name: 'France', value: 'france', options: choices(['Paris', 'Lyon']) }, { name: 'España', value: 'espana', options: choices(['Madrid', 'Barcelona']) }, { name: 'Deutschland', value: 'deutschland', options: choices(['Berlin', 'München']) }]
    : [1, 2].map((n) => ({ name: `${a} ${n}`, value: `${fold(a)}-${n}`, options: choices([`${b} ${n}.1`, `${b} ${n}.2`]) }));
  void locale;
  return field('multipleLevelSelect', `${a} / ${b}`, { options: tree, hint: geo ? undefined : `${a} → ${b}` });
}

function question(u: Unit, locale: Locale): Made | undefined {
  const q = u.head.replace(/^¿/, '¿');
  const plain = fold(q).replace(/^¿/, '');
  const hits = conceptsIn(tokensOf(q));
  if (/^(how are you|how is it going|what's up|comment [çc]a va|qu[ée] tal|c[óo]mo est[áa]s|wie geht|como vai|tudo bem)/.test(plain)) return undefined;
  // "how did you hear about us?", "how likely are you to recommend us?": a question with its usual choices
  const usual = hits.find((h) => h.start === 0 && h.concept.options && h.concept.type === 'radio' && h.concept.id !== 'rating');
  if (usual) return { field: field('radio', q, { options: choices(usual.concept.options!.map((o) => o[locale])) }), concept: usual.concept.id };
  if (/^(how many|how much|combien|cu[aá]nt[oa]s?|wie viele?|quant[oa]s?)\b/.test(plain)) return { field: field('number', q) };
  if (/^(what time|a quelle heure|a que hora|um wie viel uhr|que horas)\b/.test(plain)) return { field: field('time', q) };
  if (/^(when|quand|cuando|wann|quando)\b/.test(plain)) return { field: field('calendar', q), concept: 'date' };
  if (/^(where|ou |donde|wo |onde)/.test(plain)) return { field: field('location', q), concept: 'location' };
  const attend = hits.find((h) => h.concept.id === 'attend');
  if (((YESNO_START.test(plain) || ASKS_YES_NO.test(plain)) && !(locale === 'de' && /^was\b/.test(plain))) || attend) return { field: field('radio', q, { options: yesNo(locale) }), concept: attend ? 'attend' : undefined };
  const typed = hits.find((h) => !['longText', 'radio'].includes(h.concept.type) && h.concept.id !== 'date');
  if (typed && /^(what is your|what's your|your|quel est votre|cual es tu|wie ist ihr|qual e o seu)/.test(plain)) return { field: field(typed.concept.type, q), concept: typed.concept.id };
  return { field: field('longText', q) };
}

export const yesNo = (locale: Locale) => choices(YES_NO.map((o) => o[locale]));

function withOptions(u: Unit, label: string, concept: Concept | undefined, locale: Locale): Made {
  const { many, one } = marks(u);
  const names = u.options!.flatMap((o) => codesOf(o) ?? [o]);
  if (ROWS_RATE.test(u.head)) return { field: field('checkList', labelOf(u.head, PHRASES.checklist[locale]), { rowLabels: names.map(cap) }) };
  if (u.perRow || (ROWS_VALUE.test(u.head) && /\b(for|per|pour|par|para|por|für|pro)\b/iu.test(u.head))) return { field: field('sheet', label, { rowLabels: names.map(cap) }), concept: 'hours' };
  if (concept?.type === 'gender') return { field: field('gender', label, { options: named(names) }), concept: concept.id };
  return { field: field(many || (!one && !u.question && namesSeveral(u.head, locale)) ? 'checkbox' : 'radio', label, { options: named(names) }), concept: concept?.id };
}

const NAME_PART = /\b(?:first|last|given|family|sur|middle|pre)[ -]?name|\bprenom|\bapellidos?\b|\bnom de famille|vorname|nachname|familienname|sobrenome|primeiro nome|ultimo nome|nombre de pila/u;

/** The concept a unit's words name first, and whether the words say more than the concept's name. */
function conceptOf(head: string): { concept?: Concept; qualified: boolean } {
  const ts = tokensOf(head);
  const hits = conceptsIn(ts);
  if (!hits.length) return { qualified: true };
  const covered = hits.reduce((n, h) => n + h.end - h.start, 0);
  const words = ts.filter((t) => !/^(the|a|an|your|their|le|la|les|l'|el|los|las|der|die|das|o|a|os|as|of|de|du|des|del|von|do|da)$/.test(t.key));
  // "first name", "Vorname": a part of a name is labelled as written (a form asks for both parts)
  const part = hits.length === 1 && hits[0]!.concept.id === 'name' && NAME_PART.test(fold(head));
  const compound = hits.some((h) => isCompound(ts[h.start]!.key));
  return { concept: hits[0]!.concept, qualified: covered < words.length || hits.length > 1 || part || compound };
}

/** Fields of a unit (a run of concepts without commas, "name email phone", gives several). */
export function classify(u: Unit, locale: Locale): Made[] {
  const special = u.specials.find((s) => s.kind === 'cascade' || s.kind === 'week' || s.kind === 'range' || s.kind === 'yesno');
  const { required } = marks(u);
  const made = build(u, special, locale);
  for (const m of made) {
    const concept = m.concept ? conceptById(m.concept) : undefined;
    const r = required ?? concept?.required;
    if (r !== undefined && (required !== undefined || r)) m.field.option.required = r;
  }
  return made;
}

function build(u: Unit, special: Special | undefined, locale: Locale): Made[] {
  if (special?.kind === 'cascade') return [{ field: cascade(special.levels, locale) }];
  const run = u.question || ROWS_RATE.test(u.head) || ROWS_VALUE.test(u.head) ? undefined : runOf(u.head);
  if (run) return run.flatMap((part, k) => fieldsOfPart(part, k === run.length - 1 ? u : undefined, special, locale));
  const { concept, qualified } = conceptOf(u.head);
  const label = u.head && (qualified || !concept || namedOtherwise(u.head, concept, locale)) ? labelOf(u.head) : concept?.label[locale] ?? labelOf(u.head);
  if (special?.kind === 'week') {
    const rows = WEEKDAYS.slice(special.from, special.to + 1).map((d) => d[locale]);
    return [{ field: field(ROWS_VALUE.test(u.head) || !u.head ? 'sheet' : 'checkbox', label || PHRASES.hours[locale], ROWS_VALUE.test(u.head) || !u.head ? { rowLabels: rows } : { options: choices(rows) }), concept: 'hours' }];
  }
  // "e-mail (work)": words in parentheses after a field that takes no choices are its hint
  const chosen = marks(u);
  // "position (Sales / Marketing / Support)": a text field given choices takes them
  const textGivenChoices = concept?.type === 'shortText' && (u.options?.length ?? 0) >= 2 && !u.examples;
  if (u.options?.length && u.fromParen && !chosen.many && !chosen.one && concept && !concept.choosable && !concept.options && !textGivenChoices && !u.question && !ROWS_RATE.test(u.head) && !ROWS_VALUE.test(u.head)) {
    const made = conceptField(concept, label, locale);
    made.field.option.hint = u.options.join(', ');
    return [made];
  }
  if (u.options?.length) return [withOptions(u, (u.question ? u.head : label) || PHRASES.choice[locale], concept, locale)];
  if (special?.kind === 'range') {
    const names = Array.from({ length: special.hi - special.lo + 1 }, (_, i) => String(special.lo + i));
    return [{ field: field('radio', label && (qualified || concept?.id !== 'rating') ? label : PHRASES.rating[locale], { options: choices(names) }), concept: 'rating' }];
  }
  if (special?.kind === 'yesno') {
    const text = u.question ? u.head : cap(label.replace(WHO_IF, '').replace(IF_START, ''));
    return [{ field: field('radio', /\?$/.test(text) ? text : `${text}?`, { options: yesNo(locale) }), concept: concept?.id === 'attend' ? 'attend' : undefined }];
  }
  if (/^(number of|how many|nombre d[e']|n[úu]mero de|anzahl|quantidade de|cantidad de)\b/iu.test(u.head) && !special) return [{ field: field('number', labelOf(u.head)), concept: conceptOf(u.head).concept?.type === 'number' ? conceptOf(u.head).concept!.id : undefined }];
  if (u.question || QUESTION_START.test(fold(u.head)) || ASKS_YES_NO.test(fold(u.head))) {
    const asked = question({ ...u, head: u.question ? u.head : `${cap(u.head)}?` }, locale);
    return asked ? [asked] : [];
  }
  if (/^(tell (?:us|me)|let us know|explain|describe|dites-nous|expliquez|cu[ée]ntanos|expl[ií]canos|erz[äa]hlen sie|beschreiben sie|conte-nos|explique)\b/iu.test(u.head)) return [{ field: field('longText', labelOf(u.head)), concept: 'comments' }];
  const codes = codesAfter(u.head) ?? wordsAfter(u.head);
  if (codes) return [withOptions({ ...u, head: codes.head, options: codes.codes }, codes.label ?? concept!.label[locale], concept, locale)];
  if (concept?.id === 'name' && namesAThing(u.head)) return [{ field: field('shortText', label) }];
  if (concept) return [conceptField(concept, label, locale)];
  if (IF_START.test(u.head.replace(WHO_IF, ''))) return [{ field: field('radio', `${cap(u.head.replace(IF_START, ''))}?`, { options: yesNo(locale) }) }];
  return unknown(u.head);
}

/** "tshirt size XS S M L XL", "time slot 3pm 4pm 5pm": the codes written after what they choose */
function codesAfter(head: string): { head: string; codes: string[]; label?: string } | undefined {
  const ws = head.trim().split(/\s+/);
  let at = ws.length;
  while (at > 0 && isCode(ws[at - 1]!)) at--;
  const codes = codesOf(ws.slice(at).join(' '));
  const rest = ws.slice(0, at).join(' ');
  if (!codes || !rest) return undefined;
  const { concept: named, qualified } = conceptOf(rest);
  if (!named && !HEAD_NOUNS.test(ws[at - 1]!)) return undefined;
  return { head: rest, codes: codes.map((c) => (/\d/.test(c) ? c : c.toUpperCase())), label: named && !qualified ? undefined : labelOf(rest) };
}

/** one field of a run; the last takes the unit's choices and marks */
function fieldsOfPart(part: RunPart, unit: Unit | undefined, special: Special | undefined, locale: Locale): Made[] {
  const made = build(unit ? { ...unit, head: part.text } : { head: part.text, specials: [], question: false }, unit ? special : undefined, locale);
  if (part.twice) for (const m of made) m.field.option.label = labelOf(part.text);
  return made;
}

/** a phrase no concept names: a short text labelled as written, when it reads like a field */
function unknown(head: string): Made[] {
  const words = head.split(/\s+/).filter(Boolean);
  if (!words.length || words.length > 5 || isKindPhrase(head)) return [];
  if (/^(le|la|les|el|los|las|the|der|die|das|un|une|una|um|uma)\s/iu.test(head) && words.length > 1) return [];
  if (/\b(make|create|build|put together|set up|something|anything|form)\b/i.test(head)) return [];
  if (/^(hello|hi|hey|good (?:morning|afternoon|evening)|thanks|thank you|bonjour|salut|merci|hola|gracias|hallo|danke|ol[áa]|obrigad[oa])\b/iu.test(head)) return [];
  const ts = tokensOf(head);
  if (ts.length > 1 && ts.every((t) => isKindWord(t.key))) return [];
  if (/^(number of|nombre de|n[úu]mero de|anzahl|quantidade de|cantidad de|how many)\b/iu.test(head)) return [{ field: field('number', labelOf(head)) }];
  return [{ field: field('shortText', labelOf(head)) }];
}

