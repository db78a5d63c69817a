import { cap, choices, DraftError, fieldsOf, slug, type Draft, type DraftField } from './draft.js';

// Refining a draft (spec §4.7 `currentForm`) with the instructions people type. Several may be given
// at once, separated by ";" or "then". An instruction it does not understand is an error, never a
// silent no-op.

export const INSTRUCTION_EXAMPLES = [
  'add a phone field', 'add a field for company after E-mail', 'remove the address', 'make the e-mail optional', 'make Phone required',
  'rename Name to Full name', 'add options Vegan and Halal to Meal', 'move Phone after E-mail', 'move Photo to the top',
  'turn it into a quiz', 'change the title to Spring fair', 'set the short text to Join us', 'make all fields required',
];

const norm = (s: string) => s.toLowerCase().replace(/^(the|a|an)\s+/, '').replace(/\s+(field|question)s?$/, '').replace(/[^a-z0-9]+/g, ' ').trim();

/** the field the previous instruction touched: what "it" means in "add a phone field, then make it required" */
interface Session {
  last: number;
}

/** The field an instruction names: by label (exact, then prefix, then contains), else by type. */
function find(d: Draft, ref: string, s: Session): number {
  if (/^(it|that|this)( one| field)?$/i.test(ref.trim())) {
    if (s.last < 0 || s.last >= d.fields.length) throw new DraftError('"it" names no field yet: name the field by its label');
    return s.last;
  }
  const want = norm(ref);
  const label = (x: DraftField) => norm(String(x.option.label ?? ''));
  const tries = [
    (x: DraftField) => label(x) === want,
    (x: DraftField) => label(x).startsWith(want) || want.startsWith(label(x)),
    (x: DraftField) => label(x).includes(want),
    (x: DraftField) => norm(x.type) === want.replace(/ /g, '') || (want === 'email' && x.type === 'email') || (want === 'e mail' && x.type === 'email'),
  ];
  for (const t of tries) {
    const hits = d.fields.map((x, i) => (t(x) ? i : -1)).filter((i) => i >= 0);
    if (hits.length === 1) return (s.last = hits[0]!);
    if (hits.length > 1) throw new DraftError(`"${ref}" matches ${hits.length} fields (${hits.map((i) => d.fields[i]!.option.label).join(', ')}): name it by its whole label`);
  }
  throw new DraftError(`no field is called "${ref}"; the fields are: ${d.fields.map((x) => x.option.label).join(', ')}`);
}

type Step = (d: Draft, m: RegExpMatchArray, s: Session) => void;

const STEPS: Array<[RegExp, Step]> = [
  [/^(?:change|set|rename) the title to\s+(.+)$/i, (d, m) => void (d.title = cap(m[1]!.trim()))],
  [/^(?:change|set) the (?:short text|description|subtitle) to\s+(.+)$/i, (d, m) => void (d.shortText = m[1]!.trim())],
  [/^turn (?:it|this|the form) into a quiz$|^make (?:it|this) a quiz$/i, (d) => {
    d.isQuiz = true;
    d.quizConfig ??= { showFinalScore: true, showAnswersResults: true };
  }],
  [/^(?:turn off|remove) the quiz$|^make (?:it|this) a (?:normal|plain) form$/i, (d) => {
    delete d.isQuiz;
    delete d.quizConfig;
    for (const x of d.fields) delete x.quizConfig;
  }],
  [/^make (?:all|every) (?:fields?|questions?) (required|optional|mandatory)$/i, (d, m) => {
    for (const x of d.fields) x.option.required = m[1]!.toLowerCase() !== 'optional';
  }],
  [/^make (?:the )?(.+?) (required|optional|mandatory)$/i, (d, m, s) => void (d.fields[find(d, m[1]!, s)]!.option.required = m[2]!.toLowerCase() !== 'optional')],
  [/^rename (?:the )?(.+?) (?:field )?to\s+(.+)$/i, (d, m, s) => void (d.fields[find(d, m[1]!, s)]!.option.label = cap(m[2]!.trim()))],
  [/^(?:remove|delete|drop) (?:the )?(.+?)(?: field| question)?$/i, (d, m, s) => void d.fields.splice(find(d, m[1]!, s), 1)],
  [/^add (?:the )?options?\s+(.+?)\s+to\s+(?:the )?(.+)$/i, (d, m, s) => {
    const field = d.fields[find(d, m[2]!, s)]!;
    if (!['radio', 'checkbox', 'gender'].includes(field.type)) throw new DraftError(`"${String(field.option.label)}" is a ${field.type} field: options go on radio, checkbox and gender fields`);
    const names = m[1]!.split(/\s*,\s*|\s+and\s+/i).filter(Boolean).map((n) => n.trim());
    const existing = (field.option.options as Array<{ name: string; value: string }> | undefined) ?? [];
    field.option.options = [...existing, ...choices(names).filter((c) => !existing.some((e) => e.value === c.value))];
  }],
  [/^move (?:the )?(.+?) (after|before) (?:the )?(.+)$/i, (d, m, s) => {
    const [moved] = d.fields.splice(find(d, m[1]!, s), 1);
    const anchor = find(d, m[3]!, s);
    d.fields.splice(m[2]!.toLowerCase() === 'after' ? anchor + 1 : anchor, 0, moved!);
  }],
  [/^move (?:the )?(.+?) to the (top|start|beginning|end|bottom)$/i, (d, m, s) => {
    const [moved] = d.fields.splice(find(d, m[1]!, s), 1);
    if (/top|start|beginning/i.test(m[2]!)) d.fields.unshift(moved!);
    else d.fields.push(moved!);
  }],
  [/^add (?:an? |another |the )?(.+?)(?: (after|before) (?:the )?(.+))?$/i, (d, m, s) => {
    const what = m[1]!.replace(/\s+(?:field|question)s?$/i, '').replace(/^(?:field|question) (?:for|about)\s+/i, '');
    const added = fieldsOf(what);
    if (!added.length) throw new DraftError(`cannot tell what field "${what}" is: say e.g. "add a phone field", "add a date of birth", "add T-shirt size S, M or L"`);
    if (m[2]) {
      const anchor = find(d, m[3]!, s);
      const at = m[2].toLowerCase() === 'after' ? anchor + 1 : anchor;
      d.fields.splice(at, 0, ...added);
      s.last = at;
    } else {
      d.fields.push(...added);
      s.last = d.fields.length - 1;
    }
  }],
];

/** Applies the instructions to a copy of the draft. */
export function refineDraft(current: Draft, instructions: string): Draft {
  const d: Draft = JSON.parse(JSON.stringify(current)) as Draft;
  const session: Session = { last: -1 };
  const parts = instructions.split(/\s*;\s*|\s*\n\s*|\s*,?\s+then\s+/i).map((s) => s.trim().replace(/[.!]+$/, '').replace(/^(please|and|also)\s+/i, '')).filter(Boolean);
  if (!parts.length) throw new DraftError('no instruction given');
  for (const part of parts) {
    const step = STEPS.find(([re]) => re.test(part));
    if (!step) throw new DraftError(`Could not understand the instruction "${part}". Try one of: ${INSTRUCTION_EXAMPLES.map((e) => `"${e}"`).join(', ')}`);
    step[1](d, part.match(step[0])!, session);
  }
  if (!d.fields.length) throw new DraftError('the draft would have no field left');
  return d;
}

export { slug };
