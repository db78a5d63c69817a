import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { refuseFile, sniffFile } from '../../domain/fileTypes.js';
import { MAX_UPLOAD_BYTES } from '../../domain/limits.js';
import { ApiFailure } from '../http.js';
import { route, type RequestContext } from '../instance.js';
import { THROTTLE_MESSAGE } from '../pipeline.js';
import { logoProblem } from '../qr/logoCheck.js';
import { MultipartError, readMultipart, type MultipartBody } from './multipart.js';
import { fileUrl } from './submissions.js';

// spec §4.2 / §8
export const TOO_LARGE_MESSAGE = 'uploaded file is too large';
export const THROTTLE_LIMIT = 200;
export const THROTTLE_WINDOW_MS = 5 * 60 * 1000;

/** spec §8: submission uploads, 200 requests per 5 minutes per client IP and qrId. */
function throttleSubmissionUploads(ctx: RequestContext, qrId: string): void {
  const r = ctx.sb.uploadThrottle.hit(`${ctx.req.socket.remoteAddress ?? ''}|${qrId}`, ctx.now().getTime());
  if (!r.ok) throw new ApiFailure(429, THROTTLE_MESSAGE, {}, { 'retry-after': String(r.retryAfterSeconds) });
}

/** spec §4.2: one `userFile` and a `category`; a few stray parts are tolerated and drained. */
const UPLOAD_LIMITS = {
  files: 5,
  fields: 5,
  fieldSize: 1024,
  totalBytes: 5 * MAX_UPLOAD_BYTES + 1024 * 1024,
  keep: (field: string, _filename: string, index: number) => field === 'userFile' && index === 0,
};

/** The body of an upload, or the spec's error for one that cannot be read (spec §4.2, §7). */
async function receiveUpload(ctx: RequestContext): Promise<MultipartBody> {
  try {
    return await readMultipart(ctx.req, ctx.store.filesDir, UPLOAD_LIMITS);
  } catch (e) {
    if (!(e instanceof MultipartError)) throw e;
    if (e.tooLarge) throw new ApiFailure(500, TOO_LARGE_MESSAGE);
    throw new ApiFailure(400, `${e.message}; expected a multipart/form-data body with the parts userFile and category`);
  }
}

/** Receives one file, checks it, and records it; a refused file is deleted. */
async function storeUpload(ctx: RequestContext, allowed: readonly string[], qrId: string | null, onCategory?: (category: string) => void): Promise<{ fileUrl: string; fileId: string }> {
  const body = await receiveUpload(ctx);
  const up = body.files[0];
  try {
    if (up?.tooLarge) throw new ApiFailure(500, TOO_LARGE_MESSAGE);
    const category = body.fields.get('category')?.[0];
    if (!category || !allowed.includes(category)) throw new ApiFailure(400, `category must be ${allowed.map((c) => `"${c}"`).join(' or ')}`);
    onCategory?.(category);
    if (!up || up.field !== 'userFile') throw new ApiFailure(400, 'The part userFile is required');
    if (body.fileParts > 1) throw new ApiFailure(400, 'One file per request');
    const sniffed = sniffFile(up.head);
    const refusal = refuseFile(category as 'logo' | 'form' | 'submission', sniffed) ?? (category === 'logo' ? await logoRefusal(ctx, up.fileId, sniffed!.mime) : undefined);
    if (refusal) throw new ApiFailure(400, `File refused: ${refusal}`);
    ctx.store.files.insert({ id: up.fileId, account_id: ctx.account.id, qr_id: qrId, category, name: up.name, mime: sniffed!.mime, size: up.size, created_at: ctx.now().toISOString() });
    return { fileUrl: fileUrl(ctx.origin, up.fileId), fileId: up.fileId };
  } catch (e) {
    ctx.store.removeFileBytes(body.files.map((f) => f.fileId));
    throw e;
  }
}

/** a logo the sandbox could not draw (qr/logoCheck.ts): refused on upload, with the reason */
function logoRefusal(ctx: RequestContext, fileId: string, mime: string): Promise<string | undefined> {
  return logoProblem(readFileSync(join(ctx.store.filesDir, fileId)), mime);
}

function uploadFormFile(ctx: RequestContext) {
  const form = ctx.form!;
  return storeUpload(ctx, ['form', 'submission'], form.qr_id, (category) => {
    // spec §5: a form asset changes the form; a submission file goes with a submission (any role)
    ctx.authorize(category === 'submission' ? 'file.submission' : 'file.form', form);
    if (category === 'submission') throttleSubmissionUploads(ctx, form.qr_id);
  });
}

function listLogos(ctx: RequestContext) {
  return ctx.store.files.logos(ctx.account.id).map((f) => ({ fileId: f.id, fileUrl: fileUrl(ctx.origin, f.id), mime: f.mime, fileUsed: ctx.store.fileInUse(f) }));
}

function deleteFormFile(ctx: RequestContext) {
  const file = ctx.store.files.ofForm(ctx.params.fileId!, ctx.account.id, ctx.form!.qr_id);
  if (!file) throw new ApiFailure(404, 'File not found');
  if (ctx.store.fileInUse(file)) throw new ApiFailure(400, 'File is in use by the form or one of its submissions; only unused files can be deleted');
  ctx.store.files.delete(file.id);
  ctx.store.removeFileBytes([file.id]);
  return { result: 'File deleted successfully' };
}

// spec §4.2. POST with a malformed qrId does not match (404); DELETE takes any segment and answers 400.
export const uploadRoutes = [
  route({ operationId: 'uploadFormFile', method: 'POST', path: '/forms/:qrId/uploads', action: 'file.submission', form: 'upload', handler: uploadFormFile }),
  route({ operationId: 'deleteFormFile', method: 'DELETE', path: '/forms/:anyQrId/uploads/:fileId', action: 'file.delete', form: 'upload', handler: deleteFormFile }),
  route({ operationId: 'uploadLogo', method: 'POST', path: '/account/uploads', action: 'file.logo', handler: (ctx) => storeUpload(ctx, ['logo'], null) }),
  route({ operationId: 'listLogos', method: 'GET', path: '/account/uploads', action: 'file.list', handler: listLogos }),
];
