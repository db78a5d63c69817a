import type { SubmissionSchema } from '../../domain/schema.js';
import type { ApiClient } from '../http.js';
import type { Page } from '../paginate.js';

import type { CreateSubmissionResult as CreateResult, FormDefinition, Submission, SubmissionBody } from '../../domain/contract/schemas.js';

export type { CreateResult, FormDefinition, Submission, SubmissionBody };

export { SUBMISSIONS_PAGE_MAX } from '../../domain/limits.js';

export const getSubmissionSchema = (c: ApiClient, qrId: string) => c.data<SubmissionSchema>({ method: 'GET', path: `/forms/${qrId}/submission-schema` });

export const validateSubmissionRemote = (c: ApiClient, qrId: string, body: SubmissionBody) =>
  c.data<{ valid: true }>({ method: 'POST', path: `/forms/${qrId}/submissions/validate`, body, safeToRepeat: true });

/** spec §8: with an Idempotency-Key the create is safe to retry after a timeout or 5xx. */
export async function createSubmission(c: ApiClient, qrId: string, body: SubmissionBody, idempotencyKey: string): Promise<{ result: CreateResult; replayed: boolean }> {
  const { envelope, headers } = await c.exchange<CreateResult>({ method: 'POST', path: `/forms/${qrId}/submissions`, body, idempotencyKey });
  return { result: envelope.data, replayed: headers['idempotent-replayed'] === 'true' };
}

export interface ListQuery {
  page?: number;
  limit?: number;
  since?: string;
  until?: string;
}

export async function listSubmissions(c: ApiClient, qrId: string, q: ListQuery): Promise<Page<Submission> & { form: FormDefinition }> {
  const env = await c.request<Page<Submission>>({ method: 'GET', path: `/forms/${qrId}/submissions`, query: { ...q } });
  return { ...env.data, form: env.form as FormDefinition };
}

export async function getSubmission(c: ApiClient, id: string): Promise<{ submission: Submission; form: FormDefinition }> {
  const env = await c.request<Submission>({ method: 'GET', path: `/submissions/${id}` });
  return { submission: env.data, form: env.form as FormDefinition };
}

export const updateSubmission = (c: ApiClient, id: string, body: Omit<SubmissionBody, 'timeExpired'>) =>
  c.data<Record<string, never>>({ method: 'PUT', path: `/submissions/${id}`, body });

export const deleteSubmission = (c: ApiClient, id: string) => c.data<Record<string, never>>({ method: 'DELETE', path: `/submissions/${id}` });

/** spec §4.4: ids must belong to the form; retried safely (deleting twice changes nothing more). */
export const batchDeleteSubmissions = (c: ApiClient, qrId: string, submissionIds: string[]) =>
  c.data<Record<string, never>>({ method: 'POST', path: `/forms/${qrId}/submissions/batch-delete`, body: { submissionIds, qrId }, safeToRepeat: true });

