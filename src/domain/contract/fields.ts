// spec §2.4: a field of a form body, one schema per field type (a union on `type`), so that the
// OpenAPI description states what the server checks: a typed client generated from it refuses the
// bodies the sandbox refuses with 400. Messages are the ones the sandbox answers with.
import { z } from 'zod/v4';
import type { CascadeNode as CascadeTree } from '../cascade.js';
import { CHOICE_TYPES, FIELD_TYPES, SCORED_TYPES, type FieldType } from '../fieldTypes.js';

const CHOICE = 'an option is {name, value} with string values';
const choiceError = { error: (iss: { code: string }) => (iss.code === 'invalid_type' ? CHOICE : undefined) };
/** "a radio field", "an email field" */
const aField = (type: FieldType) => `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type} field`;

/** spec §2.4: one choice of a gender, radio or checkbox field. */
export const ChoiceOption = z
  .strictObject({ name: z.string({ error: CHOICE }), value: z.string({ error: CHOICE }), key: z.string().optional() }, choiceError)
  .meta({ title: 'ChoiceOption', description: 'spec §2.4: a choice of gender, radio or checkbox; the answer is its value' });
export type ChoiceOption = z.infer<typeof ChoiceOption>;

/** spec §2.4 "a cascade option tree" (domain/cascade.ts, where the sandbox's bounds of it are) */
export type CascadeNode = CascadeTree;
export const CascadeNode: z.ZodType<CascadeNode> = z
  .strictObject({
    name: z.string({ error: CHOICE }),
    value: z.string({ error: CHOICE }),
    key: z.string().optional(),
    get options() {
      return z.array(CascadeNode).optional();
    },
  }, choiceError)
  .meta({ title: 'CascadeNode', description: 'spec §2.4/§2.8: a level of a multipleLevelSelect cascade; the answer is the path of values, "Europe / France / Paris"' });

/** spec §2.4: `correctAnswers` is an answer value (§2.8) or several; number answers may be numbers. */
const TextAnswers = z.union([z.string(), z.array(z.string())]);
const NumberAnswers = z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]);

// spec §2.4: option properties seen; the complete list is "not shown", so others pass through.
const common = z.object({ label: z.string(), required: z.boolean(), hint: z.string(), disableQuiz: z.boolean().meta({ description: 'false marks a scored question' }) }).partial().shape;

/** An absent member is named with what the type needs; any other problem keeps zod's message. */
const needs = (what: string) => (iss: { input?: unknown }) => (iss.input === undefined ? what : undefined);

function optionOf(type: FieldType) {
  const option = (title: string, shape: z.core.$ZodLooseShape, description: string, absent?: string) =>
    z.looseObject({ ...common, ...shape }, absent ? { error: needs(absent) } : undefined).meta({ title, description: `spec §2.4: ${description}; properties beyond those shown pass through` });
  if (type === 'radio' || type === 'checkbox') {
    const options = z.array(ChoiceOption, { error: needs(`${aField(type)} needs at least one option`) }).min(1, { error: `${aField(type)} needs at least one option` });
    return { schema: option('ChoicesOption', { options }, 'radio and checkbox take at least one choice', `${aField(type)} needs option.options, at least one {name, value}`), required: true };
  }
  if (CHOICE_TYPES.includes(type)) return { schema: option('GenderOption', { options: z.array(ChoiceOption).optional() }, 'gender takes choices'), required: false };
  if (type === 'multipleLevelSelect') return { schema: option('CascadeOption', { options: z.array(CascadeNode).optional() }, 'multipleLevelSelect takes a cascade option tree'), required: false };
  if (type === 'sheet') {
    const rowLabels = z.array(z.string(), { error: needs('a sheet field needs option.rowLabels') }).min(1, { error: 'a sheet field needs option.rowLabels' });
    return { schema: option('SheetOption', { rowLabels }, 'sheet has one row per label', 'a sheet field needs option.rowLabels'), required: true };
  }
  if (type === 'checkList') {
    return { schema: option('CheckListOption', { rowLabels: z.array(z.string()).optional(), neutral: z.boolean().optional().meta({ description: 'spec §2.8: offers _d3' }) }, 'checkList has one row per label'), required: false };
  }
  return { schema: option('BasicOption', {}, 'label, required, hint'), required: false };
}

function quizConfigOf(type: FieldType) {
  // spec §2.4: a per-field quizConfig sits beside option on scored types only
  if (!SCORED_TYPES.includes(type)) return z.never({ error: `${aField(type)} cannot be scored (scored types: ${SCORED_TYPES.join(', ')})` }).optional();
  const answers = type === 'number' ? NumberAnswers : TextAnswers;
  return z
    .strictObject({ points: z.number().min(0).optional(), correctAnswers: answers.optional() })
    .optional()
    .meta({ description: 'spec §2.4: the score of the question; correct answers are never returned' });
}

const KEY_ON_CREATE = 'field keys are assigned by the server; do not send key on create';

function fieldOf(type: FieldType, allowKey: boolean) {
  const option = optionOf(type);
  return z.strictObject({
    // spec §2.1 / §2.2: `key` is server-assigned, never sent on create; on update it names an existing field
    key: allowKey ? z.string().min(1).optional() : z.never({ error: KEY_ON_CREATE }).optional(),
    type: z.literal(type),
    option: option.required ? option.schema : option.schema.optional(),
    quizConfig: quizConfigOf(type),
  });
}

const UNKNOWN_TYPE = `expected one of ${FIELD_TYPES.join(', ')}`;

/** spec §2.2: a field of a create body (allowKey false) or of an update body. */
export function fieldSchema(allowKey: boolean) {
  const [first, ...rest] = FIELD_TYPES.map((t) => fieldOf(t, allowKey));
  return z
    .discriminatedUnion('type', [first!, ...rest], {
      error: (iss) => {
        const input = iss.input as { type?: unknown } | undefined;
        // not an object at all: the union reports it as a type problem
        if ((iss.code as string) === 'invalid_type') return 'a field is an object {type, option}';
        return `unknown field type "${String(input?.type)}"; ${UNKNOWN_TYPE}`;
      },
    })
    .meta({ title: allowKey ? 'FieldUpdate' : 'FieldCreate', description: `spec §2.4: one schema per field type${allowKey ? '; key names an existing field' : '; key is never sent on create'}` });
}

// ── as returned (spec §2.3) ──────────────────────────────────────────────────
/** A field's option as returned: the properties of every type in one open record. */
export const FieldOption = z
  .looseObject({ ...common, options: z.array(z.unknown()).optional(), rowLabels: z.array(z.string()).optional() })
  .meta({ title: 'FieldOption', description: 'spec §2.4 as returned: complete property list not shown' });

export const FieldDefinition = z
  .object({ key: z.string(), type: z.enum(FIELD_TYPES), option: FieldOption, quizConfig: z.looseObject({ points: z.number().optional() }).optional() })
  .meta({ title: 'FieldDefinition', description: 'spec §2.4 as returned: key, type, option; correct answers never returned' });
export type FieldDefinition = z.infer<typeof FieldDefinition>;
