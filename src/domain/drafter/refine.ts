import { CHOICE_TYPES, SCORED_TYPES, type FieldType } from '../fieldTypes.js';
import { readSentences, SINGLE } from './draft.js';
import { conceptByPhrase, conceptsIn, tokens } from './lexicon.js';
import { AFTER, BOTTOM, OPTION_WORDS, TOP, VERBS, type VerbName } from './refineVerbs.js';
import { cap, choices, fold } from './text.js';
import { LANGUAGE_NAMES, translateDraft } from './translate.js';
import { DraftError, LOCALES, type Draft, type DraftField, type Locale } from './types.js';

// Refining a draft (spec §4.7 `currentForm`) with plain instructions in the five languages: add,
// remove, rename, reorder, optional/required, options, quiz on/off, translate. Several may be given
// at once ("; ", ", " before a verb, "then", "puis", "luego", "dann", "depois"). An instruction it does not understand
// is an error, never a silent no-op; fields the instruction does not name keep order and options.

export const INSTRUCTION_EXAMPLES = [
  'add a phone field', 'add a date of birth after E-mail', 'remove the address', 'make the e-mail optional', 'make Phone required',
  'rename Name to Full name', 'add options Vegan and Halal to Meal', 'move Phone to the top', 'move Phone after E-mail',
  'turn it into a quiz', 'in Spanish', 'change the title to Spring fair',
];

interface Session {
  draft: Draft;
  /** the field the previous instruction touched: what "it" means in "add a phone, then make it required" */
  last: number;
}

const labelOf = (f: DraftField) => fold(String(f.option.label ?? ''));

/** A reference that names several fields: which ones. */
class AmbiguousRef extends DraftError {
  constructor(message: string, readonly indexes: number[]) {
    super(message);
  }
}

const isChoice = (f: DraftField | undefined) => f !== undefined && CHOICE_TYPES.includes(f.type as FieldType);

/** The field an instruction names: by label (exact, prefix, contained), then by the concept its words name. */
function find(s: Session, ref: string): number {
  const fields = s.draft.fields;
  const want = fold(ref).replace(/^(the|le|la|el|der|die|das|o|a)\s+|^[ld]'/, '').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  if (/^(it|that|this|that one|this one|le|la|lo|es|ihn|sie|o|a|ele|ela)$/.test(want)) {
    if (s.last < 0 || s.last >= fields.length) throw new DraftError('"it" names no field yet: name the field by its label');
    return s.last;
  }
  const plain = (f: DraftField) => labelOf(f).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  // the ref names a concept only when the concept's words are all it says ("le téléphone", not "le téléphone y …")
  const ts = tokens(want).filter((t) => !/^(the|le|la|l'|el|der|die|das|den|o|a|les|los|las)$/.test(t.key));
  const hits = conceptsIn(ts);
  const concept = conceptByPhrase(want) ?? (hits.length === 1 && hits[0]!.end - hits[0]!.start === ts.length ? hits[0]!.concept : undefined);
  const tries: Array<(f: DraftField) => boolean> = [
    (f) => plain(f) === want,
    (f) => plain(f).startsWith(`${want} `) || want.startsWith(`${plain(f)} `),
    (f) => plain(f).includes(want),
    (f) => concept !== undefined && f.type === concept.type && (concept.type !== 'shortText' && concept.type !== 'longText' && concept.type !== 'radio' || Object.values(concept.label).some((l) => fold(l) === labelOf(f))),
    (f) => fold(f.type) === want.replace(/ /g, ''),
  ];
  for (const t of tries) {
    const hits = fields.map((f, i) => (t(f) ? i : -1)).filter((i) => i >= 0);
    if (hits.length === 1) return (s.last = hits[0]!);
    if (hits.length > 1) throw new AmbiguousRef(`"${ref}" matches ${hits.length} fields (${hits.map((i) => String(fields[i]!.option.label)).join(', ')}): name it by its whole label`, hits);
  }
  throw new DraftError(`no field is called "${ref}"; the fields are: ${fields.map((f) => String(f.option.label)).join(', ')}`);
}

const listOf = (text: string) => text.split(/\s*,\s*|\s+(?:and|or|et|ou|y|o|und|oder|e)\s+/iu).map((x) => cap(x.trim())).filter(Boolean);

function insertAt(s: Session, where: string | undefined, anchor: string | undefined, position: string | undefined): number {
  if (where && anchor) {
    const at = find(s, anchor);
    return AFTER.test(where) ? at + 1 : at;
  }
  if (position && TOP.test(position)) return 0;
  return s.draft.fields.length;
}

const QUIZ_ON = (d: Draft) => {
  d.isQuiz = true;
  d.quizConfig ??= { showFinalScore: true, showAnswersResults: true };
  for (const f of d.fields) {
    const opts = f.option.options as Array<{ value: string }> | undefined;
    // spec §2.4: scored types; the first choice stands as the answer until the author sets it
    if (!f.quizConfig && SCORED_TYPES.includes(f.type) && opts?.length) f.quizConfig = { points: 1, correctAnswers: [opts[0]!.value] };
  }
};

/**
 * After a field's options changed: each quiz answer becomes the value of the option it names (by
 * value, or by name: a text question's answer "Paris" is the choice Paris once it has choices);
 * answers no option names go. When none is left, the first choice stands as the answer again (as
 * when the quiz was turned on), and a field with no choice left is no longer scored. A draft given
 * back (spec §4.7 currentForm) may hold one answer rather than a list: it stays one.
 */
function keepQuizAnswers(f: DraftField): void {
  const quiz = f.quizConfig as { correctAnswers?: unknown } | undefined;
  if (quiz?.correctAnswers === undefined) return;
  const options = (f.option.options as Array<{ name: string; value: string }> | undefined) ?? [];
  const valueOf = (v: unknown) => options.find((o) => o.value === String(v))?.value ?? options.find((o) => fold(o.name) === fold(String(v)))?.value;
  const given = Array.isArray(quiz.correctAnswers) ? (quiz.correctAnswers as unknown[]) : [quiz.correctAnswers];
  const kept = [...new Set(given.map(valueOf).filter((v): v is string => v !== undefined))];
  if (kept.length) quiz.correctAnswers = Array.isArray(quiz.correctAnswers) ? kept : kept[0];
  else if (options.length) quiz.correctAnswers = Array.isArray(quiz.correctAnswers) ? [options[0]!.value] : options[0]!.value;
  else delete f.quizConfig;
}

const STEPS: Record<VerbName, (s: Session, g: string[]) => void> = {
  title: (s, [t]) => void (s.draft.title = cap(t!.trim())),
  shortText: (s, [t]) => void (s.draft.shortText = t!.trim()),
  quizOn: (s) => QUIZ_ON(s.draft),
  quizOff: (s) => {
    delete s.draft.isQuiz;
    delete s.draft.quizConfig;
    for (const f of s.draft.fields) delete f.quizConfig;
  },
  translate: (s, [name]) => translateDraft(s.draft, LANGUAGE_NAMES.find(([re]) => re.test(name!))![1]),
  allRequired: (s, [word]) => {
    for (const f of s.draft.fields) f.option.required = !OPTIONAL_WORD.test(word!);
  },
  requiredness: (s, [ref, word]) => void (s.draft.fields[find(s, ref!)]!.option.required = !OPTIONAL_WORD.test(word!)),
  rename: (s, [ref, to]) => void (s.draft.fields[find(s, ref!)]!.option.label = cap(to!.trim())),
  options: (s, [names, ref]) => {
    const f = choiceField(s, ref!);
    const existing = (f.option.options as Array<{ name: string; value: string }> | undefined) ?? [];
    f.option.options = [...existing, ...choices(listOf(names!)).filter((c) => !existing.some((e) => e.value === c.value))];
    keepQuizAnswers(f);
  },
  setOptions: (s, [ref, names]) => {
    const f = choiceField(s, ref!);
    f.option.options = choices(listOf(names!));
    keepQuizAnswers(f);
  },
  removeOption: (s, [names, ref]) => {
    const f = choiceField(s, ref!);
    const existing = (f.option.options as Array<{ name: string; value: string }> | undefined) ?? [];
    const gone = listOf(names!).map((n) => {
      const at = existing.findIndex((o) => fold(o.name) === fold(n) || fold(o.value) === fold(n));
      if (at < 0) throw new DraftError(`"${String(f.option.label)}" has no option "${n}"; its options are: ${existing.map((o) => o.name).join(', ')}`);
      return existing[at]!;
    });
    f.option.options = existing.filter((o) => !gone.includes(o));
    keepQuizAnswers(f);
  },
  remove: (s, [ref]) => {
    // "remove product and delivery date": each field named, when each names a different one (a
    // label that itself holds "and", "Terms and conditions", is the one field it names)
    const many = listedFields(s, ref!);
    for (const i of (many ?? [find(s, ref!)]).sort((a, b) => b - a)) s.draft.fields.splice(i, 1);
  },
  moveTo: (s, [ref, position]) => {
    const [moved] = s.draft.fields.splice(find(s, ref!), 1);
    if (BOTTOM.test(position!)) s.draft.fields.push(moved!);
    else s.draft.fields.unshift(moved!);
  },
  moveNear: (s, [ref, where, anchor]) => {
    const [moved] = s.draft.fields.splice(find(s, ref!), 1);
    const at = find(s, anchor!);
    s.draft.fields.splice(AFTER.test(where!) ? at + 1 : at, 0, moved!);
  },
  add: (s, groups) => {
    const [what, a, b] = groups;
    const [where, anchor, position] = a && b ? [a, b, undefined] : [undefined, undefined, a];
    if (!where && !position && addedToChoice(s, what!)) return;
    const added = fieldsToAdd(s, what!);
    const at = insertAt(s, where, anchor, position);
    s.draft.fields.splice(at, 0, ...added);
    s.last = at + added.length - 1;
  },
};

/** "add XXL to Size": a value added to an existing choice field (only when the target names one) */
function addedToChoice(s: Session, what: string): boolean {
  const m = /^(.+?)\s+(?:to|à|au|a|al|zu|em|ao|na|no)\s+(.+)$/iu.exec(what);
  if (!m) return false;
  const last = s.last;
  let f: DraftField | undefined;
  try {
    f = s.draft.fields[find(s, m[2]!)];
  } catch (e) {
    // "add XXL to Size" with a shirt size and a shoe size: which one is asked, not a new field
    if (e instanceof AmbiguousRef && e.indexes.some((i) => isChoice(s.draft.fields[i]))) throw e;
    s.last = last;
    return false;
  }
  if (!isChoice(f)) return (s.last = last), false;
  STEPS.options(s, [m[1]!, m[2]!]);
  return true;
}

const WITH_OPTIONS = new RegExp(String.raw`^(.+?)\s+(?:with|avec|con|mit|com)\s+(?:(?:the|les|des|las|los|den|as|os)\s+)?(?:${OPTION_WORDS}|answers|r[ée]ponses|respuestas|antworten|respostas)\s*:?\s*(.+)$`, 'iu');

/** the fields "add …" asks for: "a phone field", "a question Meal with choices A, B"; never one already there */
function fieldsToAdd(s: Session, what: string): DraftField[] {
  const unword = (t: string) => t.replace(/\s+(?:field|question|champ|campo|feld|frage|pergunta)s?$/iu, '').replace(FIELD_WORD, '').trim();
  const withOptions = WITH_OPTIONS.exec(what);
  if (withOptions) return [{ type: 'radio', option: { label: cap(unword(withOptions[1]!)), options: choices(listOf(withOptions[2]!)) } }];
  const made = readSentences(unword(what), s.draft.locale as Locale).made;
  if (!made.length) throw new DraftError(`cannot tell what field "${what}" is: say e.g. "add a phone field", "add a date of birth", "add T-shirt size S, M or L"`);
  for (const m of made) {
    const there = s.draft.fields.find((f) => f.type === m.field.type && (labelOf(f) === labelOf(m.field) || (m.concept !== undefined && SINGLE.has(m.concept))));
    if (there) throw new DraftError(`the form already has "${String(there.option.label)}" (a ${there.type} field): rename or remove it first, or name the new field differently`);
  }
  return made.map((m) => m.field);
}

/** "un champ e-mail", "un campo de correo", "ein Feld für die E-Mail": the field word before what it asks */
const FIELD_WORD = /^(?:(?:a|an|un|une|una|um|uma|ein|eine|einen)\s+)?(?:field|champ|campo|feld|question|pregunta|frage|pergunta)\s+(?:(?:de|d'|du|for|für|para|pour)\s*(?:(?:the|la|le|el|die|den|o|a)\s+)?)?/iu;

/** a pronoun joined to its verb ("rends-le", "hazlo", "torne-o") stands apart, as "it" does in English */
const joinedPronoun = (text: string) =>
  text.replace(/\b(rends|rendez|mets|mettez|fais|d[ée]place|supprime|renomme|torne|deixe|mova|remova)-(le|la|les|o|a)\b/giu, '$1 $2').replace(/\b(haz|pon|marca|mueve|quita|elimina|renombra)(lo|la)\b/giu, '$1 $2');

const OPTIONAL_WORD = /^(optional|not required|facultati|optionnel|opcional|freiwillig|n[ãa]o obrigat)/iu;

/** the fields a list names ("A, B and C"), one each and all different; undefined when it is no such list */
function listedFields(s: Session, ref: string): number[] | undefined {
  const names = listOf(ref);
  if (names.length < 2) return undefined;
  const last = s.last;
  try {
    const at = names.map((n) => find(s, n));
    if (new Set(at).size === at.length) return at;
  } catch (e) {
    if (!(e instanceof DraftError)) throw e;
  }
  s.last = last;
  return undefined;
}

function choiceField(s: Session, ref: string): DraftField {
  const f = s.draft.fields[find(s, ref)]!;
  if (f.type === 'shortText') f.type = 'radio';
  if (!isChoice(f)) throw new DraftError(`"${String(f.option.label)}" is a ${f.type} field: options go on radio, checkbox and gender fields`);
  return f;
}

/** a verb that opens an instruction: "add a phone and make it required" is two */
const OPENS = String.raw`(?:make|set|mark|add|include|insert|remove|delete|drop|move|put|rename|call|turn|change|translate|rends|mets|ajoute[rz]?|supprime[rz]?|enl[èe]ve[rz]?|retire[rz]?|d[ée]place[rz]?|renomme[rz]?|traduis|haz|pon|a[ñn]ade|agrega|quita|elimina|borra|mueve|renombra|traduce|mach|mache|f[üu]ge|entferne|l[öo]sche|verschiebe|benenne|[üu]bersetze|torne|adicione|acrescente|remova|retire|mova|renomeie|traduza)\b`;
const SPLIT = new RegExp(String.raw`\s*;\s*|\s*\n\s*|\s*,?\s+(?:then|and then|puis|ensuite|luego|despu[ée]s(?!\s+de)|dann|danach|depois(?!\s+de))\s+|\.\s+|\s*,?\s+(?:and|et|y|und|e)\s+(?=${OPENS})|\s*,\s*(?=${OPENS})`, 'iu');

const cleanInstruction = (raw: string) =>
  raw.trim().replace(/[.!]+$/, '').replace(/^(?:please|pls|and|also|et|y|und|e|bitte|por favor|s'il te pla[iî]t)\s+/iu, '').replace(/\s+(?:please|pls|bitte|por favor|s'il vous pla[iî]t)$/iu, '');

/** spec §4.7: the current form changed by the instructions (a copy; the input is left as it was). */
export function refineDraft(current: Draft, instructions: string): Draft {
  const draft: Draft = JSON.parse(JSON.stringify(current)) as Draft;
  if (!LOCALES.includes(draft.locale as Locale)) draft.locale = 'en';
  const s: Session = { draft, last: -1 };
  const parts = joinedPronoun(instructions).split(SPLIT).map((raw) => ({ raw: raw.trim(), text: cleanInstruction(raw) })).filter((p) => p.text);
  if (!parts.length) throw new DraftError('no instruction given');
  const steps = parts.map(({ raw, text }) => {
    const verb = VERBS.find(([, re]) => re.test(text));
    if (!verb) throw new DraftError(`Could not understand the instruction "${raw.replace(/[.!]+$/, '')}". Try one of: ${INSTRUCTION_EXAMPLES.map((e) => `"${e}"`).join(', ')}`);
    return { name: verb[0], groups: text.match(verb[1])!.slice(1).filter((g): g is string => g !== undefined) };
  });
  // a translation comes last, so that what the other instructions add is written in the new language too
  const ordered = [...steps.filter((t) => t.name !== 'translate'), ...steps.filter((t) => t.name === 'translate')];
  for (const { name, groups } of ordered) STEPS[name](s, groups);
  if (!draft.fields.length) throw new DraftError('the draft would have no field left');
  return draft;
}
