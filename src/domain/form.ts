import { z } from 'zod/v4';

import { fieldSchema, type FieldDefinition } from './contract/fields.js';

export { CHOICE_TYPES, DISPLAY_TYPES, FIELD_TYPES, isFieldType, SCORED_TYPES, type FieldType } from './fieldTypes.js';

const hexColour = z.string().regex(/^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'expected a hex colour such as 1a2b3c or #1a2b3c');
const rangeEnum = (prefix: string, from: number, to: number) =>
  z.enum(Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${from + i}`) as [string, ...string[]]);

// spec §2.6: QRConfig; every property optional; qrCategory is read-only and never sent.
export const FRAME_FONTS = [
  'Arial', 'Arial Black', 'Comic Sans MS', 'Courier New', 'Helvetica', 'Impact', 'Tahoma', 'Times New Roman',
  'Verdana', 'Roboto', 'Lato', 'Oswald', 'Slabo 27px', 'Roboto Condensed', 'Montserrat', 'Source Sans Pro',
  'RaleWay', 'PT Sans',
] as const;
export const QrConfigSchema = z
  .object({
    backgroundColor: hexColour, colorDark: hexColour, color01: hexColour, color02: hexColour,
    eye_color01: hexColour, eye_color02: hexColour, frameColor: hexColour, frameColor2: hexColour,
    frameGradientStartColor: hexColour, frameGradientEndColor: hexColour,
    eye_inner: rangeEnum('eyeInner', 0, 10),
    eye_outer: rangeEnum('eyeOuter', 0, 12),
    qrData: rangeEnum('pattern', 0, 14),
    logo: z.string(),
    size: z.number().positive().max(4096),
    transparentBkg: z.boolean(),
    gradient: z.boolean(),
    grdType: z.enum(['linear', 'upDown', 'diagonal1', 'diagonal2', 'radial']),
    eye_color: z.boolean(),
    frame: z.number().int().min(1).max(16),
    frameText: z.string(),
    frameTextFont: z.enum(FRAME_FONTS),
    frameColorType: z.enum(['fill', 'linear', 'upDown', 'downUp', 'diagonal1', 'diagonal2', 'radial']),
  })
  .partial()
  .strict()
  .superRefine((q, ctx) => {
    // spec §2.6: a secondary frame colour is supported by frames 5, 6, 10, 13 and 14 only.
    if (q.frameColor2 !== undefined && q.frame !== undefined && ![5, 6, 10, 13, 14].includes(q.frame)) {
      ctx.addIssue({ code: 'custom', path: ['frameColor2'], message: `frame ${q.frame} has no secondary colour (frames 5, 6, 10, 13, 14 do)` });
    }
  })
  .meta({ title: 'QrConfig', description: 'spec §2.6: every property optional; qrCategory is read-only and never sent' });
export type QrConfig = z.infer<typeof QrConfigSchema>;

// spec §2.5: the form-level names shown; the complete list is "not shown", so others pass through.
export const QuizFormConfigSchema = z
  .object({
    passingScore: z.number().min(0).max(100),
    showFinalScore: z.boolean(),
    showAnswersResults: z.boolean(),
    enableTimeLimit: z.boolean(),
    timeLimit: z.number().int().positive(),
    shuffleQuestions: z.boolean(),
    distributeMarksEvenly: z.boolean(),
    passMessage: z.string(),
    failMessage: z.string(),
    timeUpMessage: z.string(),
  })
  .partial()
  .passthrough()
  .meta({ title: 'QuizFormConfig', description: 'spec §2.5: complete property list not shown' });

const FileObject = z.object({ fileId: z.string(), fileUrl: z.string() }).partial().strict();

// spec §2.2: the request body; "only documented properties are sent".
const formProperties = {
  title: z.string().trim().min(1, 'must not be empty'),
  shortText: z.string(),
  locale: z.string(),
  backgroundType: z.enum(['solid', 'gradient', 'image']),
  backgroundColor1: hexColour,
  backgroundColor2: hexColour,
  appearance: z.object({ headerColor: hexColour, buttonColor: hexColour }).partial().strict(),
  logo: FileObject,
  backgroundImage: FileObject,
  backdrop: FileObject,
  previewImage: FileObject,
  qrConfig: QrConfigSchema,
  isQuiz: z.boolean(),
  quizConfig: QuizFormConfigSchema,
  submissionNotification: z.boolean(),
};

export const FormCreateSchema = z
  .object({ ...formProperties, fields: z.array(fieldSchema(false)).min(1, 'a form needs at least one field') })
  .partial({ locale: true, backgroundType: true, backgroundColor1: true, backgroundColor2: true, appearance: true, logo: true, backgroundImage: true, backdrop: true, previewImage: true, qrConfig: true, isQuiz: true, quizConfig: true, submissionNotification: true })
  .strict();
export type FormCreateBody = z.infer<typeof FormCreateSchema>;

export const FormUpdateSchema = z
  .object({ ...formProperties, fields: z.array(fieldSchema(true)).min(1, 'a form needs at least one field') })
  .partial()
  .strict();
export type FormUpdateBody = z.infer<typeof FormUpdateSchema>;

/** spec §2.3: a field as returned (the sandbox keeps correct answers; responses never show them). */
export type { FieldDefinition };

export type BodyCheck<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/** what to give for a required property a body left out (spec §2.2) */
const REQUIRED_HINTS: Record<string, string> = {
  title: ' (the form\'s name)',
  shortText: ' (the line shown under the title; "" for none)',
  fields: ' (an array of {type, option}, at least one)',
};

function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((i) => {
    const path = i.path.length ? i.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '') : '(body)';
    if (i.code === 'unrecognized_keys') return `${path === '(body)' ? '' : path + ': '}unknown propert${i.keys.length > 1 ? 'ies' : 'y'} ${i.keys.map((k) => `"${k}"`).join(', ')}`;
    // a property left out, in the words of the spec (zod says "expected string, received undefined")
    if (i.code === 'invalid_type' && /received undefined$/.test(i.message)) return `${path}: required${REQUIRED_HINTS[path] ?? ''}`;
    return `${path}: ${i.message}`;
  });
}

/** Checks a POST /forms body (spec §2.2). Used by the sandbox to answer and by the CLI before sending. */
export function checkFormCreate(body: unknown): BodyCheck<FormCreateBody> {
  if (body !== null && typeof body === 'object' && 'qrId' in body) {
    // spec §2.2: sending an existing qrId on POST /forms is not supported
    return { ok: false, problems: ['qrId: sending a qrId on create is not supported; the server assigns it'] };
  }
  return checked(FormCreateSchema, body);
}

/** Checks a PUT /forms/{qrId} body (spec §2.2: partial). */
export function checkFormUpdate(body: unknown): BodyCheck<FormUpdateBody> {
  return checked(FormUpdateSchema, body);
}

/**
 * A schema's verdict; a body nested deeper than the parser's recursion can follow (a cascade of
 * thousands of levels in a local file; the sandbox refuses such JSON before parsing) is a problem
 * named as such, not a stack overflow.
 */
function checked<T>(schema: z.ZodType<T>, body: unknown): BodyCheck<T> {
  try {
    const r = schema.safeParse(body);
    return r.success ? { ok: true, value: r.data } : { ok: false, problems: describeIssues(r.error) };
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    return { ok: false, problems: ['(body): nested too deeply to check (arrays and objects thousands of levels deep)'] };
  }
}
