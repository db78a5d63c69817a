import type { FieldType } from '../fieldTypes.js';
import type { Concept } from './concepts.js';
import { WEEKDAYS } from './language.js';
import { choices } from './text.js';
import type { Locale, Made } from './types.js';

// A concept's field in a language: its type, the label given, its default choices or rows.

export function conceptField(c: Concept, label: string, locale: Locale): Made {
  const extra: Record<string, unknown> = {};
  if (c.options) extra.options = choices(c.options.map((o) => o[locale]));
  if (c.type === 'sheet') extra.rowLabels = WEEKDAYS.slice(0, 5).map((d) => d[locale]);
  if (c.type === 'checkbox' && c.id === 'consent') extra.options = choices([c.options![0]![locale]]);
  return { field: { type: c.type as FieldType, option: { label, ...extra } }, concept: c.id };
}

