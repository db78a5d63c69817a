import { CHOICE_TYPES, FIELD_TYPES, isFieldType } from '../../domain/fieldTypes.js';
import { UsageError } from '../../errors.js';

export interface FieldFromSpec {
  type: string;
  option: Record<string, unknown>;
}

/**
 * `--field 'type:Label[*][:opt1|opt2]'`: `*` after the label marks the field required; options
 * become choices (radio, checkbox, gender, multipleLevelSelect) or row labels (sheet, checkList).
 */
export function parseFieldSpec(spec: string): FieldFromSpec {
  const first = spec.indexOf(':');
  const type = (first === -1 ? spec : spec.slice(0, first)).trim();
  if (!isFieldType(type)) {
    throw new UsageError(`--field "${spec}": unknown type "${type}"; expected one of ${FIELD_TYPES.join(', ')}`);
  }
  const rest = first === -1 ? '' : spec.slice(first + 1);
  const second = rest.indexOf(':');
  let label = (second === -1 ? rest : rest.slice(0, second)).trim();
  const optionsRaw = second === -1 ? undefined : rest.slice(second + 1);
  let required = false;
  if (label.endsWith('*')) {
    required = true;
    label = label.slice(0, -1).trim();
  }
  // a field without a label is a question nobody can read: refused before a form is made
  if (!label) throw new UsageError(`--field "${spec}": a label is needed, e.g. --field '${type}:${type === 'email' ? 'E-mail' : 'Your label'}${required ? '*' : ''}'`);
  const option: Record<string, unknown> = { label, required };
  const values = optionsRaw?.split('|').map((s) => s.trim()).filter(Boolean) ?? [];
  if (optionsRaw !== undefined && values.length === 0) throw new UsageError(`--field "${spec}": options after the second ':' are empty`);
  if (type === 'sheet' || type === 'checkList') {
    if (values.length) option.rowLabels = values;
  } else if (values.length) {
    option.options = values.map((v) => ({ name: v, value: v }));
  }
  if ((type === 'radio' || type === 'checkbox') && values.length === 0) {
    throw new UsageError(`--field "${spec}": a ${type} field needs options, e.g. ${type}:Label:one|two`);
  }
  if (values.length && !CHOICE_TYPES.includes(type) && !['sheet', 'checkList', 'multipleLevelSelect'].includes(type)) {
    throw new UsageError(`--field "${spec}": a ${type} field takes no options`);
  }
  if (type === 'sheet' && values.length === 0) throw new UsageError(`--field "${spec}": a sheet field needs row labels, e.g. sheet:Label:row1|row2`);
  return { type, option };
}
