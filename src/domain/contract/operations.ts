// spec §4: all 44 operations of API v1 as data, the source of the OpenAPI description. Built or not
// in the sandbox, each is here with its parameters, body and success shape.
import { z } from 'zod/v4';
import { FORMS_PAGE_DEFAULT, MAX_IDEMPOTENCY_KEY, SUBMISSIONS_PAGE_DEFAULT, SUBMISSIONS_PAGE_MAX } from '../limits.js';
import * as S from './schemas.js';
import { QR_FORMATS } from '../qrFormats.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface QueryParam {
  name: string;
  schema: z.ZodType;
  required?: boolean;
  /** repeated once per value (spec §4.1: ids=A&ids=B) */
  repeated?: boolean;
  description?: string;
}

export interface Operation {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI path, {name} parameters */
  path: string;
  tag: 'forms' | 'uploads' | 'analytics' | 'submissions' | 'webhook' | 'team' | 'templates' | 'presets' | 'ai';
  summary: string;
  query?: QueryParam[];
  body?: z.ZodType | 'multipart';
  /** the body may be absent (clone) */
  bodyOptional?: boolean;
  /** success `data`; 'binary' for the one non-JSON route */
  response: z.ZodType | 'binary';
  /** top-level members beside `data` (spec §4.4: `form`) */
  extra?: Record<string, z.ZodType>;
  headers?: Array<{ name: string; schema: z.ZodType; description: string }>;
}

const page = z.number().int().min(1);
const formsPage: QueryParam[] = [
  { name: 'page', schema: page.default(1) },
  { name: 'limit', schema: z.number().int().min(1).default(FORMS_PAGE_DEFAULT) },
  { name: 'sort', schema: z.enum(['1', '2', '3']).default('1'), description: '1 newest first, 2 by name, 3 by scan count' },
];
const instant = z.string().meta({ description: 'ISO 8601 or a Unix timestamp; filter on createdAt' });
const op = (o: Operation) => o;

export const OPERATIONS: Operation[] = [
  // §4.1 forms
  op({ operationId: 'listForms', method: 'get', path: '/forms', tag: 'forms', summary: 'List forms', query: formsPage, response: S.pageOf(S.FormListItem) }),
  op({ operationId: 'createForm', method: 'post', path: '/forms', tag: 'forms', summary: 'Create a form', body: S.FormCreateSchema, response: S.Form }),
  op({ operationId: 'deleteForms', method: 'delete', path: '/forms', tag: 'forms', summary: 'Delete several forms', query: [{ name: 'ids', schema: S.QrId, required: true, repeated: true }], response: S.MessageOnly }),
  op({ operationId: 'getForm', method: 'get', path: '/forms/{qrId}', tag: 'forms', summary: 'Get a form', response: S.Form }),
  op({ operationId: 'updateForm', method: 'put', path: '/forms/{qrId}', tag: 'forms', summary: 'Update a form (partial)', body: S.FormUpdateSchema, response: S.Form }),
  op({ operationId: 'deleteForm', method: 'delete', path: '/forms/{qrId}', tag: 'forms', summary: 'Delete a form', response: S.ResultMessage }),
  op({ operationId: 'archiveForm', method: 'put', path: '/forms/{qrId}/archive', tag: 'forms', summary: 'Archive a form', response: S.ResultMessage }),
  op({ operationId: 'restoreForm', method: 'put', path: '/forms/{qrId}/restore', tag: 'forms', summary: 'Restore an archived form', response: S.ResultMessage }),
  op({ operationId: 'cloneForm', method: 'post', path: '/forms/{qrId}/clone', tag: 'forms', summary: 'Clone a form', body: S.CloneBody, bodyOptional: true, response: S.CloneResult }),
  op({ operationId: 'shareForm', method: 'post', path: '/forms/{qrId}/share', tag: 'forms', summary: 'Share a form by e-mail', body: S.RecipientsBody, response: S.Empty }),
  op({
    operationId: 'downloadFormQr', method: 'get', path: '/forms/{qrId}/download', tag: 'forms', summary: "Download a form's QR image",
    query: [{ name: 'format', schema: z.enum(QR_FORMATS), required: true }, { name: 'resolution', schema: z.number().int() }],
    response: 'binary',
  }),
  op({
    operationId: 'getFormAnalytics', method: 'get', path: '/forms/{qrId}/analytics', tag: 'analytics', summary: 'Scan analytics, or a CSV export link',
    query: [
      { name: 'period', schema: S.AnalyticsPeriod.default('month') },
      { name: 'tz', schema: z.string().default('UTC'), description: 'IANA time zone' },
      { name: 'timestamp', schema: z.number().int(), description: 'epoch seconds; required for day and custom' },
      { name: 'endTimestamp', schema: z.number().int(), description: 'epoch seconds; required for custom' },
      { name: 'submission', schema: z.literal('1') },
      { name: 'export', schema: z.literal('1') },
    ],
    response: z.union([S.Analytics, S.AnalyticsExport]),
  }),
  // §4.2 uploads
  op({ operationId: 'uploadLogo', method: 'post', path: '/account/uploads', tag: 'uploads', summary: 'Upload an account logo (category=logo)', body: 'multipart', response: S.UploadResult }),
  op({ operationId: 'listLogos', method: 'get', path: '/account/uploads', tag: 'uploads', summary: 'List account logos', response: z.array(S.LogoItem) }),
  op({ operationId: 'uploadFormFile', method: 'post', path: '/forms/{qrId}/uploads', tag: 'uploads', summary: 'Upload a form or submission file', body: 'multipart', response: S.UploadResult }),
  op({ operationId: 'deleteFormFile', method: 'delete', path: '/forms/{qrId}/uploads/{fileId}', tag: 'uploads', summary: 'Delete an unused form file', response: S.NotShown }),
  // §4.4 submissions
  op({ operationId: 'getSubmissionSchema', method: 'get', path: '/forms/{qrId}/submission-schema', tag: 'submissions', summary: "A form's submission schema", response: S.SubmissionSchemaResponse }),
  op({ operationId: 'validateSubmission', method: 'post', path: '/forms/{qrId}/submissions/validate', tag: 'submissions', summary: 'Validate answers without creating', body: S.SubmissionBody, response: z.object({ valid: z.literal(true) }) }),
  op({
    operationId: 'createSubmission', method: 'post', path: '/forms/{qrId}/submissions', tag: 'submissions', summary: 'Create a submission', body: S.SubmissionBody, response: S.CreateSubmissionResult,
    headers: [{ name: 'Idempotency-Key', schema: z.string().min(1).max(MAX_IDEMPOTENCY_KEY), description: 'spec §8: replay window 24 hours' }],
  }),
  op({
    operationId: 'listSubmissions', method: 'get', path: '/forms/{qrId}/submissions', tag: 'submissions', summary: "List a form's submissions, newest first",
    query: [
      { name: 'page', schema: page.default(1) },
      { name: 'limit', schema: z.number().int().min(1).max(SUBMISSIONS_PAGE_MAX).default(SUBMISSIONS_PAGE_DEFAULT) },
      { name: 'since', schema: instant },
      { name: 'until', schema: instant },
    ],
    response: S.pageOf(S.Submission), extra: { form: S.FormDefinition },
  }),
  op({ operationId: 'batchDeleteSubmissions', method: 'post', path: '/forms/{qrId}/submissions/batch-delete', tag: 'submissions', summary: 'Delete several submissions of a form', body: S.BatchDeleteBody, response: S.Empty }),
  op({ operationId: 'getSubmission', method: 'get', path: '/submissions/{submissionId}', tag: 'submissions', summary: 'Get a submission', response: S.Submission, extra: { form: S.FormDefinition } }),
  op({ operationId: 'updateSubmission', method: 'put', path: '/submissions/{submissionId}', tag: 'submissions', summary: "Replace a submission's answers", body: S.SubmissionUpdateBody, response: S.Empty }),
  op({ operationId: 'deleteSubmission', method: 'delete', path: '/submissions/{submissionId}', tag: 'submissions', summary: 'Delete a submission', response: S.Empty }),
  // §4.5 webhook
  op({ operationId: 'getWebhook', method: 'get', path: '/account/webhook', tag: 'webhook', summary: 'Webhook settings', response: S.WebhookSettings }),
  op({ operationId: 'putWebhook', method: 'put', path: '/account/webhook', tag: 'webhook', summary: 'Change webhook settings', body: S.WebhookPutBody, response: S.WebhookSettings }),
  // §4.6 team
  op({ operationId: 'listTeamMembers', method: 'get', path: '/team/members', tag: 'team', summary: 'List team members', response: z.object({ members: z.array(S.TeamMember) }) }),
  op({ operationId: 'addTeamMember', method: 'post', path: '/team/members', tag: 'team', summary: 'Add a team member', body: S.AddMemberBody, response: z.object({ message: z.string(), member: S.TeamMember }) }),
  op({ operationId: 'updateTeamMember', method: 'put', path: '/team/members/{memberId}', tag: 'team', summary: 'Change a team member', body: S.UpdateMemberBody, response: z.object({ message: z.string(), member: S.TeamMember }) }),
  op({ operationId: 'deleteTeamMember', method: 'delete', path: '/team/members/{memberId}', tag: 'team', summary: 'Remove a team member', response: S.MessageOnly }),
  op({ operationId: 'resetTeamMemberPassword', method: 'post', path: '/team/members/{memberId}/reset-password', tag: 'team', summary: "Reset the caller's own password", body: S.ResetPasswordBody, response: S.MessageOnly }),
  op({ operationId: 'renameTeam', method: 'patch', path: '/team', tag: 'team', summary: 'Rename the team', body: S.TeamNameBody, response: z.object({ message: z.string(), teamName: z.string() }) }),
  // §4.7 templates, presets, AI builder
  op({ operationId: 'listPresets', method: 'get', path: '/qr-design-templates', tag: 'presets', summary: 'QR design presets', response: z.array(S.Preset) }),
  op({ operationId: 'listTemplateCategories', method: 'get', path: '/form-templates/categories', tag: 'templates', summary: 'Template categories', query: [{ name: 'items', schema: z.literal('1') }], response: z.array(S.TemplateCategory) }),
  op({ operationId: 'listTemplates', method: 'get', path: '/form-templates', tag: 'templates', summary: 'Public templates of a category', query: [{ name: 'categoryId', schema: S.Hex24, required: true }, { name: 'limit', schema: z.number().int().min(1) }], response: z.array(S.TemplateListItem) }),
  op({ operationId: 'getTemplate', method: 'get', path: '/form-templates/{templateId}', tag: 'templates', summary: 'A template with its raw form', response: S.Template }),
  op({ operationId: 'getTemplateFormCreate', method: 'get', path: '/form-templates/{templateId}/form-create', tag: 'templates', summary: 'A template as a POST /forms body', response: S.FormDraft }),
  op({ operationId: 'listFavoriteTemplates', method: 'get', path: '/form-templates/favorites', tag: 'templates', summary: 'Favorite templates', response: S.NotShown }),
  op({ operationId: 'listMyTemplates', method: 'get', path: '/form-templates/mine', tag: 'templates', summary: "The account's private templates", response: S.NotShown }),
  op({ operationId: 'addFavoriteTemplate', method: 'put', path: '/form-templates/{templateId}/favorite', tag: 'templates', summary: 'Add a template to favorites', response: S.NotShown }),
  op({ operationId: 'removeFavoriteTemplate', method: 'delete', path: '/form-templates/{templateId}/favorite', tag: 'templates', summary: 'Remove a template from favorites', response: S.NotShown }),
  op({ operationId: 'shareTemplate', method: 'post', path: '/form-templates/{templateId}/share', tag: 'templates', summary: 'E-mail a public template link', body: S.RecipientsBody, response: S.NotShown }),
  op({ operationId: 'saveTemplate', method: 'post', path: '/form-templates', tag: 'templates', summary: 'Save a private template', body: S.SaveTemplateBody, response: S.NotShown }),
  op({ operationId: 'generateFormDraft', method: 'post', path: '/form-ai-builder/generate', tag: 'ai', summary: 'Draft a form from a prompt', body: S.AiGenerateBody, response: S.GeneratedDraft }),
];

export const PATH_PARAMS: Record<string, z.ZodType> = { qrId: S.QrId, submissionId: S.Hex24, templateId: z.string(), memberId: z.string(), fileId: z.string() };
