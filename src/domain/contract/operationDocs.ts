// spec §4: what each operation does and the rules a schema cannot state (those between members, or
// between the body and the account), in the words of the spec; and one request each for the
// description's examples (a test checks every body example against its operation's schema).

export interface OperationDoc {
  description: string;
  /** a JSON body the server accepts (multipart: the text parts) */
  body?: Record<string, unknown>;
  /** example values of the path and required query parameters */
  params?: Record<string, string | number>;
}

const QR = { qrId: 'F7K2Q9' };
const SUB = { submissionId: '65f1c0a2b3d4e5f601234567' };
const TPL = { templateId: '64a1b2c3d4e5f60718293a4b' };
const MEMBER = { memberId: 'mbr_2' };
const ROLES = 'Owner and Admin only; Editor and Viewer get 403 (spec §5).';
const TEAM = `${ROLES} Plan-gated: Business and above (spec §4.6).`;
const FORM_400 = 'An unknown, archived or foreign qrId gives 400, not 404 (spec §3, §7).';
const FORM_RULES =
  'Rules between members, checked beyond the schema: qrConfig.frameColor2 only with frames 5, 6, 10, 13 and 14 (spec §2.6); ' +
  'quiz settings the plan does not allow give 400, several joined with ";" (spec §8: enableTimeLimit, shuffleQuestions, distributeMarksEvenly, a passingScore other than 70, several correctAnswers on shortText or number).';
const SUBMISSION_RULES =
  'Answers are checked against the form (spec §2.8): each key must be a field of the form, required fields need a non-empty answer, choice values must be among the options, files must be uploads of this form. ' +
  'A failure is 400 "Submission validation failed." with data.fieldErrors keyed by field key, or _form for the body (spec §7).';

export const OPERATION_DOCS: Record<string, OperationDoc> = {
  listForms: { description: 'A page of the account\'s forms (spec §4.1). An empty account gives total 0, totalPages 0 and items [].', params: { page: 1, limit: 5, sort: '1' } },
  createForm: {
    description: `Creates a form (spec §2.2): title, shortText and fields are required; fields carry type and option only (the server assigns each key and the qrId). Only documented properties are sent. Viewer gets 403. ${FORM_RULES}`,
    body: { title: 'Lunch order', shortText: 'What would you like?', fields: [{ type: 'name', option: { label: 'Your name', required: true } }, { type: 'radio', option: { label: 'Main', required: true, options: [{ name: 'Vegetarian', value: 'veg' }, { name: 'Fish', value: 'fish' }] } }] },
  },
  deleteForms: { description: 'Deletes several forms; ids is repeated once per form, not comma-separated (spec §4.1).', params: { ids: 'F7K2Q9' } },
  getForm: { description: `The form as returned (spec §2.3); per-field correct answers are never returned. ${FORM_400}`, params: QR },
  updateForm: {
    description: `Changes a form; the body is partial (spec §2.2). A field with key changes that existing field (a key that is not a field of the form gives 400); a field without key is new; fields left out are removed. An Editor may update only the forms the Editor created; Viewer gets 400 (spec §5). ${FORM_RULES} ${FORM_400}`,
    body: { title: 'Lunch order (Friday)', fields: [{ key: 'f1', type: 'name', option: { label: 'Your name', required: true } }, { type: 'email', option: { label: 'E-mail' } }] },
    params: QR,
  },
  deleteForm: { description: `Deletes a form; data.result is a localized message (spec §4.1). ${FORM_400}`, params: QR },
  archiveForm: { description: `Archives a form: it is then unavailable on the form and submission routes, which answer 400 as for an unknown form (spec §3). ${FORM_400}`, params: QR },
  restoreForm: { description: 'Restores an archived form (spec §3, §4.1).', params: QR },
  cloneForm: { description: `Creates copies of a form, one cloneData entry per copy (spec §4.1). The body is not shown by the spec; the sandbox takes {count}, default 1. ${FORM_400}`, body: { count: 2 }, params: QR },
  shareForm: { description: `E-mails the form's link. recipients is one string of comma-separated addresses, at most 5 (spec §4.1, §8), not an array. ${FORM_400}`, body: { recipients: 'ada@example.com,grace@example.com' }, params: QR },
  downloadFormQr: { description: 'The QR image of the form as bytes, not JSON (spec §1, §4.1): format png, svg, pdf or eps; resolution in pixels.', params: { ...QR, format: 'png', resolution: 1024 } },
  getFormAnalytics: {
    description: 'Scan analytics of a form of the account (spec §2.11, §4.3), or {csvUrl} with export=1. Rules between parameters: period day needs timestamp; custom needs timestamp and endTimestamp; a missing one gives 400, as does any other period.',
    params: { ...QR, period: 'week', tz: 'Europe/Paris' },
  },
  uploadLogo: { description: 'Uploads an account logo (spec §4.2): multipart with a binary userFile and category=logo; images only; at most 20 MB (larger may give 500 "uploaded file is too large"). Use the returned fileUrl in qrConfig.logo.', body: { category: 'logo' } },
  listLogos: { description: 'The account\'s logos; fileUsed is true when a form or a QR design refers to the file (spec §2.10, §4.2).' },
  uploadFormFile: {
    description: 'Uploads one file for a form (spec §4.2): category=form (logo, backgroundImage, backdrop, previewImage) or category=submission (answers of file fields: put {fileId} in answers). At most 20 MB; submission uploads are limited to 200 per 5 minutes per client and form (429). An unknown or foreign form gives 404 on this route.',
    body: { category: 'submission' },
    params: QR,
  },
  deleteFormFile: { description: 'Removes a file of the form that no form or answer uses (spec §4.2). An unknown form, foreign form or unknown fileId gives 404; a qrId not matching ^[A-Z0-9]+$ gives 400.', params: { ...QR, fileId: 'file_8c1d' } },
  getSubmissionSchema: { description: `What each field of the form takes as an answer (spec §2.9): fields is an object keyed by field key, not an array; valueType and an example of the right shape for each. ${FORM_400}`, params: QR },
  validateSubmission: { description: `Checks a create body without creating anything or sending any event (spec §4.4): data {valid: true}, or 400 with field errors. ${SUBMISSION_RULES}`, body: { answers: { f1: { firstName: 'Ada', lastName: 'Lovelace' }, f2: 'veg' } }, params: QR },
  createSubmission: {
    description: `Creates a submission and emits submission.created (spec §4.4, §6). On a quiz form data adds the score, filtered by showFinalScore and showAnswersResults. ${SUBMISSION_RULES} With an Idempotency-Key, a replay within 24 hours with the same body returns the original response; the same key with another body gives 409 (spec §8).`,
    body: { answers: { f1: { firstName: 'Ada', lastName: 'Lovelace' }, f2: 'veg' }, timeSpentSeconds: 42 },
    params: QR,
  },
  listSubmissions: { description: `A page of the form's submissions, newest first, with the form's title and fields at the top level (spec §4.4). since and until filter on createdAt. totalPages is the ceiling of total / pageSize, 0 when total is 0. ${FORM_400}`, params: { ...QR, page: 1, limit: 50, since: '2026-06-01T00:00:00Z' } },
  batchDeleteSubmissions: { description: 'Deletes submissions of the form; Admin and owner only (spec §4.4, §5). Rule beyond the schema: every id must belong to the form of the path, and a qrId in the body must be that form.', body: { submissionIds: ['65f1c0a2b3d4e5f601234567'] }, params: QR },
  getSubmission: { description: 'One submission, with its form\'s title and fields at the top level (spec §4.4). An unknown id gives 400, not 404.', params: SUB },
  updateSubmission: { description: `Replaces the answers of a submission (spec §4.4); timeExpired is not taken. Viewer gets 400 (spec §5). ${SUBMISSION_RULES}`, body: { answers: { f1: { firstName: 'Ada', lastName: 'King' }, f2: 'fish' } }, params: SUB },
  deleteSubmission: { description: 'Deletes a submission; Admin and owner only, others get 400 (spec §4.4, §5).', params: SUB },
  getWebhook: { description: `The account's webhook settings; the secret signs each delivery (spec §4.5, §6). ${ROLES}` },
  putWebhook: {
    description: `Changes the webhook (spec §3, §4.5). Rules between members: enabled true needs a non-empty url (HTTPS, or HTTP in local development; at most 2048 characters), and generates the secret when there is none; rotateSecret true needs a url; enabled false with an empty url clears url and secret. ${ROLES}`,
    body: { enabled: true, url: 'https://hooks.example.com/forms' },
  },
  listTeamMembers: { description: `The team's members; passwords and API keys are never returned (spec §2.10, §4.6). ${TEAM}` },
  addTeamMember: { description: `Adds a member (spec §4.6). 400 on an ineligible plan, when no member slot is left, or for an e-mail already in the team. ${TEAM}`, body: { name: 'Grace Hopper', email: 'grace@example.com', password: 'correct horse battery', userType: 'Editor' } },
  updateTeamMember: { description: `Changes a member: any of name, email, block, teamName, userType, pass (a new password) and subDomainIds (spec §4.6). ${TEAM}`, body: { userType: 'Admin', block: false }, params: MEMBER },
  deleteTeamMember: { description: `Removes a member from the team (spec §4.6). ${TEAM}`, params: MEMBER },
  resetTeamMemberPassword: { description: 'Changes the caller\'s own password, called with the member\'s own key; Owner and Admin cannot reset another member\'s password here (spec §4.6). Rule between members: confirmPass must equal newPass.', body: { oldPass: 'old secret', newPass: 'new secret', confirmPass: 'new secret' }, params: MEMBER },
  renameTeam: { description: `Renames the team; password is the caller's current login password (spec §4.6). ${ROLES}`, body: { teamName: 'Research', password: 'correct horse battery' } },
  listPresets: { description: 'QR design presets; a preset\'s config is copied into a form\'s qrConfig (spec §4.7).' },
  listTemplateCategories: { description: 'Template categories; items=1 embeds up to six public templates per root category (spec §4.7).', params: { items: '1' } },
  listTemplates: { description: 'Public templates of a category (spec §4.7). A categoryId that is not a 24-character hex string gives 400.', params: { categoryId: '64a1b2c3d4e5f60718293a4c', limit: 10 } },
  getTemplate: { description: 'A template with its raw form: fields as a map whose values carry name and option, qrConfig often a JSON string (spec §2.10). A templateId that is not a 24-character hex string gives 400 "Invalid template id".', params: TPL },
  getTemplateFormCreate: { description: 'The template as a POST /forms body: title, shortText and fields [{type, option}], with qrConfig and quiz settings when the template has them (spec §4.7).', params: TPL },
  listFavoriteTemplates: { description: 'The caller\'s favorite templates (spec §4.7; the response body is not shown by the spec).' },
  listMyTemplates: { description: 'The account\'s private templates (spec §4.7; the response body is not shown by the spec).' },
  addFavoriteTemplate: { description: 'Adds a template to the caller\'s favorites (spec §4.7; the response body is not shown by the spec).', params: TPL },
  removeFavoriteTemplate: { description: 'Removes a template from the caller\'s favorites (spec §4.7; the response body is not shown by the spec).', params: TPL },
  shareTemplate: { description: 'E-mails a public template\'s link; recipients is one comma-separated string, at most 5 (spec §4.7, §8).', body: { recipients: 'ada@example.com' }, params: TPL },
  saveTemplate: { description: 'Saves a private template of the account, never published to the public gallery (spec §4.7). form is a full template layout, the shape of the raw form of GET /form-templates/{templateId}, not an empty fields list.', body: { categoryId: '64a1b2c3d4e5f60718293a4c', title: 'Lunch order', form: { title: 'Lunch order', shortText: 'What would you like?', fields: { a1: { name: 'FormShortText', option: { label: 'Dish' } } } } } },
  generateFormDraft: {
    description: 'Drafts a form from a prompt of at least 10 characters, or changes currentForm as the prompt says (spec §4.7). currentForm takes the draft shape only: no qrId, qrConfig or field keys. Every call counts against the monthly quota; the same prompt and currentForm may be answered from a cache for a week. 400 for a missing or short prompt or an unreadable AI answer; 500 for an AI failure.',
    body: { prompt: 'A lunch order form with name, e-mail and a choice of main course' },
  },
};
