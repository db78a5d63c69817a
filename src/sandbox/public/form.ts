import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { deviceOf } from '../../domain/analytics.js';
import { ADDRESS_PARTS, NAME_PARTS, VALUE_TYPES, rowLabels, type FieldError, type FieldErrors } from '../../domain/answers.js';
import type { FieldDefinition } from '../../domain/form.js';
import { refuseFile, sniffFile } from '../../domain/fileTypes.js';
import { commitSubmission } from '../creation.js';
import { ApiFailure } from '../http.js';
import type { SandboxInstance } from '../instance.js';
import { readDoc, type FormDoc, type FormRow } from '../repo/forms.js';
import { THROTTLE_MESSAGE } from '../pipeline.js';
import { MultipartError } from '../routes/multipart.js';
import type { ScanRow } from '../repo/scans.js';
import { receiveFormPost, type FormPost } from './formPost.js';
import { PAGE_CSP, formPage, unavailablePage, type Posted } from './page.js';
import { resultPage } from './result.js';

// README "Sandbox assumptions": the public form page, its scans and its submissions.

export const VISITOR_COOKIE = 'formctl_visitor';
/** headers that place a visitor (tests and demos), else "Unknown" */
export const COUNTRY_HEADER = 'x-sandbox-country';
export const CITY_HEADER = 'x-sandbox-city';

function html(res: ServerResponse, status: number, body: string, headers: Record<string, string | string[]> = {}): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': PAGE_CSP, ...headers }).end(body);
}

/** The form a short link names, or the page that says why it is not available. */
function openForm(sb: SandboxInstance, qrId: string, res: ServerResponse): FormRow | undefined {
  const row = sb.store.forms.find(qrId);
  if (!row) html(res, 404, unavailablePage(404, 'No form has this link. Check the address or the QR code.'));
  else if (row.archived === 1) html(res, 410, unavailablePage(410, 'This form has been archived by its owner and no longer accepts responses.'));
  else if (row.blocked === 1) html(res, 403, unavailablePage(403, 'This form has been blocked.'));
  else return row;
  return undefined;
}

function header(req: IncomingMessage, name: string): string {
  const v = req.headers[name];
  return (Array.isArray(v) ? v[0] : v)?.trim().slice(0, 80) || 'Unknown';
}

/**
 * The visitor: the first-party cookie when the browser sends it, else a hash of the client address
 * and User-Agent (so a cookieless client is one visitor too); the cookie is set either way.
 */
function visitorOf(req: IncomingMessage): { id: string; setCookie?: string } {
  const cookie = /(?:^|;\s*)formctl_visitor=([0-9a-f]{16})(?:;|$)/.exec(req.headers.cookie ?? '')?.[1];
  if (cookie) return { id: cookie };
  const id = createHash('sha256').update(`${req.socket.remoteAddress ?? ''}|${req.headers['user-agent'] ?? ''}`).digest('hex').slice(0, 16);
  return { id, setCookie: `${VISITOR_COOKIE}=${id}; Path=/s/; Max-Age=31536000; SameSite=Lax; HttpOnly` };
}

function timeLimitOf(doc: FormDoc): number | undefined {
  const q = (doc.quizConfig ?? {}) as { enableTimeLimit?: boolean; timeLimit?: number };
  return doc.isQuiz && q.enableTimeLimit ? (q.timeLimit ?? 1800) : undefined;
}

/** GET /s/{qrId}: the page, and a scan of it (spec §2.11). */
export function visit(sb: SandboxInstance, qrId: string, req: IncomingMessage, res: ServerResponse): void {
  const row = openForm(sb, qrId, res);
  if (!row) return;
  const visitor = visitorOf(req);
  const nowMs = sb.now().getTime();
  const scanId = sb.store.scans.add({
    qrId: row.qr_id, atMs: nowMs, device: deviceOf(req.headers['user-agent']), country: header(req, COUNTRY_HEADER), city: header(req, CITY_HEADER),
    visitor: visitor.id, userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300),
  });
  const doc = readDoc(row);
  html(res, 200, formPage({ qrId: row.qr_id, doc, scanId, startedMs: nowMs, timeLimit: timeLimitOf(doc) }), visitor.setCookie ? { 'set-cookie': visitor.setCookie } : {});
}

const nonEmpty = (v: string | undefined): v is string => v !== undefined && v.trim() !== '';

/** The answers a submitted page carries, shaped as spec §2.8 says (empty inputs are left out). */
export function answersFromPost(fields: FieldDefinition[], posted: Posted, files: Map<string, string[]>): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  const one = (name: string) => posted.get(name)?.[0];
  for (const f of fields) {
    const vt = VALUE_TYPES[f.type];
    if (vt === null) continue;
    if (vt === 'object') {
      const parts: readonly string[] = f.type === 'name' ? NAME_PARTS : ADDRESS_PARTS;
      const value = Object.fromEntries(parts.map((p) => [p, (one(`${f.key}.${p}`) ?? '').trim()]));
      if (Object.values(value).some(nonEmpty)) answers[f.key] = value;
    } else if (vt === 'string[]') {
      const chosen = (posted.get(f.key) ?? []).filter(nonEmpty);
      if (chosen.length) answers[f.key] = chosen;
    } else if (vt === 'array') {
      const rows = rowLabels(f) ?? [];
      const items = rows.flatMap((itemName, n) => {
        const v = one(`${f.key}.row.${n}`);
        if (!nonEmpty(v)) return [];
        return [f.type === 'checkList' ? { itemName, selectedValue: v } : { itemName, value: v }];
      });
      if (items.length) answers[f.key] = items;
    } else if (vt === 'fileId' || vt === 'fileId[]') {
      const ids = files.get(f.key) ?? [];
      if (ids.length) answers[f.key] = vt === 'fileId' ? { fileId: ids[0] } : ids.map((fileId) => ({ fileId }));
    } else {
      const v = one(f.key);
      if (nonEmpty(v)) answers[f.key] = v;
    }
  }
  return answers;
}

/**
 * Each chosen file goes through the rules of `POST /forms/{qrId}/uploads` with category=submission
 * (spec §4.2, §8): the size limit, the accepted types and the throttle per client address and form.
 */
function acceptFiles(sb: SandboxInstance, row: FormRow, doc: FormDoc, post: FormPost, req: IncomingMessage, errors: FieldErrors): Map<string, string[]> | { retryAfterSeconds: number } {
  const byKey = new Map(doc.fields.map((f) => [f.key, f]));
  const drop = (fileId: string) => rmSync(join(sb.store.filesDir, fileId), { force: true });
  const isFileField = (key: string) => {
    const vt = VALUE_TYPES[byKey.get(key)?.type ?? 'title'];
    return vt === 'fileId' || vt === 'fileId[]';
  };
  for (const file of post.files.filter((f) => !isFileField(f.field))) drop(file.fileId);
  const files = post.files.filter((f) => isFileField(f.field));
  // one upload each, counted before any is kept: over the throttle, none is
  for (const _ of files) {
    const hit = sb.uploadThrottle.hit(`${req.socket.remoteAddress ?? ''}|${row.qr_id}`, sb.now().getTime());
    if (!hit.ok) {
      for (const f of files) drop(f.fileId);
      return { retryAfterSeconds: hit.retryAfterSeconds };
    }
  }
  const accepted = new Map<string, string[]>();
  for (const file of files) {
    const field = byKey.get(file.field)!;
    const err = (message: string): FieldError => ({ code: 'missing_file_ref', message, type: field.type });
    if (file.tooLarge) {
      errors[field.key] = err(`${file.name}: uploaded file is too large (20 MB at most)`);
      continue;
    }
    const sniffed = sniffFile(file.head);
    const refusal = refuseFile('submission', sniffed);
    if (refusal) {
      errors[field.key] = err(`${file.name}: file refused: ${refusal}`);
      drop(file.fileId);
      continue;
    }
    sb.store.files.insert({ id: file.fileId, account_id: row.account_id, qr_id: row.qr_id, category: 'submission', name: file.name, mime: sniffed!.mime, size: file.size, created_at: sb.now().toISOString() });
    accepted.set(field.key, [...(accepted.get(field.key) ?? []), file.fileId]);
  }
  return accepted;
}

/**
 * The visit a submit comes from: the scan the page names, when it is a scan of this form. Its time,
 * recorded by the server when the page was served, is when a timed quiz started: never a value the
 * visitor sends.
 */
function scanOf(sb: SandboxInstance, row: FormRow, post: FormPost): ScanRow | undefined {
  const id = Number(post.fields.get('_scan')?.[0]);
  if (!Number.isSafeInteger(id)) return undefined;
  const scan = sb.store.scans.get(id);
  return scan?.qr_id === row.qr_id ? scan : undefined;
}

/** POST /s/{qrId}: the same validation and creation path as `POST /forms/{qrId}/submissions`. */
export async function submit(sb: SandboxInstance, qrId: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const row = openForm(sb, qrId, res);
  if (!row) {
    req.resume();
    return;
  }
  const doc = readDoc(row);
  let post: FormPost;
  try {
    post = await receiveFormPost(req, sb.store.filesDir, doc.fields);
  } catch (e) {
    if (!(e instanceof MultipartError)) throw e;
    return html(res, e.tooLarge ? 413 : 400, unavailablePage(e.tooLarge ? 413 : 400, `The submitted page could not be read: ${e.message}`));
  }
  const nowMs = sb.now().getTime();
  const scan = scanOf(sb, row, post);
  const started = scan?.at_ms;
  const errors: FieldErrors = {};
  const files = acceptFiles(sb, row, doc, post, req, errors);
  if (!(files instanceof Map)) {
    return html(res, 429, unavailablePage(429, THROTTLE_MESSAGE), { 'retry-after': String(files.retryAfterSeconds) });
  }
  const again = (status: number, errs: FieldErrors) =>
    html(res, status, formPage({ qrId: row.qr_id, doc, scanId: scan?.id ?? 0, startedMs: started ?? nowMs, posted: post.fields, errors: errs, timeLimit: timeLimitOf(doc) }));
  if (Object.keys(errors).length) return again(400, errors);
  const body: Record<string, unknown> = { answers: answersFromPost(doc.fields, post.fields, files) };
  if (doc.isQuiz && started !== undefined && started <= nowMs) {
    const spent = Math.round((nowMs - started) / 1000);
    body.timeSpentSeconds = spent;
    const limit = timeLimitOf(doc);
    if (limit !== undefined) body.timeExpired = spent > limit + 5; // a few seconds' grace for the round trip
  }
  try {
    const account = sb.store.accounts.get(row.account_id);
    const done = commitSubmission(sb, account, row, body, nowMs);
    if (scan && done.created) sb.store.scans.linkSubmission(scan.id, row.qr_id, done.created.id);
    html(res, 200, resultPage(doc, done.response));
  } catch (e) {
    if (!(e instanceof ApiFailure)) throw e;
    const fieldErrors = (e.data as { fieldErrors?: FieldErrors }).fieldErrors;
    again(400, fieldErrors ?? { _form: { code: 'invalid_body', message: e.message } });
  }
}
