import { fileIdsOf, isFileField, validateSubmission, type FieldErrors } from '../domain/answers.js';
import { filterQuizForResponse, scoreQuiz, type QuizData, type QuizSettings } from '../domain/quiz.js';
import { utcMonth } from '../domain/instants.js';
import { ApiFailure } from './http.js';
import type { SandboxInstance } from './instance.js';
import type { AccountRow } from './repo/accounts.js';
import { newObjectId, readDoc, type FormDoc, type FormRow } from './repo/forms.js';
import type { SubmissionRow } from './repo/submissions.js';

export const VALIDATION_FAILED = 'Submission validation failed.';
export const SUBMISSION_QUOTA_MESSAGE = 'Your current plan does not support this action. Please upgrade your plan.';

export interface SubmissionInput {
  answers: Record<string, unknown>;
  timeSpentSeconds?: number;
  timeExpired?: boolean;
}

/** spec §7: fieldErrors for create, edit and validate; throws the 400 the API answers. */
export function checkSubmission(sb: SandboxInstance, account: AccountRow, form: FormRow, doc: FormDoc, body: unknown, mode: 'create' | 'update'): void {
  const errors: FieldErrors = validateSubmission(doc.fields, body, { mode, fileExists: (fileId) => sb.store.files.usableBy(fileId, account.id, form.qr_id) });
  if (Object.keys(errors).length) throw new ApiFailure(400, VALIDATION_FAILED, { valid: false, fieldErrors: errors });
}

export interface Committed {
  /** the create response's data (spec §4.4: quiz fields filtered by the form's settings) */
  response: Record<string, unknown>;
  quiz?: QuizData;
  created?: SubmissionRow;
}

/**
 * The one path that creates a submission, for the API route and the public form page alike:
 * validation, quiz scoring, the submission quota (spec §7), the row and its counter, the owner's
 * e-mail, then the `submission.created` event (webhook). `inTransaction` runs first inside the write
 * (the API's idempotent replay); when it returns a response, nothing is created.
 */
export function commitSubmission(
  sb: SandboxInstance, account: AccountRow, form: FormRow, body: unknown, nowMs: number,
  hooks: { inTransaction?(): Record<string, unknown> | undefined; remember?(response: Record<string, unknown>): void } = {},
): Committed {
  const doc = readDoc(form);
  checkSubmission(sb, account, form, doc, body, 'create');
  const b = body as SubmissionInput;
  const settings = (doc.quizConfig ?? {}) as QuizSettings;
  const quiz = doc.isQuiz ? scoreQuiz(doc.fields, b.answers, settings) : undefined;
  const month = utcMonth(nowMs);
  const store = sb.store;
  let created: SubmissionRow | undefined;
  const response = store.write(() => {
    const again = hooks.inTransaction?.();
    if (again) return again;
    if (store.submissionUsage.used(account.id, month) >= store.accounts.submissionLimit(account)) throw new ApiFailure(400, SUBMISSION_QUOTA_MESSAGE);
    created = store.submissions.insert({ id: newObjectId(nowMs), qrId: form.qr_id, accountId: account.id, answers: b.answers, quiz, timeSpent: b.timeSpentSeconds, timeExpired: b.timeExpired, createdMs: nowMs });
    store.submissionUsage.increment(account.id, month);
    // files a page submit kept while it came back with errors belong to this submission now
    if (doc.fields.some(isFileField)) store.files.settle(form.qr_id, fileIdsOf(b.answers, doc.fields));
    const out: Record<string, unknown> = { submissionId: created.id };
    if (quiz) Object.assign(out, filterQuizForResponse(quiz, settings), { timeSpentSeconds: b.timeSpentSeconds ?? null, timeExpired: b.timeExpired ?? false });
    hooks.remember?.(out);
    if (doc.submissionNotification !== false) {
      store.outbox.add(account.id, 'submission.notification', store.members.ownerEmail(account.id), `New submission to ${doc.title}`, created.id, created.created_at);
    }
    return out;
  });
  if (created) sb.events.emit('submission.created', { accountId: account.id, row: created, doc, quizData: quiz });
  return { response, quiz, created };
}
