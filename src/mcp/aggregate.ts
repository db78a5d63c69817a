import type { FormDefinition, Submission } from '../api/resources/submissions.js';
import { fieldLabel, optionValues, type AnswerField } from '../domain/answers.js';
import { CHOICE_TYPES } from '../domain/fieldTypes.js';

// The question assistants are asked most: how many chose each option. Counted over every submission
// given, for the choice fields (spec §2.4: gender, radio, checkbox; a checkbox answer counts once per
// value chosen), with the options in the form's order and the names people see.

export interface OptionCount {
  value: string;
  name: string;
  count: number;
}

export interface FieldCount {
  key: string;
  label: string;
  type: string;
  /** submissions that answered this field */
  answered: number;
  options: OptionCount[];
  /** answers that match no option of the form as it is now (an option removed since) */
  other: number;
}

function namesOf(field: AnswerField): Map<string, string> {
  const opts = Array.isArray(field.option.options) ? (field.option.options as Array<{ value?: unknown; name?: unknown }>) : [];
  return new Map(opts.filter((o) => typeof o?.value === 'string').map((o) => [o.value as string, typeof o.name === 'string' ? o.name : (o.value as string)]));
}

export function choiceFields(form: FormDefinition | undefined, keys?: readonly string[]): AnswerField[] {
  const fields = (form?.fields ?? []) as AnswerField[];
  return fields.filter((f) => CHOICE_TYPES.includes(f.type) && (!keys || keys.includes(f.key)));
}

export function countAnswers(fields: AnswerField[], submissions: Submission[]): FieldCount[] {
  return fields.map((field) => {
    const names = namesOf(field);
    const counts = new Map((optionValues(field) ?? []).map((v) => [v, 0]));
    let answered = 0;
    let other = 0;
    for (const s of submissions) {
      const raw = s.answers[field.key];
      const chosen = (Array.isArray(raw) ? raw : raw === undefined || raw === null || raw === '' ? [] : [raw]).filter((v): v is string => typeof v === 'string');
      if (chosen.length) answered++;
      for (const v of chosen) {
        if (counts.has(v)) counts.set(v, counts.get(v)! + 1);
        else other++;
      }
    }
    const options = [...counts].map(([value, count]) => ({ value, name: names.get(value) ?? value, count }));
    return { key: field.key, label: fieldLabel(field), type: field.type, answered, options, other };
  });
}

/** One line per field: "Meal (12 answered): Vegetarian 7, Fish 3, Meat 2". */
export function countsText(counts: FieldCount[], total: number): string {
  const lines = counts.map((c) => `${c.label} (${c.answered} answered): ${c.options.map((o) => `${o.name} ${o.count}`).join(', ')}${c.other ? `, other ${c.other}` : ''}`);
  return [`${total} submission${total === 1 ? '' : 's'} counted.`, ...lines].join('\n');
}
