import type { Deps } from '../../cmdutil/factory.js';
import type { DraftField } from '../../domain/contract/schemas.js';
import { choicesNeeded, convertField, type Missing } from '../../domain/fieldConvert.js';
import { DISPLAY_TYPES, FIELD_TYPES, SCORED_TYPES, type FieldType } from '../../domain/fieldTypes.js';
import { choices } from '../../domain/drafter/text.js';
import type { Prompter } from '../../io/prompter.js';

// One field of the form builder: the questions of a new field (spec §2.4), a field's edit menu (with
// a change of type), and a quiz question's score, with its correct answers picked by name.

/** A field of the form being built: a field of the draft shape (spec §4.7). */
export type BuilderField = DraftField;

/** Every select of the builder offers it: the step before, with nothing changed. */
export const BACK = '<back>';
export const backChoice = (what = 'Back') => ({ name: `← ${what}`, value: BACK });

type Choice = { name: string; value: string };
const list = (s: string) => s.split(',').map((x) => x.trim()).filter(Boolean);
const choicesOf = (f: BuilderField) => (Array.isArray(f.option.options) ? (f.option.options as Choice[]) : []);

/** "Europe > France > Paris; Europe > Germany > Berlin" → the cascade tree of multipleLevelSelect */
export function cascadeOf(text: string): Array<Record<string, unknown>> {
  const root: Array<{ name: string; value: string; options?: unknown[] }> = [];
  for (const path of text.split(/\s*;\s*|\n/).map((p) => p.trim()).filter(Boolean)) {
    let level = root;
    for (const name of path.split(/\s*>\s*/).filter(Boolean)) {
      let node = level.find((n) => n.name === name);
      if (!node) level.push((node = { name, value: name }));
      level = (node.options ??= []) as typeof root;
    }
  }
  const prune = (nodes: typeof root): Array<Record<string, unknown>> => nodes.map((n) => (n.options?.length ? { name: n.name, value: n.value, options: prune(n.options as typeof root) } : { name: n.name, value: n.value }));
  return prune(root);
}

export async function nonEmpty(p: Prompter, message: string, def?: string): Promise<string> {
  for (;;) {
    const v = (await p.input(message, '--file FORM.json', def)).trim();
    if (v) return v;
  }
}

async function askChoices(p: Prompter, field: BuilderField, need: Missing): Promise<void> {
  if (need === 'options') {
    const before = choicesOf(field).map((o) => o.name).join(', ') || (field.type === 'gender' ? 'Female, Male, Other' : '');
    // values as the drafter makes them (unique), an existing option keeping its own
    field.option.options = choices(list(await nonEmpty(p, 'Options, comma-separated:', before || undefined))).map((c) => ({ name: c.name, value: choicesOf(field).find((o) => o.name === c.name)?.value ?? c.value }));
  } else if (need === 'rows') {
    field.option.rowLabels = list(await nonEmpty(p, 'Rows, comma-separated:', (field.option.rowLabels as string[] | undefined)?.join(', ') || undefined));
    if (field.type === 'checkList') field.option.neutral = await p.confirm('Offer a neutral choice (_d3)?', '--field', field.option.neutral === true);
  } else if (need === 'cascade') {
    field.option.options = cascadeOf(await nonEmpty(p, 'Cascade, paths separated by ";" (e.g. Europe > France > Paris; Asia > Japan > Tokyo):'));
  }
}

async function askPoints(deps: Deps, def: number): Promise<number> {
  for (;;) {
    const text = (await deps.prompter().input('Points for a correct answer (0 or more):', '--file', String(def))).trim();
    const n = Number(text);
    if (text !== '' && Number.isFinite(n) && n >= 0) return n;
    deps.warn(`"${text}" is not a number of points: 0 or more`);
  }
}

/** Correct answers by option name (stored as values, which answers carry); free text for shortText and number. */
async function askAnswers(deps: Deps, field: BuilderField): Promise<string[] | typeof BACK> {
  const p = deps.prompter();
  const options = choicesOf(field);
  const current = field.quizConfig?.correctAnswers ?? [];
  if (field.type === 'radio') {
    const picked = await p.select('Correct answer:', [...options.map((o) => ({ name: o.name, value: o.value })), backChoice()], '--file', current[0]);
    return picked === BACK ? BACK : [picked];
  }
  const shown = current.map((v) => options.find((o) => o.value === v)?.name ?? v).join(', ') || undefined;
  for (;;) {
    const message = field.type === 'checkbox' ? `Correct answers among ${options.map((o) => o.name).join(', ')} (names, comma-separated):` : 'Correct answer(s), comma-separated:';
    const given = list(await nonEmpty(p, message, shown));
    if (field.type === 'number' && given.some((a) => !Number.isFinite(Number(a)))) {
      deps.warn(`a number field's answers are numbers: ${given.join(', ')}`);
      continue;
    }
    if (field.type !== 'checkbox') return given;
    const byName = given.map((a) => options.find((o) => o.name.toLowerCase() === a.toLowerCase()));
    const outside = given.filter((_, i) => !byName[i]);
    if (!outside.length) return [...new Set(byName.map((o) => o!.value))];
    deps.warn(`not among the options: ${outside.map((a) => `"${a}"`).join(', ')} (the options: ${options.map((o) => o.name).join(', ')})`);
  }
}

/** spec §2.4: in a quiz the author says whether a question is scored (disableQuiz), its points (0 is 0) and its answers. */
export async function askScore(deps: Deps, field: BuilderField): Promise<void> {
  const p = deps.prompter();
  for (;;) {
    if (!(await p.confirm(`Score "${String(field.option.label)}" (a quiz question)?`, '--file', field.option.disableQuiz !== true))) {
      field.option.disableQuiz = true;
      delete field.quizConfig;
      return;
    }
    const points = await askPoints(deps, field.quizConfig?.points ?? 1);
    const correctAnswers = await askAnswers(deps, field);
    if (correctAnswers === BACK) continue;
    field.option.disableQuiz = false;
    field.quizConfig = { points, correctAnswers };
    return;
  }
}

/** The questions of a new field; undefined when the user goes back from the type. */
export async function newField(deps: Deps, quiz: boolean): Promise<BuilderField | undefined> {
  const p = deps.prompter();
  const type = await p.select('Field type:', [...FIELD_TYPES.map((t) => ({ name: t, value: t as string })), backChoice()], '--field');
  if (type === BACK) return undefined;
  const field: BuilderField = { type: type as FieldType, option: {} };
  field.option.label = await nonEmpty(p, DISPLAY_TYPES.includes(field.type) ? 'Text:' : 'Label:');
  if (DISPLAY_TYPES.includes(field.type)) return field;
  field.option.required = await p.confirm('Required?', '--field', false);
  const hint = (await p.input('Hint (empty for none):', '--field', '')).trim();
  if (hint) field.option.hint = hint;
  await askChoices(p, field, choicesNeeded(field.type));
  if (quiz && SCORED_TYPES.includes(field.type)) await askScore(deps, field);
  return field;
}

function scoreText(f: BuilderField): string {
  if (!f.quizConfig) return 'not scored';
  const names = f.quizConfig.correctAnswers.map((v) => choicesOf(f).find((o) => o.value === v)?.name ?? v);
  return `${f.quizConfig.points} point${f.quizConfig.points === 1 ? '' : 's'}, answer ${names.join(', ')}`;
}

function menuOf(f: BuilderField, quiz: boolean): Choice[] {
  const display = DISPLAY_TYPES.includes(f.type);
  const need = choicesNeeded(f.type);
  const shown = need === 'rows' ? (f.option.rowLabels as string[] | undefined)?.join(' | ') : choicesOf(f).map((o) => o.name).join(' | ');
  return [
    { name: `Label: ${String(f.option.label ?? '')}`, value: 'label' },
    ...(display ? [] : [{ name: `Required: ${f.option.required === true ? 'yes' : 'no'}`, value: 'required' }, { name: `Hint: ${String(f.option.hint ?? '(none)')}`, value: 'hint' }]),
    ...(need ? [{ name: `${need === 'rows' ? 'Rows' : need === 'cascade' ? 'Cascade' : 'Options'}: ${shown ?? ''}`, value: 'choices' }] : []),
    { name: `Type: ${f.type} (change it)`, value: 'type' },
    ...(quiz && SCORED_TYPES.includes(f.type) ? [{ name: `Score: ${scoreText(f)}`, value: 'score' }] : []),
    { name: 'Done', value: 'done' },
    backChoice('Back (leave the field as it was)'),
  ];
}

/** A field's edit menu: one property at a time, the type included; Back leaves the field as it was. */
export async function editField(deps: Deps, start: BuilderField, quiz: boolean): Promise<BuilderField> {
  const p = deps.prompter();
  let f: BuilderField = structuredClone(start);
  for (;;) {
    const what = await p.select(`Field "${String(f.option.label ?? '')}":`, menuOf(f, quiz), '--file');
    if (what === BACK) return start;
    if (what === 'done') return f;
    if (what === 'label') f.option.label = await nonEmpty(p, DISPLAY_TYPES.includes(f.type) ? 'Text:' : 'Label:', String(f.option.label ?? ''));
    if (what === 'required') f.option.required = await p.confirm('Required?', '--field', f.option.required === true);
    if (what === 'hint') {
      const hint = (await p.input('Hint (empty for none):', '--field', String(f.option.hint ?? ''))).trim();
      if (hint) f.option.hint = hint;
      else delete f.option.hint;
    }
    if (what === 'choices') {
      await askChoices(p, f, choicesNeeded(f.type));
      // a correct answer whose option went is no answer: the score is asked again
      const values = new Set(choicesOf(f).map((o) => o.value));
      if (f.quizConfig && !f.quizConfig.correctAnswers.every((a) => values.has(a))) {
        delete f.quizConfig;
        if (quiz && SCORED_TYPES.includes(f.type)) await askScore(deps, f);
      }
    }
    if (what === 'score') await askScore(deps, f);
    if (what === 'type') {
      const to = await p.select('New type:', [...FIELD_TYPES.filter((t) => t !== f.type).map((t) => ({ name: t, value: t as string })), backChoice()], '--field');
      if (to === BACK) continue;
      const converted = convertField(f, to as FieldType);
      f = converted.field as BuilderField;
      await askChoices(p, f, converted.missing);
      if (quiz && converted.rescore) await askScore(deps, f);
    }
  }
}
