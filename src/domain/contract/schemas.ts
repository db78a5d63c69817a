// spec §2: the contract's records as zod schemas: the one source of the OpenAPI description
// (openapi.ts) and of the response types the CLI uses (`import type`, so the one-request path never
// loads zod). Where the spec says "not shown", a schema stays open (passthrough / unknown).
import { z } from 'zod/v4';
import { FIELD_TYPES } from '../fieldTypes.js';
import { DraftBody, FormDraft, GeneratedDraft } from './draft.js';
import { FieldDefinition, FieldOption } from './fields.js';
import { FormCreateSchema, FormUpdateSchema, QrConfigSchema, QuizFormConfigSchema } from '../form.js';
import { HEX24_PATTERN, QR_ID_PATTERN } from '../ids.js';
import { MAX_WEBHOOK_URL } from '../limits.js';
import { webhookUrlProblem } from '../urls.js';

export { DraftBody, FieldDefinition, FieldOption, FormDraft, GeneratedDraft, FormCreateSchema, FormUpdateSchema, QrConfigSchema, QuizFormConfigSchema };

const open = <T extends z.core.$ZodLooseShape>(shape: T) => z.object(shape).loose();

export const QrId = z.string().regex(QR_ID_PATTERN).meta({ description: 'spec §2.1: uppercase letters and digits' });
export const Hex24 = z.string().regex(HEX24_PATTERN).meta({ description: 'spec §2.1: 24-character hex string' });
const DateTime = z.string().meta({ format: 'date-time' });

// ── envelopes (spec §1, §7) ──────────────────────────────────────────────────
export const FieldError = z.object({ code: z.string(), message: z.string(), type: z.string().optional() });
export const ErrorEnvelope = z
  .object({
    status: z.literal('failed'),
    message: z.string(),
    code: z.number().int(),
    data: open({ valid: z.literal(false).optional(), fieldErrors: z.record(z.string(), FieldError).optional() }),
  })
  .meta({ title: 'ErrorEnvelope', description: 'spec §7: every error; data.fieldErrors on submission validation failures' });

export function successEnvelope(data: z.ZodType, extra: Record<string, z.ZodType> = {}) {
  return z.object({ status: z.literal('success'), data, ...extra });
}

export const SuccessEnvelope = successEnvelope(z.unknown()).loose();

export function pageOf(item: z.ZodType) {
  return z.object({ items: z.array(item), total: z.number().int().min(0), page: z.number().int().min(1), pageSize: z.number().int().min(1), totalPages: z.number().int().min(0) });
}

// ── forms (spec §2.2–§2.6) ───────────────────────────────────────────────────
const FileObject = z.object({ fileId: z.string(), fileUrl: z.string() });

export const FormListItem = z
  .object({
    id: z.string(), qrId: QrId, title: z.string(), shortText: z.string(), shortUrl: z.string(), previewImage: z.string(),
    qrImage: z.string(), svgQrImage: z.string(), scans: z.number().int(), submissions: z.number().int(), active: z.boolean(),
    starred: z.boolean(), createdAt: DateTime, updatedAt: DateTime,
  })
  .meta({ title: 'FormListItem' });

export const Form = z
  .object({
    id: z.string(), qrId: QrId, title: z.string(), description: z.string(), shortText: z.string(), shortUrl: z.string(),
    previewImage: z.string(), qrImage: z.string(), svgQrImage: z.string(), scans: z.number().int(), submissions: z.number().int(),
    active: z.boolean(), fields: z.array(FieldDefinition), qrConfig: open({}), isQuiz: z.boolean(),
    quizConfig: QuizFormConfigSchema.optional(), submissionNotification: z.boolean(), createdAt: DateTime, updatedAt: DateTime,
    // spec §2.2: styling properties, carried by create and update responses
    locale: z.string().optional(), backgroundType: z.string().optional(), backgroundColor1: z.string().optional(), backgroundColor2: z.string().optional(),
    appearance: open({}).optional(), logo: FileObject.optional(), backgroundImage: FileObject.optional(), backdrop: FileObject.optional(),
  })
  .loose()
  .meta({ title: 'Form', description: 'spec §2.3' });

export const ResultMessage = z.object({ result: z.string() });
export const MessageOnly = z.object({ message: z.string() });
export const Empty = open({}).meta({ description: 'an empty object (spec: data {})' });
export const CloneResult = z.object({ cloneData: z.array(z.object({ data: open({}), qrImgUrl: z.string(), image: open({}) })) });
export const CloneBody = open({ count: z.number().int().min(1).optional() }).meta({ description: 'spec §4.1: not shown; the sandbox takes {count}' });
// Request bodies carry the messages the sandbox answers with (spec §7: 400 with a human-readable message),
// so that the description and the sandbox's checks are one schema.
export const RecipientsBody = z.object({
  recipients: z.string({ error: 'recipients must be a string of comma-separated addresses (not an array)' }).meta({ description: 'comma-separated, at most 5 (a string, not an array)' }),
});

// ── submissions (spec §2.7–§2.9, §4.4) ───────────────────────────────────────
export const QuizResultItem = open({ question: z.string(), answer: z.unknown(), correct: z.boolean(), points: z.number().optional(), earnedPoints: z.number().optional(), correctAnswer: z.unknown().optional() });
export const QuizData = open({ points: z.number().optional(), totalMarks: z.number().optional(), percentage: z.number().optional(), passed: z.boolean(), passingScore: z.number(), quizResult: z.array(QuizResultItem) });
export const Submission = z
  .object({ id: Hex24, qrId: QrId, answers: z.record(z.string(), z.unknown()), quizData: QuizData.optional(), createdAt: DateTime, updatedAt: DateTime })
  .meta({ title: 'Submission', description: 'spec §2.7' });
export const FormDefinition = z.object({ title: z.string(), fields: z.array(FieldDefinition) }).meta({ title: 'FormDefinition', description: 'spec §4.4: the top-level form of list and get' });
export const SubmissionBody = z
  .object({ answers: z.record(z.string(), z.unknown()), timeSpentSeconds: z.number().optional(), timeExpired: z.boolean().optional() })
  .meta({ title: 'SubmissionBody' });
export const SubmissionUpdateBody = z.object({ answers: z.record(z.string(), z.unknown()), timeSpentSeconds: z.number().optional() });
export const CreateSubmissionResult = open({
  submissionId: Hex24, points: z.number().optional(), totalMarks: z.number().optional(), percentage: z.number().optional(), passed: z.boolean().optional(),
  passingScore: z.number().optional(), quizResult: z.array(QuizResultItem).optional(), timeSpentSeconds: z.number().nullable().optional(), timeExpired: z.boolean().optional(),
});
export const VALUE_TYPE_NAMES = ['string', 'string[]', 'object', 'fileId', 'fileId[]', 'array'] as const;
export const SchemaField = z.object({
  key: z.string(), type: z.enum(FIELD_TYPES), valueType: z.enum(VALUE_TYPE_NAMES), label: z.string().optional(), required: z.boolean().optional(),
  options: z.array(z.object({ value: z.string(), name: z.string() })).optional(), example: z.unknown().optional(),
});
export const SubmissionSchemaResponse = z.object({ qrId: QrId, title: z.string(), fields: z.record(z.string(), SchemaField) });
const SUBMISSION_IDS = 'submissionIds must be a non-empty array of submission ids';
const BODY_QR_ID = 'qrId in the body must match the form of the path';
export const BatchDeleteBody = z.object({
  submissionIds: z.array(z.string({ error: SUBMISSION_IDS }), { error: SUBMISSION_IDS }).min(1, { error: SUBMISSION_IDS }),
  qrId: z.string({ error: BODY_QR_ID }).regex(QR_ID_PATTERN, { error: BODY_QR_ID }).optional(),
});

// ── files, webhook, team (spec §2.10) ────────────────────────────────────────
export const UploadResult = z.object({ fileUrl: z.string(), fileId: z.string() });
export const LogoItem = z.object({ fileId: z.string(), fileUrl: z.string(), mime: z.string(), fileUsed: z.boolean() });
export const UploadBody = z.object({ userFile: z.string().meta({ format: 'binary' }), category: z.enum(['logo', 'form', 'submission']) });
export const WebhookSettings = z.object({ enabled: z.boolean(), url: z.string(), secret: z.string() }).meta({ title: 'WebhookSettings' });
export const WebhookPutBody = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    url: z.string({ error: 'url must be a string' }).max(MAX_WEBHOOK_URL, { error: (iss) => webhookUrlProblem(String(iss.input), MAX_WEBHOOK_URL) ?? 'url is too long' }),
    rotateSecret: z.boolean({ error: 'rotateSecret must be true or false' }).optional(),
  })
  .strict();
export const USER_TYPES = ['Admin', 'Editor', 'Viewer'] as const;
export const TeamMember = z
  .object({ id: z.string(), name: z.string(), email: z.string(), userType: z.string(), blocked: z.boolean(), teamName: z.string() })
  .meta({ title: 'TeamMember', description: 'spec §2.10: passwords and API keys are never returned' });
export const AddMemberBody = z.object({ name: z.string().optional(), email: z.email(), password: z.string().min(1), userType: z.enum(USER_TYPES), subDomainIds: z.array(z.string()).optional() });
export const UpdateMemberBody = z.object({ name: z.string(), email: z.email(), block: z.boolean(), teamName: z.string(), userType: z.enum(USER_TYPES), pass: z.string().min(1), subDomainIds: z.array(z.string()) }).partial();
export const ResetPasswordBody = z.object({ oldPass: z.string(), newPass: z.string(), confirmPass: z.string() });
export const TeamNameBody = z.object({ teamName: z.string(), password: z.string() });

// ── templates, presets, AI builder (spec §2.10, §4.7) ───────────────────────
export const Preset = z.object({ id: z.string(), previewUrl: z.string(), config: open({}) }).meta({ title: 'Preset' });
export const TemplateListItem = open({ id: Hex24, title: z.string(), categoryName: z.string() });
export const TemplateCategory = open({ id: Hex24, name: z.string(), items: z.array(TemplateListItem).optional().meta({ description: 'with items=1: up to six public templates' }) });
// spec §2.10: the raw form of a template record, as stored (field map keys are storage metadata)
export const RawTemplateField = open({ name: z.string().meta({ description: 'PascalCase storage name: FormShortText' }), option: open({}), quizConfig: open({}).optional() });
export const RawTemplateForm = open({
  title: z.string(), shortText: z.string().optional(), fields: z.record(z.string(), RawTemplateField),
  qrConfig: z.union([z.string(), open({})]).optional().meta({ description: 'often a JSON string in stored records' }), isQuiz: z.boolean().optional(), quizConfig: open({}).optional(),
}).meta({ title: 'RawTemplateForm', description: 'spec §2.10: title, shortText, fields as a map whose values carry name and option, optional qrConfig' });
export const Template = TemplateListItem.extend({ form: RawTemplateForm }).meta({ description: 'spec §2.10: not shown beyond id, title, categoryName and the raw form' });
export const SaveTemplateBody = z.object({ categoryId: Hex24, title: z.string(), form: open({}) });
export const AiGenerateBody = z.object({ prompt: z.string().min(10), currentForm: DraftBody.optional() });
export const NotShown = z.unknown().meta({ description: 'spec: response body not shown' });

// ── analytics (spec §2.11, §4.3) ─────────────────────────────────────────────
export const AnalyticsPoint = z.object({ count: z.number().int(), bucket: z.record(z.string(), z.number()).meta({ description: 'spec §2.11: shape depends on period (the sandbox: year, month, day, hour)' }), date: z.string() });
export const Analytics = open({
  form: z.object({ qrId: QrId, title: z.string() }), period: z.string(), submissionFilter: z.boolean(), scans: z.number().int(), uniqueScans: z.number().int(),
  timeseries: z.object({ all: z.array(AnalyticsPoint), unique: z.array(AnalyticsPoint) }),
  devices: z.array(z.object({ device: z.string(), count: z.number().int() })),
  countries: z.array(z.object({ country: z.string(), count: z.number().int() })),
  cities: z.array(z.object({ city: z.string(), count: z.number().int() })),
  geoBreakdown: z.array(z.object({ device: z.string(), country: z.string(), city: z.string(), count: z.number().int() })),
  topLocations: z.array(z.object({ city: z.string(), device: z.string(), count: z.number().int() })),
  socialButtons: z.array(z.unknown()),
}).meta({ title: 'Analytics' });
export const AnalyticsExport = z.object({ csvUrl: z.string() });
export const AnalyticsPeriod = z.enum(['day', 'week', 'month', 'months', 'year', 'years', 'custom']);

// types the CLI uses (import type only)
export type FormListItem = z.infer<typeof FormListItem>;
export type Form = z.infer<typeof Form>;
export type Submission = z.infer<typeof Submission>;
export type FormDefinition = z.infer<typeof FormDefinition>;
export type SubmissionBody = z.infer<typeof SubmissionBody>;
export type CreateSubmissionResult = z.infer<typeof CreateSubmissionResult>;
export type CloneEntry = z.infer<typeof CloneResult>['cloneData'][number];
export type UploadResult = z.infer<typeof UploadResult>;
export type LogoItem = z.infer<typeof LogoItem>;
export type WebhookSettings = z.infer<typeof WebhookSettings>;
export type SubmissionSchemaResponse = z.infer<typeof SubmissionSchemaResponse>;
export type SchemaField = z.infer<typeof SchemaField>;
export type TeamMember = z.infer<typeof TeamMember>;
export type AddMemberBody = z.input<typeof AddMemberBody>;
export type UpdateMemberBody = z.input<typeof UpdateMemberBody>;
export type ResetPasswordBody = z.input<typeof ResetPasswordBody>;
export type TeamNameBody = z.input<typeof TeamNameBody>;
export type Preset = z.infer<typeof Preset>;
export type TemplateListItem = z.infer<typeof TemplateListItem>;
export type TemplateCategory = z.infer<typeof TemplateCategory>;
export type RawTemplateField = z.infer<typeof RawTemplateField>;
export type RawTemplateForm = z.infer<typeof RawTemplateForm>;
export type Template = z.infer<typeof Template>;
export type Analytics = z.infer<typeof Analytics>;
export type AnalyticsPoint = z.infer<typeof AnalyticsPoint>;
export type AnalyticsExport = z.infer<typeof AnalyticsExport>;
export type WebhookPutBody = z.input<typeof WebhookPutBody>;
/** spec §1: a success envelope; members beside data (spec §4.4: form) pass through */
export type Envelope<T> = z.infer<typeof SuccessEnvelope> & { data: T };
export type { DraftField } from './draft.js';
