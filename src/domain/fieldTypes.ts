// spec §2.4, kept free of zod so that commands which only list the names load no schema library.
export const FIELD_TYPES = [
  'name', 'address', 'phone', 'email', 'gender', 'shortText', 'longText', 'number', 'radio', 'checkbox',
  'calendar', 'time', 'picture', 'document', 'signature', 'audio', 'video', 'title', 'description',
  'location', 'multipleLevelSelect', 'checkList', 'sheet',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
/** spec §2.4: gender, radio and checkbox take option.options */
export const CHOICE_TYPES: readonly FieldType[] = ['gender', 'radio', 'checkbox'];
/** spec §2.4: scored types */
export const SCORED_TYPES: readonly FieldType[] = ['radio', 'checkbox', 'shortText', 'number'];
/** spec §2.4: display-only */
export const DISPLAY_TYPES: readonly FieldType[] = ['title', 'description'];

export function isFieldType(value: string): value is FieldType {
  return (FIELD_TYPES as readonly string[]).includes(value);
}
