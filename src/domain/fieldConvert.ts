// Changing a field's type (the form builder): what carries over from one type to the other (spec
// §2.4), and what the new type still needs to be asked for.
import type { DraftField } from './contract/schemas.js';
import { CHOICE_TYPES, DISPLAY_TYPES, SCORED_TYPES, type FieldType } from './fieldTypes.js';

/** a field of a draft (spec §4.7), the builder's working copy */

/** What the new type needs that the old one did not have. */
export type Missing = 'options' | 'rows' | 'cascade' | undefined;

const ROW_TYPES: readonly FieldType[] = ['sheet', 'checkList'];
const choiceLike = (t: FieldType) => CHOICE_TYPES.includes(t) || t === 'multipleLevelSelect';
const isNumber = (s: string) => s.trim() !== '' && Number.isFinite(Number(s));

/** What a field of `to` asks for beyond label, required and hint. */
export function choicesNeeded(to: FieldType): Missing {
  if (CHOICE_TYPES.includes(to)) return 'options';
  if (ROW_TYPES.includes(to)) return 'rows';
  return to === 'multipleLevelSelect' ? 'cascade' : undefined;
}

/** The correct answers that still hold for the converted field, or undefined when none does. */
function answersAfter(field: DraftField, to: FieldType, options: Array<{ value?: unknown }> | undefined): string[] | undefined {
  const answers = field.quizConfig?.correctAnswers ?? [];
  if (CHOICE_TYPES.includes(to)) {
    // answers are option values: kept only when the options came along and still hold them
    const values = new Set((options ?? []).map((o) => String(o.value)));
    const kept = CHOICE_TYPES.includes(field.type) ? answers.filter((a) => values.has(a)) : [];
    return kept.length && (to !== 'radio' || kept.length === 1) ? kept : undefined;
  }
  if (to === 'number') return field.type === 'shortText' && answers.length && answers.every(isNumber) ? answers : field.type === 'number' ? answers : undefined;
  if (to === 'shortText') return field.type === 'number' || field.type === 'shortText' ? answers : undefined;
  return undefined;
}

/**
 * The field as type `to`: the label always; required and hint unless `to` is display-only; options
 * between choice types (and into a cascade, whose top level they become), rows between sheet and
 * checkList; the quiz score when `to` is scored and its correct answers still hold.
 */
export function convertField(field: DraftField, to: FieldType): { field: DraftField; missing: Missing; rescore: boolean } {
  const o = field.option;
  const option: Record<string, unknown> = { label: o.label };
  if (!DISPLAY_TYPES.includes(to)) {
    if (o.required !== undefined) option.required = o.required;
    if (o.hint !== undefined) option.hint = o.hint;
  }
  if (choiceLike(to) && choiceLike(field.type) && Array.isArray(o.options)) {
    const list = o.options as Array<{ name?: unknown; value?: unknown; options?: unknown }>;
    option.options = to === 'multipleLevelSelect' ? list : list.map((c) => ({ name: c.name, value: c.value }));
  }
  if (ROW_TYPES.includes(to) && ROW_TYPES.includes(field.type) && Array.isArray(o.rowLabels)) option.rowLabels = o.rowLabels;
  if (to === 'checkList' && o.neutral !== undefined && field.type === 'checkList') option.neutral = o.neutral;
  const out: DraftField = { type: to, option };
  let rescore = false;
  if (SCORED_TYPES.includes(to)) {
    if (o.disableQuiz !== undefined) option.disableQuiz = o.disableQuiz;
    const answers = field.quizConfig ? answersAfter(field, to, option.options as Array<{ value?: unknown }> | undefined) : undefined;
    if (answers) out.quizConfig = { points: field.quizConfig!.points, correctAnswers: answers };
    // a scored field whose answers did not survive is asked again
    rescore = o.disableQuiz !== true && !answers;
  }
  const need = choicesNeeded(to);
  const has = need === 'rows' ? option.rowLabels : option.options;
  return { field: out, missing: need && !has ? need : undefined, rescore };
}
