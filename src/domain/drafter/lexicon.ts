import { ARCHETYPES, type Archetype } from './archetypes.js';
import { CONCEPTS, type Concept } from './concepts.js';
import { editDistance } from '../editDistance.js';
import { fold, words } from './text.js';

// Lookups over the data files, built once: concept phrases (longest first), archetype words, and
// typo correction against the words the drafter knows ("emial" → "email", "contcat" → "contact").

export interface Token {
  /** as written */
  text: string;
  /** folded, typo corrected */
  key: string;
}

const PHRASES = new Map<string, Concept>();
let MAX_WORDS = 1;
for (const concept of CONCEPTS) {
  for (const w of concept.words) {
    if (!PHRASES.has(w)) PHRASES.set(w, concept);
    MAX_WORDS = Math.max(MAX_WORDS, w.split(' ').length);
  }
}

export const conceptById = (id: string): Concept | undefined => CONCEPTS.find((c) => c.id === id);
/** German compounds: "Lieferdatum", "Ankunftszeit" */
const COMPOUND_DATE = /^\p{L}{3,}datum$/u;
const COMPOUND_TIME = /^\p{L}*(?:uhrzeit|ankunftszeit|abfahrtszeit|startzeit|endzeit|abholzeit|anfangszeit)$/u;

/** a word that names a concept as part of a compound ("Lieferdatum"): labelled as written */
export const isCompound = (key: string): boolean => !PHRASES.has(key) && (COMPOUND_DATE.test(key) || COMPOUND_TIME.test(key));

export const conceptByPhrase = (phrase: string): Concept | undefined =>
  PHRASES.get(phrase) ?? PHRASES.get(phrase.replace(/-/g, ' ')) ?? (COMPOUND_DATE.test(phrase) ? PHRASES.get('date') : COMPOUND_TIME.test(phrase) ? PHRASES.get('time') : undefined);

/** words that are never "corrected": function words and the common words of requests */
const KNOWN = new Set(
  ('the and for with your you our their they them this that what which when where who why how from into about also each every some any all '
    + 'need want make create build please would like have has had will should could can must may form forms page sheet list short simple quick small '
    + 'people customers staff team company user users client clients guest visitors attendees employees parents kids child children student students '
    + 'after before then next first last other others more most many much very just only over under between want wants know tell give get '
    + 'yes no maybe one two three four five six seven eight nine ten week month year years today tomorrow day days weekly daily monthly annual new').split(' '),
);

const VOCABULARY = new Set<string>();
for (const c of CONCEPTS) for (const w of c.words) for (const part of w.split(/[\s-]/)) if (part.length >= 4) VOCABULARY.add(part);
for (const a of ARCHETYPES) for (const w of a.words) for (const part of w.split(/[\s-]/)) if (part.length >= 4) VOCABULARY.add(part);
const BY_LENGTH = new Map<number, string[]>();
for (const w of VOCABULARY) BY_LENGTH.set(w.length, [...(BY_LENGTH.get(w.length) ?? []), w]);

const corrections = new Map<string, string>();

const sorted = (w: string) => [...w].sort().join('');
/** "phne" is "phone" with a vowel left out */
const dropsVowel = (word: string, candidate: string) => candidate.length === word.length + 1 && [...candidate].some((c, i) => 'aeiouy'.includes(c) && candidate.slice(0, i) + candidate.slice(i + 1) === word);

/**
 * Whether a word may be a typo of a candidate: letters swapped ("nmae", "emial"), one left out
 * ("adress"; of four letters, a vowel: "phne") or added; a letter changed only in longer words
 * ("registraion"), else real words would be "corrected" into others ("start" → "stadt", "paid" →
 * "pais", "pace" → "place").
 */
function typoOf(word: string, candidate: string): boolean {
  if (sorted(word) === sorted(candidate)) return true;
  if (word.length === 4) return dropsVowel(word, candidate);
  return candidate.length !== word.length || word.length >= 7;
}

/** a known word close to an unknown one, or the word itself */
export function corrected(word: string): string {
  if (word.length < 4 || VOCABULARY.has(word) || KNOWN.has(word) || !/^\p{L}+$/u.test(word)) return word;
  const hit = corrections.get(word);
  if (hit !== undefined) return hit;
  const max = word.length >= 9 ? 2 : 1;
  let best = word;
  let bestD = max + 1;
  for (let len = word.length - max; len <= word.length + max; len++) {
    for (const candidate of BY_LENGTH.get(len) ?? []) {
      if (candidate[0] !== word[0] && candidate[1] !== word[0]) continue;
      if (!typoOf(word, candidate)) continue;
      const d = editDistance(word, candidate, max);
      if (d < bestD) [best, bestD] = [candidate, d];
    }
  }
  corrections.set(word, best);
  return best;
}

/** the words of a text as written and as matched */
export function tokens(text: string): Token[] {
  return (text.match(/[\p{L}\p{N}$€£]+(?:[-'’./][\p{L}\p{N}]+)*/gu) ?? []).map((t) => ({ text: t, key: corrected(fold(t)) }));
}

export interface ConceptHit {
  concept: Concept;
  start: number;
  end: number;
}

/** Concepts named in the tokens, longest phrase first, not overlapping, in the order written. */
export function conceptsIn(ts: Token[]): ConceptHit[] {
  const hits: ConceptHit[] = [];
  for (let i = 0; i < ts.length; ) {
    let found: ConceptHit | undefined;
    for (let n = Math.min(MAX_WORDS, ts.length - i); n >= 1 && !found; n--) {
      const concept = conceptByPhrase(ts.slice(i, i + n).map((t) => t.key).join(' '));
      if (concept) found = { concept, start: i, end: i + n };
    }
    if (found) {
      hits.push(found);
      i = found.end;
    } else i++;
  }
  return hits;
}

/** words that say what a form does, and the kinds that do it */
const PURPOSES = [
  { words: new Set('survey,questionnaire,sondage,encuesta,umfrage,befragung,pesquisa,enquete,poll'.split(',')), kinds: new Set(['survey', 'satisfaction', 'feedback', 'nps', 'course_evaluation', 'vote']) },
  { words: new Set('vote,voting,ballot,election,elect,scrutin,eleccion,votacion,wahl,abstimmung,eleicao,votacao'.split(',')), kinds: new Set(['vote', 'survey']) },
  { words: new Set('sign-up,signup,register,registration,enrol,enroll,enrolment,enrollment,inscription,inscripcion,inscricao,anmeldung,anmeldeformular'.split(',')), kinds: new Set(['event_registration', 'workshop_registration', 'volunteer', 'membership', 'newsletter', 'contest', 'appointment', 'table_booking', 'room_booking', 'patient_intake', 'visitor_log']) },
];

/** How strongly a text names each kind of form; the best one, if any. */
export function archetypeOf(text: string): Archetype | undefined {
  const folded = ` ${words(fold(text)).map(corrected).join(' ')} `;
  const ws = folded.trim().split(' ');
  let best: Archetype | undefined;
  let bestScore = 0;
  const purposes = PURPOSES.filter((p) => ws.some((w) => p.words.has(w)));
  for (const a of ARCHETYPES) {
    let score = 0;
    // "hotel satisfaction survey", "elect a club president": what the form does outweighs what it is about
    const weight = (a.id === 'event_registration' || a.id === 'survey' ? 0.5 : 1) * (purposes.some((p) => !p.kinds.has(a.id)) ? 0.5 : 1);
    for (const w of a.words) {
      if (w.includes(' ')) score += folded.includes(` ${w} `) ? 2 * w.split(' ').length : 0;
      else if (ws.includes(w)) score += 2;
      else if (w.length >= 5 && ws.some((x) => x.length > w.length && x.includes(w))) score += 1;
    }
    if (score * weight > bestScore) [best, bestScore] = [a, score * weight];
  }
  return best;
}

const MULTI_KIND_WORDS = ARCHETYPES.flatMap((a) => a.words.filter((w) => w.includes(' ')));

/** Whether a text names a kind in several words ("book a", "what people think"). */
export function hasKindPhrase(text: string): boolean {
  const folded = ` ${words(fold(text)).map(corrected).join(' ')} `;
  return MULTI_KIND_WORDS.some((w) => folded.includes(` ${w} `));
}

/** Whether a token is one of a kind's words (so "Contact form" names a kind, not a field). */
export function isKindWord(key: string): boolean {
  return KIND_WORDS.has(key) || FORM_WORDS.has(key) || [...LONG_KIND_WORDS].some((w) => key.length > w.length && key.includes(w));
}

const KIND_WORDS = new Set(ARCHETYPES.flatMap((a) => a.words.filter((w) => !w.includes(' '))));
const LONG_KIND_WORDS = new Set([...KIND_WORDS].filter((w) => w.length >= 6));
/** words that say "a form" in each language */
export const FORM_WORDS = new Set('form,forms,formular,formulaire,formulario,fiche,questionnaire,questionaire,cuestionario,survey,poll,quiz,page,sheet,checklist,encuesta,sondage,umfrage,pesquisa,enquete,hoja,feuille,folha,liste,lista,template,sign-up,signup,application'.split(','));
