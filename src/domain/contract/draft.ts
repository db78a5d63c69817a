// spec §4.7: the draft shape, declared once: what GET /form-templates/{id}/form-create and the AI
// builder answer, what the AI builder takes as currentForm, and what formctl's form builder and the
// sandbox's drafter work on.
import { z } from 'zod/v4';
import { FIELD_TYPES } from '../fieldTypes.js';
import { QuizFormConfigSchema } from '../form.js';
import { FieldOption } from './fields.js';

/** A question's score in a draft: points and the correct answer values (spec §2.4). */
export const DraftQuizConfig = z.looseObject({ points: z.number(), correctAnswers: z.array(z.string()) });

const fieldShape = { type: z.enum(FIELD_TYPES), option: FieldOption, quizConfig: DraftQuizConfig.optional() };
export const DraftField = z.object(fieldShape).meta({ title: 'DraftField', description: 'spec §4.7: a field of a draft: type and option, a quizConfig on quiz drafts; never a key' });
export type DraftField = z.infer<typeof DraftField>;

const formShape = { title: z.string(), shortText: z.string(), locale: z.string().optional(), isQuiz: z.boolean().optional(), quizConfig: QuizFormConfigSchema.optional() };

/** spec §4.7 form-create: ready for POST /forms; qrConfig and quiz settings when the template has them. */
export const FormDraft = z
  .looseObject({ ...formShape, fields: z.array(DraftField), qrConfig: z.looseObject({}).optional() })
  .meta({ title: 'FormDraft', description: 'spec §4.7: a form as POST /forms takes it: title, shortText, fields [{type, option}]' });
export type FormDraft = z.infer<typeof FormDraft>;

/** spec §4.7: the AI builder always answers with a locale. */
export const GeneratedDraft = FormDraft.extend({ locale: z.string() }).meta({ title: 'GeneratedDraft', description: 'spec §4.7: the AI builder\'s draft; quiz drafts add isQuiz and per-field quizConfig' });
export type GeneratedDraft = z.infer<typeof GeneratedDraft>;

/** spec §4.7: currentForm takes the draft shape only: no qrId, no qrConfig, no field keys. */
export const DraftBody = z.strictObject({ ...formShape, fields: z.array(z.strictObject(fieldShape)) }).meta({ description: 'spec §4.7: the draft shape only (no qrId, qrConfig or field keys)' });
export type DraftBody = z.input<typeof DraftBody>;
