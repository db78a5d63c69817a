import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { deviceOf } from '../../domain/analytics.js';
import { commitSubmission, checkSubmission, SUBMISSION_QUOTA_MESSAGE } from '../creation.js';
import { ApiFailure } from '../http.js';
import type { SandboxInstance } from '../instance.js';
import { readDoc, type FormDoc, type FormRow } from '../repo/forms.js';
import { MultipartError } from '../routes/multipart.js';
import type { ScanRow } from '../repo/scans.js';
import { receiveFormPost, type FormPost } from './formPost.js';
import { en } from './locales/en.js';
import { wordsFor } from './locale.js';
import { esc } from './controls.js';
import { PAGE_CSP, formPage, unavailablePage } from './page.js';
import type { PageErrors } from './pageErrors.js';
import { answersFromPost } from './postedAnswers.js';
import { acceptFiles, mergeFiles, type KeptFiles } from './postedFiles.js';
import { resultPage } from './result.js';
import { THANKS_TTL_MS, visitTokens } from './visitTokens.js';
import { PENDING_FILE_TTL_MS } from '../repo/files.js';

// docs/sandbox.md "The form page": the public form page, its scans, its submissions (POST, then a 303 to the
// thank-you page: a reload shows it again and creates nothing), and the files kept for a retry.

export const VISITOR_COOKIE = 'formctl_visitor';
/** headers that place a visitor (tests and demos), else "Unknown" */
export const COUNTRY_HEADER = 'x-sandbox-country';
export const CITY_HEADER = 'x-sandbox-city';

function html(res: ServerResponse, status: number, body: string, headers: Record<string, string | string[]> = {}): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': PAGE_CSP, ...headers }).end(body);
}

/** The form a short link names, or the page that says why it is not available (in the form's words). */
function openForm(sb: SandboxInstance, qrId: string, res: ServerResponse): FormRow | undefined {
  const row = sb.store.forms.find(qrId);
  const words = row ? wordsFor(readDoc(row).locale) : en;
  if (!row) html(res, 404, unavailablePage(404, words, words.unavailable.notFound));
  else if (row.archived === 1) html(res, 410, unavailablePage(410, words, words.unavailable.archived));
  else if (row.blocked === 1) html(res, 403, unavailablePage(403, words, words.unavailable.blocked));
  else return row;
  return undefined;
}

function header(req: IncomingMessage, name: string): string {
  const v = req.headers[name];
  return (Array.isArray(v) ? v[0] : v)?.trim().slice(0, 80) || 'Unknown';
}

/** the data dir's key of cookieless visitor ids: made once, kept in its meta (so every sandbox of the data dir, and every restart, counts one visitor once) */
function visitorKey(sb: SandboxInstance): string {
  let key = sb.store.meta.get('visitor_key');
  if (!key) sb.store.meta.set('visitor_key', (key = randomBytes(32).toString('hex')));
  return key;
}

/**
 * The visitor: the first-party cookie when the browser sends it, else a hash of the client address
 * and User-Agent (so a cookieless client is one visitor too); the cookie is set either way.
 */
function visitorOf(sb: SandboxInstance, req: IncomingMessage): { id: string; setCookie?: string } {
  const cookie = /(?:^|;\s*)formctl_visitor=([0-9a-f]{16})(?:;|$)/.exec(req.headers.cookie ?? '')?.[1];
  if (cookie) return { id: cookie };
  // keyed by a secret of the data dir: the id is shown in analytics exports, and a plain hash of an
  // IPv4 address and a common User-Agent could be searched back to the address
  const id = createHmac('sha256', visitorKey(sb)).update(`${req.socket.remoteAddress ?? ''}|${req.headers['user-agent'] ?? ''}`).digest('hex').slice(0, 16);
  return { id, setCookie: `${VISITOR_COOKIE}=${id}; Path=/s/; Max-Age=31536000; SameSite=Lax; HttpOnly` };
}

function timeLimitOf(doc: FormDoc): number | undefined {
  const q = (doc.quizConfig ?? {}) as { enableTimeLimit?: boolean; timeLimit?: number };
  return doc.isQuiz && q.enableTimeLimit ? (q.timeLimit ?? 1800) : undefined;
}

/** A scan of the form (spec §2.11): the time, the device, the place the headers say, the visitor. */
function recordVisit(sb: SandboxInstance, row: FormRow, req: IncomingMessage, visitor: string, nowMs: number): number {
  return sb.store.scans.add({
    qrId: row.qr_id, atMs: nowMs, device: deviceOf(req.headers['user-agent']), country: header(req, COUNTRY_HEADER), city: header(req, CITY_HEADER),
    visitor, userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300),
  });
}

/** GET /s/{qrId}: the page, and a scan of it (spec §2.11). */
/**
 * HEAD of a short link (link checkers and previews ask it before a GET): the status and headers the
 * page would have, no body, and no scan recorded (no one visited).
 */
export function probe(sb: SandboxInstance, qrId: string, res: ServerResponse): void {
  if (openForm(sb, qrId, res)) html(res, 200, '');
}

export function visit(sb: SandboxInstance, qrId: string, req: IncomingMessage, res: ServerResponse): void {
  const row = openForm(sb, qrId, res);
  if (!row) return;
  const visitor = visitorOf(sb, req);
  const nowMs = sb.now().getTime();
  const scanId = recordVisit(sb, row, req, visitor.id, nowMs);
  const doc = readDoc(row);
  html(res, 200, formPage({ qrId: row.qr_id, doc, scanId, startedMs: nowMs, timeLimit: timeLimitOf(doc) }), visitor.setCookie ? { 'set-cookie': visitor.setCookie } : {});
}

/**
 * The visit a submit comes from: the scan the page names, when it is this visitor's scan of this
 * form. Its time, recorded by the server when the page was served, is when a timed quiz started:
 * never a value the visitor sends.
 */
function scanOf(sb: SandboxInstance, row: FormRow, post: FormPost, visitor: string): ScanRow | undefined {
  const id = Number(post.fields.get('_scan')?.[0]);
  if (!Number.isSafeInteger(id)) return undefined;
  const scan = sb.store.scans.get(id);
  return scan?.qr_id === row.qr_id && scan.visitor === visitor ? scan : undefined;
}

/** a few seconds' grace for the round trip */
const QUIZ_GRACE_S = 5;

/** visits older than this start no attempt: a new day, a new try */
const ATTEMPT_WINDOW_MS = 24 * 3_600_000;

/**
 * When this attempt at a timed quiz started: the visitor's first visit since their last submission
 * (within a day), so opening the page again does not restart the clock. Undefined when the post
 * names no visit of this visitor, or one already submitted: such a post starts no attempt.
 */
function quizStart(sb: SandboxInstance, a: { row: FormRow; scan?: ScanRow; visitor: string; nowMs: number }): number | undefined {
  if (!a.scan || a.scan.submission_id !== null) return undefined;
  const first = sb.store.scans.earliestOpen(a.row.qr_id, a.visitor, a.nowMs - ATTEMPT_WINDOW_MS);
  return Math.min(first?.at_ms ?? a.scan.at_ms, a.scan.at_ms);
}

/** spec §7 fieldErrors of a create that failed, or what the page says instead of the API's message */
function errorsOf(e: ApiFailure): PageErrors {
  const fieldErrors = (e.data as { fieldErrors?: PageErrors }).fieldErrors;
  return fieldErrors ?? { _form: { kind: e.message === SUBMISSION_QUOTA_MESSAGE ? 'quota' : 'not_recorded' } };
}

interface Attempt {
  row: FormRow;
  doc: FormDoc;
  post: FormPost;
  files: KeptFiles;
  visitor: string;
  nowMs: number;
  scan?: ScanRow;
  /** a timed quiz: when this attempt started (quizStart) */
  started?: number;
  pendingToken?: string;
}

/** The body of the create (spec §4.4), timed from the visit for a quiz. */
function createBody(a: Attempt): Record<string, unknown> {
  const body: Record<string, unknown> = { answers: answersFromPost(a.doc.fields, a.post.fields, a.files) };
  const limit = timeLimitOf(a.doc);
  const started = limit === undefined ? a.scan?.at_ms : a.started;
  if (a.doc.isQuiz && started !== undefined && started <= a.nowMs) {
    const spent = Math.round((a.nowMs - started) / 1000);
    body.timeSpentSeconds = spent;
    if (limit !== undefined) body.timeExpired = spent > limit + QUIZ_GRACE_S;
  }
  return body;
}

/** The page again, 400: what was typed, the files kept under a token for the retry, the errors. */
function again(sb: SandboxInstance, res: ServerResponse, a: Attempt, errors: PageErrors): void {
  const { pending } = visitTokens(sb);
  let pendingToken: string | undefined;
  if (a.files.size) pendingToken = pending.put({ qrId: a.row.qr_id, visitor: a.visitor, expiresMs: a.nowMs + PENDING_FILE_TTL_MS, files: a.files }, a.pendingToken);
  else if (a.pendingToken) pending.forget(a.pendingToken);
  const page = formPage({ qrId: a.row.qr_id, doc: a.doc, scanId: a.scan?.id ?? 0, startedMs: a.started ?? a.scan?.at_ms ?? a.nowMs, posted: a.post.fields, errors, kept: a.files, pendingToken, timeLimit: timeLimitOf(a.doc) });
  html(res, 400, page);
}

/** POST /s/{qrId}: the same validation and creation path as `POST /forms/{qrId}/submissions`. */
export async function submit(sb: SandboxInstance, qrId: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const row = openForm(sb, qrId, res);
  if (!row) return void req.resume();
  const doc = readDoc(row);
  const words = wordsFor(doc.locale);
  let post: FormPost;
  try {
    post = await receiveFormPost(req, sb.store.filesDir, doc.fields);
  } catch (e) {
    if (!(e instanceof MultipartError)) throw e;
    const status = e.tooLarge ? 413 : 400;
    return html(res, status, unavailablePage(status, words, words.unavailable.unreadable, e.message));
  }
  const visitor = visitorOf(sb, req).id;
  const nowMs = sb.now().getTime();
  const errors: PageErrors = {};
  const accepted = acceptFiles(sb, row, doc, post, req, errors);
  if (!(accepted instanceof Map)) {
    return html(res, 429, unavailablePage(429, words, words.unavailable.throttled), { 'retry-after': String(accepted.retryAfterSeconds) });
  }
  // the files of the try before, only when this visitor's token for this form claims them
  const token = post.fields.get('_pending')?.[0];
  const pending = visitTokens(sb).pending.get(token, row.qr_id, visitor, nowMs);
  const files = mergeFiles(sb, doc, pending?.files, post.fields.get('_keep') ?? [], accepted);
  const a: Attempt = { row, doc, post, files, visitor, nowMs, scan: scanOf(sb, row, post, visitor), pendingToken: pending ? token : undefined };
  const limit = timeLimitOf(doc);
  if (limit !== undefined) {
    a.started = quizStart(sb, a);
    // a timed quiz is timed from a visit of the server's record: a post naming none (or a visit
    // already submitted) would have no clock at all
    if (a.started === undefined) {
      // the page again, as a visit of its own: its clock is this visitor's open attempt, if any
      a.scan = sb.store.scans.get(recordVisit(sb, row, req, visitor, nowMs));
      a.started = quizStart(sb, a);
      return again(sb, res, a, { ...errors, _form: { kind: 'quiz_restart' } });
    }
  }
  const body = createBody(a);
  const account = sb.store.accounts.get(row.account_id);
  try {
    if (Object.keys(errors).length) {
      checkSubmission(sb, account, row, doc, body, 'create'); // the other fields' errors, shown with the files'
      return again(sb, res, a, errors);
    }
    const done = commitSubmission(sb, account, row, body, nowMs);
    if (a.pendingToken) visitTokens(sb).pending.forget(a.pendingToken); // the files are the submission's now
    if (a.scan && done.created) sb.store.scans.linkSubmission(a.scan.id, row.qr_id, done.created.id);
    thankYou(sb, res, a, done.response);
  } catch (e) {
    if (!(e instanceof ApiFailure)) throw e;
    again(sb, res, a, { ...errorsOf(e), ...errors });
  }
}

/** Post/Redirect/Get: 303 to a thank-you address that shows the response and can create nothing. */
function thankYou(sb: SandboxInstance, res: ServerResponse, a: Attempt, response: Record<string, unknown>): void {
  const token = visitTokens(sb).thanks.put({ qrId: a.row.qr_id, visitor: a.visitor, expiresMs: a.nowMs + THANKS_TTL_MS, response });
  const location = `/s/${a.row.qr_id}/thanks?r=${token}`;
  html(res, 303, `<!doctype html><title>303</title><a href="${esc(location)}">${esc(location)}</a>`, { location });
}

/** GET /s/{qrId}/thanks?r=TOKEN: the response of this visitor's submit, or a plain thank-you. */
export function thanks(sb: SandboxInstance, qrId: string, url: URL, req: IncomingMessage, res: ServerResponse): void {
  const row = sb.store.forms.find(qrId);
  if (!row) return html(res, 404, unavailablePage(404, en, en.unavailable.notFound));
  const entry = visitTokens(sb).thanks.get(url.searchParams.get('r'), row.qr_id, visitorOf(sb, req).id, sb.now().getTime());
  html(res, 200, resultPage(readDoc(row), entry?.response));
}
