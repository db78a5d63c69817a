import { ARCHETYPES, type Archetype, type OwnField } from './archetypes.js';
import { classify } from './classify.js';
import { detectLocale, PHRASES } from './language.js';
import { archetypeOf, conceptById, corrected } from './lexicon.js';
import { isKindPhrase, splitIntro, stripFiller } from './pieces.js';
import { readQuiz } from './quiz.js';
import { protect, type Special } from './specials.js';
import { readRated } from './rated.js';
import { cap, choices, fold } from './text.js';
import { DraftError, type Draft, type DraftField, type Locale, type Made } from './types.js';
import { unitsOf } from './units.js';
import { conceptField } from './fieldsOfKind.js';
import { normalise } from './normalise.js';
import { ballotOf } from './ballot.js';

// spec §4.7: a draft from a sentence, offline and deterministic. The sentence is read for the kind
// of form it names (archetypes.ts) and the fields it spells out (in the order written); the two are
// merged without duplicates. docs/sandbox.md "Sandbox assumptions" says what it reads.

export const GOOD_PROMPT = 'Describe the form to draft, e.g. "RSVP for a team dinner", "Contact form with name, e-mail and message", "T-shirt order: size (S, M, L), colour red, blue or black, quantity"';

const ALL_REQUIRED = /\b(?:all|every|everything)\b[^.;]{0,25}\b(?:required|mandatory|compulsory)\b|\btous les champs sont obligatoires\b|\btodos los campos son obligatorios\b|\balle felder sind pflicht(?:felder)?\b|\btodos os campos s[ãa]o obrigat[óo]rios\b/iu;

export interface Reading {
  draft: Draft;
  kind?: string;
}

/** What the sentence spells out: the fields in order, and the phrases that name the kind. */
export function readSentences(text: string, locale: Locale): { made: Made[]; kinds: string[] } {
  const { text: safe, specials } = protect(text);
  const made: Made[] = [];
  const kinds: string[] = [];
  for (const sentence of safe.split(/(?<=[.!;])\s+|\n+/)) {
    const s = sentence.replace(/[.!;]+$/, '').trim();
    if (!s) continue;
    const rated = readRated(s, specials, locale);
    const { kind, list } = splitIntro(rated ? rated.before : s, specials);
    if (kind) kinds.push(kind);
    const ballot = kind && !rated ? ballotOf(kind, list, specials, locale) : undefined;
    if (ballot) made.push(ballot);
    else readList(list, specials, locale, made, kinds);
    if (rated) {
      made.push(rated.made);
      readList(rated.after, specials, locale, made, kinds);
    }
  }
  return { made, kinds };
}

function readList(list: string, specials: Special[], locale: Locale, made: Made[], kinds: string[]): void {
  for (const unit of unitsOf(list, specials, locale)) {
    const fields = classify(unit, locale);
    // "we're throwing a party, …": a piece that names the kind of form
    if (!fields.length && isKindPhrase(unit.head)) kinds.push(unit.head);
    made.push(...fields);
  }
}

export const SINGLE = new Set(['email', 'phone', 'address', 'gender', 'dob', 'signature', 'attend', 'nps', 'consent', 'guests', 'dietary', 'message', 'comments', 'hours']);
const LOOSE = new Set(['date', 'time', 'guests', 'quantity', 'amount', 'rating']);
const GENERIC = new Set(['shortText', 'longText', 'radio', 'checkbox', 'number', 'calendar']);
const sameLabel = (a: DraftField, b: DraftField) => a.type === b.type && fold(String(a.option.label ?? '')) === fold(String(b.option.label ?? ''));

/** the same field twice; `spelled`: both written in the sentence ("Nom, Prénom" are two names) */
function isSame(a: Made, b: Made, spelled = false): boolean {
  if (sameLabel(a.field, b.field)) return true;
  if (a.concept && a.concept === b.concept) return SINGLE.has(a.concept) || a.field.option.label === b.field.option.label || (!spelled && a.concept === 'name' && !/\s/.test(String(a.field.option.label)));
  return false;
}

/** spec §4.7: the kind's usual fields, in the prompt's language */
export function fieldsOfKind(a: Archetype, locale: Locale): Made[] {
  return a.fields.map((f) => (typeof f === 'string' ? fromConcept(f, locale) : fromOwn(f, locale)));
}

function fromConcept(ref: string, locale: Locale): Made {
  const id = ref.replace(/[?*]$/, '');
  const concept = conceptById(id)!;
  const made = conceptField(concept, concept.label[locale], locale);
  if (ref.endsWith('*') || (concept.required && !ref.endsWith('?'))) made.field.option.required = true;
  return made;
}

function fromOwn(f: OwnField, locale: Locale): Made {
  const option: Record<string, unknown> = { label: f.label[locale] };
  if (f.required) option.required = true;
  if (f.options) option.options = choices(f.options.map((o) => o[locale]));
  if (f.rows) option.rowLabels = f.rows.map((r) => r[locale]);
  const field: DraftField = { type: f.type, option };
  if (f.correct !== undefined) field.quizConfig = { points: 1, correctAnswers: [(option.options as Array<{ value: string }>)[f.correct]!.value] };
  return { field };
}

/** The fields spelled out, with the kind's usual ones put where they usually go, no duplicates. */
function merge(spelled: Made[], usual: Made[]): Made[] {
  const out = [...spelled];
  // "date of arrival" stands for the kind's date, "number of nights" for its count
  // "upload your CV" stands for the kind's CV: the same concept, asked by a field of a type of its own
  const stands = (m: Made, u: Made) => !isSame(m, u) && u.concept !== undefined && !LOOSE.has(u.concept) && u.concept === m.concept && m.field.type === u.field.type && !GENERIC.has(u.field.type);
  const matches = (m: Made, u: Made) => isSame(m, u) || stands(m, u) || (u.concept !== undefined && (LOOSE.has(u.concept) || u.concept === 'name') && m.field.type === u.field.type);
  // the last field that stands for it: "Nom, Prénom" both stand for the kind's name
  const present = (u: Made) => out.reduce((at, m, i) => (matches(m, u) ? i : at), -1);
  let cursor = 0;
  usual.forEach((u, k) => {
    const at = present(u);
    if (at >= 0) {
      cursor = Math.max(cursor, at + 1);
      // the sentence's field keeps its place and label, and takes the kind's required mark
      if (u.field.option.required && stands(out[at]!, u)) out[at]!.field.option.required = true;
    }
    // before the next usual field the sentence named, else after everything it named
    else if (usual.slice(k + 1).some((later) => present(later) >= 0)) out.splice(cursor++, 0, u);
    else out.push(u);
  });
  return out;
}

function dedupe(made: Made[]): Made[] {
  const out: Made[] = [];
  for (const m of made) if (!out.some((x) => isSame(x, m, true))) out.push(m);
  return out;
}

/** initialisms people type in lower case ("rsvp for …"), written back as initialisms in a title */
const ACRONYMS = /\b(?:rsvp|nps|faq|bbq|pta|hr|cv|qr|diy|vip|ceo|gdpr|dsgvo|rgpd|lgpd)\b/gi;

function titleOf(kinds: string[], archetype: Archetype | undefined, locale: Locale): string {
  const phrase = kinds.map((k) => stripFiller(k.replace(/⟦\d+⟧/g, ' ').replace(/\s+/g, ' ')).replace(/^(?:me|us|make|create|build|i|we|need|want|a|an|the|please)\s+/gi, '').replace(/\s+(?:please|pls)$/i, '').trim()).find(Boolean);
  // a mistyped word of a kind of form ("contcat form") written as it is meant
  // (letters swapped only: "contcat", "regsitration"; a word one letter short of another language's
  // is often a word of its own, "import" of "importe")
  const spelt = phrase?.replace(/\p{L}+/gu, (w) => {
    const fixed = corrected(w.toLowerCase());
    return fixed !== w.toLowerCase() && [...fixed].sort().join('') === [...w.toLowerCase()].sort().join('') ? fixed : w;
  });
  if (spelt && spelt.split(/\s+/).length <= 8) return cap(spelt.replace(ACRONYMS, (w) => w.toUpperCase()));
  return archetype?.title[locale] ?? PHRASES.form[locale];
}

/** spec §4.7: a draft from a prompt, and the kind of form it was read as. */
export function readPrompt(prompt: string): Reading {
  let text = normalise(prompt);
  const locale = detectLocale(text);
  const allRequired = ALL_REQUIRED.test(text);
  if (allRequired) text = text.replace(ALL_REQUIRED, ' ');
  const quiz = readQuiz(text);
  const { made, kinds } = readSentences(quiz ? quiz.before : text, locale);
  const spelled = dedupe(made);
  const named = kinds.length ? archetypeOf(kinds.join(' ')) : undefined;
  const archetype = quiz ? ARCHETYPES.find((a) => a.id === 'quiz') : named ?? (spelled.length ? undefined : archetypeOf(text));
  let fields: Made[];
  if (quiz?.fields.length) fields = [...spelled, ...quiz.fields];
  else if (archetype && !(archetype.alone && spelled.length)) fields = merge(spelled, fieldsOfKind(archetype, locale));
  else fields = spelled;
  // "what's the weather tomorrow": one free question, no kind of form, nothing a form would ask
  const lone = fields.length === 1 && !archetype && !quiz && !fields[0]!.concept && ['longText', 'shortText'].includes(fields[0]!.field.type);
  if (!fields.length || lone) throw new DraftError(`The prompt asks for no form the drafter can make. ${GOOD_PROMPT}.`);
  const draft: Draft = { title: titleOf(kinds, archetype, locale), shortText: (quiz ? PHRASES.quizShortText : PHRASES.shortText)[locale], locale, fields: fields.map((m) => m.field) };
  if (allRequired) for (const f of draft.fields) if (f.type !== 'title' && f.type !== 'description') f.option.required = true;
  if (quiz) {
    draft.isQuiz = true;
    draft.quizConfig = { showFinalScore: true, showAnswersResults: true, ...(quiz.passingScore !== undefined ? { passingScore: quiz.passingScore } : {}) };
  }
  return { draft, kind: (archetype ?? archetypeOf(text))?.id };
}

export const draftFromPrompt = (prompt: string): Draft => readPrompt(prompt).draft;
