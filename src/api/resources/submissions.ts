import type { SubmissionSchema } from '../../domain/schema.js';
import { textOf } from '../bodyText.js';
import { apiErrorOf, envelopeOf } from '../envelope.js';
import type { ApiClient } from '../http.js';
import { paginatePages, type Page } from '../paginate.js';

import type { CreateSubmissionResult as CreateResult, FormDefinition, Submission, SubmissionBody } from '../../domain/contract/schemas.js';

export type { CreateResult, FormDefinition, Submission, SubmissionBody };

import { SUBMISSIONS_PAGE_MAX } from '../../domain/limits.js';

export { SUBMISSIONS_PAGE_MAX };

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

/**
 * spec §4.4: list and get carry the form at the top level. A response without one (or with one of
 * another shape) gives undefined, not a cast: what reads the fields (redaction above all) must then
 * know nothing of them rather than crash or assume. Fields without a key are left out likewise.
 */
function formOf(form: unknown): FormDefinition | undefined {
  if (!form || typeof form !== 'object' || !Array.isArray((form as { fields?: unknown }).fields)) return undefined;
  const f = form as FormDefinition;
  const known = f.fields.filter((x) => x !== null && typeof x === 'object' && typeof x.key === 'string' && typeof x.type === 'string');
  return { ...f, fields: known.map((x) => (x.option !== null && typeof x.option === 'object' ? x : { ...x, option: {} })) };
}

export type SubmissionsPage = Page<Submission> & { form: FormDefinition | undefined };

export async function listSubmissions(c: ApiClient, qrId: string, q: ListQuery): Promise<SubmissionsPage> {
  return submissionsPageOf(textOf(await listSubmissionsChunks(c, qrId, q)), qrId);
}

const submissionsPath = (qrId: string) => `/forms/${qrId}/submissions`;

/**
 * A page of the list from the text that came (the bytes of listSubmissionsChunks), read as the
 * client reads a response (envelope.ts), then as a page: data holding a list of items (spec §4.4),
 * with the form; a page without the list is refused as the client refuses what is no envelope, its
 * text quoted. Wherever a page is decoded (a list, an export's page in its turn, sync's SQLite worker)
 * it is read this one way.
 */
export function submissionsPageOf(text: string, qrId: string): SubmissionsPage {
  const path = submissionsPath(qrId);
  const env = envelopeOf<Page<Submission>>(200, text, 'GET', path);
  if (!Array.isArray(env.data?.items)) throw apiErrorOf(200, undefined, text, 'GET', path);
  return { ...env.data, form: formOf(env.form) };
}

/** A page fetched ahead of its turn (pageWalker.ts): its bytes now, decoded when the function is called. */
export async function listSubmissionsDeferred(c: ApiClient, qrId: string, q: ListQuery): Promise<() => SubmissionsPage> {
  const chunks = await listSubmissionsChunks(c, qrId, q);
  return () => submissionsPageOf(textOf(chunks), qrId);
}

/** A page of listSubmissions as the bytes that came, undecoded (ApiClient.requestChunks; an error status is thrown). */
export async function listSubmissionsChunks(c: ApiClient, qrId: string, q: ListQuery): Promise<Buffer[]> {
  return c.requestChunks({ method: 'GET', path: submissionsPath(qrId), query: { ...q } });
}

export async function getSubmission(c: ApiClient, id: string): Promise<{ submission: Submission; form: FormDefinition | undefined }> {
  const env = await c.request<Submission>({ method: 'GET', path: `/submissions/${id}` });
  return { submission: env.data, form: formOf(env.form) };
}

export const updateSubmission = (c: ApiClient, id: string, body: Omit<SubmissionBody, 'timeExpired'>) =>
  c.data<Record<string, never>>({ method: 'PUT', path: `/submissions/${id}`, body });

export const deleteSubmission = (c: ApiClient, id: string) => c.data<Record<string, never>>({ method: 'DELETE', path: `/submissions/${id}` });

/** spec §4.4: ids must belong to the form; retried safely (deleting twice changes nothing more). */
export const batchDeleteSubmissions = (c: ApiClient, qrId: string, submissionIds: string[]) =>
  c.data<Record<string, never>>({ method: 'POST', path: `/forms/${qrId}/submissions/batch-delete`, body: { submissionIds, qrId }, safeToRepeat: true });

interface AllSubmissions {
  items: Submission[];
  form: FormDefinition | undefined;
  requests: number;
}

/**
 * Every submission of a form in a time window, through the one page walker (paginate.ts) at the largest page size
 * (fewest requests: quota is money). After page 1 the window is pinned to its newest row, so that
 * submissions arriving meanwhile cannot shift the pages; ids are de-duplicated all the same.
 */
export async function allSubmissions(client: ApiClient, qrId: string, q: { since?: string; until?: string }, check?: (form: FormDefinition | undefined) => void): Promise<AllSubmissions> {
  const walk = submissionPages(client, qrId, q, check);
  const items: Submission[] = [];
  for await (const page of walk.pages) for (const s of page) items.push(s);
  return { items, form: walk.form(), requests: walk.requests() };
}

/**
 * allSubmissions a page at a time, for output written as the pages come; form() is the form page 1
 * brought (known once the first page has come).
 */
export function submissionPages(client: ApiClient, qrId: string, q: { since?: string; until?: string }, check?: (form: FormDefinition | undefined) => void) {
  let pinned = q.until;
  let form: FormDefinition | undefined;
  let requests = 0;
  const fetchPage = async (page: number) => {
    requests++;
    const res = await listSubmissions(client, qrId, { page, limit: SUBMISSIONS_PAGE_MAX, since: q.since, until: pinned });
    // what the caller asks of the form is checked on page 1, before the other pages are paid for
    if (page === 1) check?.(res.form);
    form ??= res.form;
    pinned ??= res.items[0]?.createdAt;
    return res;
  };
  return { pages: paginatePages(fetchPage, (x: Submission) => x.id), form: () => form, requests: () => requests };
}
