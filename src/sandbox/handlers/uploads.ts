import { Busboy, type BusboyInstance } from '@fastify/busboy';
import { createWriteStream, rmSync } from 'node:fs';
import { join } from 'node:path';
import { refuseFile, sniffFile, SNIFF_BYTES } from '../../domain/fileTypes.js';
import { isQrId } from '../../domain/ids.js';
import { MAX_UPLOAD_BYTES } from '../../domain/limits.js';
import { ApiFailure, type RequestContext } from '../http.js';
import type { Route } from '../router.js';
import { newHexId, type FileRow, type FormRow } from '../store.js';
import { fileUrl } from './submissions.js';

// spec §4.2 / §8
export const TOO_LARGE_MESSAGE = 'uploaded file is too large';
export const THROTTLE_MESSAGE = 'Too many requests. Please try again later.';
export const THROTTLE_LIMIT = 200;
export const THROTTLE_WINDOW_MS = 5 * 60 * 1000;

interface Upload {
  category?: string;
  fileId?: string;
  name?: string;
  head: Buffer;
  size: number;
  tooLarge: boolean;
  files: number;
}

/** Streams the multipart body to disk (never buffered whole), stopping at the size limit. */
function receive(ctx: RequestContext): Promise<Upload> {
  return new Promise((resolve, reject) => {
    let busboy: BusboyInstance;
    try {
      busboy = new Busboy({ headers: ctx.req.headers as never, limits: { fileSize: MAX_UPLOAD_BYTES, files: 5, fields: 5 } });
    } catch {
      reject(new ApiFailure(400, 'Expected a multipart/form-data body with the parts userFile and category'));
      return;
    }
    const result: Upload = { size: 0, tooLarge: false, files: 0, head: Buffer.alloc(0) };
    const writes: Promise<void>[] = [];
    busboy.on('field', (name: string, value: string) => {
      if (name === 'category') result.category = value;
    });
    busboy.on('file', (name: string, stream: NodeJS.ReadableStream, filename: string) => {
      result.files++;
      if (name !== 'userFile' || result.files > 1) {
        stream.resume();
        return;
      }
      // the stored name is the server's id, never derived from the client's file name
      const id = newHexId();
      result.fileId = id;
      result.name = (filename || 'file').replace(/[^\w.\- ]+/g, '_').slice(0, 120);
      const out = createWriteStream(join(ctx.store.filesDir, id));
      const head: Buffer[] = [];
      stream.on('data', (c: Buffer) => {
        if (result.size < SNIFF_BYTES) head.push(c.subarray(0, SNIFF_BYTES - result.size));
        result.size += c.length;
      });
      stream.on('end', () => (result.head = Buffer.concat(head)));
      stream.on('limit', () => {
        result.tooLarge = true;
        stream.unpipe(out);
        ctx.req.unpipe(busboy);
        ctx.req.resume(); // the rest is drained, never stored or held in memory
        out.destroy();
        rmSync(join(ctx.store.filesDir, id), { force: true });
        resolve(result);
      });
      writes.push(
        new Promise<void>((res, rej) => {
          out.on('close', () => res());
          // after the size limit the writer is destroyed on purpose: not an error then
          out.on('error', (e) => (result.tooLarge ? res() : rej(e)));
        }),
      );
      stream.pipe(out);
    });
    busboy.on('error', (e: Error) => reject(new ApiFailure(400, `Malformed multipart body: ${e.message}`)));
    busboy.on('finish', () => {
      Promise.all(writes).then(() => resolve(result), reject);
    });
    ctx.req.pipe(busboy);
  });
}

/** spec §8: submission uploads, 200 requests per 5 minutes per client IP and qrId. */
const throttle = new Map<string, number[]>();
function throttleSubmissionUploads(ctx: RequestContext, qrId: string): void {
  const key = `${ctx.req.socket.remoteAddress ?? ''}|${qrId}`;
  const now = ctx.now().getTime();
  const recent = (throttle.get(key) ?? []).filter((t) => t > now - THROTTLE_WINDOW_MS);
  if (recent.length >= THROTTLE_LIMIT) {
    throttle.set(key, recent);
    const retryAfter = Math.max(1, Math.ceil((recent[0]! + THROTTLE_WINDOW_MS - now) / 1000));
    throw new ApiFailure(429, THROTTLE_MESSAGE, {}, { 'retry-after': String(retryAfter) });
  }
  recent.push(now);
  throttle.set(key, recent);
}

/** Receives one file, checks it, and records it; a refused file is deleted. */
async function storeUpload(ctx: RequestContext, allowed: readonly string[], qrId: string | null, onCategory?: (category: string) => void): Promise<{ fileUrl: string; fileId: string }> {
  const up = await receive(ctx);
  const discard = () => up.fileId && rmSync(join(ctx.store.filesDir, up.fileId), { force: true });
  try {
    if (up.tooLarge) throw new ApiFailure(500, TOO_LARGE_MESSAGE);
    if (!up.category || !allowed.includes(up.category)) throw new ApiFailure(400, `category must be ${allowed.map((c) => `"${c}"`).join(' or ')}`);
    onCategory?.(up.category);
    if (!up.fileId) throw new ApiFailure(400, 'The part userFile is required');
    if (up.files > 1) throw new ApiFailure(400, 'One file per request');
    const sniffed = sniffFile(up.head);
    const refusal = refuseFile(up.category as 'logo' | 'form' | 'submission', sniffed);
    if (refusal) throw new ApiFailure(400, `File refused: ${refusal}`);
    ctx.store
      .sql(`INSERT INTO files (id, account_id, qr_id, category, name, mime, size, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(up.fileId, ctx.account.id, qrId, up.category, up.name, sniffed!.mime, up.size, ctx.now().toISOString());
    return { fileUrl: fileUrl(ctx, up.fileId), fileId: up.fileId };
  } catch (e) {
    discard();
    throw e;
  }
}

/** spec §4.2: on the upload routes an unknown or foreign form is 404, not 400. */
function formForUpload(ctx: RequestContext, qrId: string): FormRow {
  const row = ctx.store.sql(`SELECT * FROM forms WHERE qr_id = ? AND account_id = ? AND archived = 0`).get(qrId, ctx.account.id) as FormRow | undefined;
  if (!row) throw new ApiFailure(404, 'Form not found');
  return row;
}

async function uploadFormFile(ctx: RequestContext) {
  const form = formForUpload(ctx, ctx.params.qrId!);
  return storeUpload(ctx, ['form', 'submission'], form.qr_id, (category) => {
    if (category === 'submission') throttleSubmissionUploads(ctx, form.qr_id);
    // spec §5: Viewers may create submissions (and so upload their files), not change forms
    else if (ctx.member.user_type === 'Viewer') throw new ApiFailure(400, 'Viewers cannot upload form files');
  });
}

async function uploadLogo(ctx: RequestContext) {
  return storeUpload(ctx, ['logo'], null);
}

/** A file is in use when a form's document (its images, qrConfig.logo) or a submission names it. */
function fileInUse(ctx: RequestContext, file: FileRow): boolean {
  const pattern = `%${file.id}%`;
  const byForm = ctx.store.sql(`SELECT 1 FROM forms WHERE account_id = ? AND doc LIKE ? LIMIT 1`).get(ctx.account.id, pattern);
  if (byForm) return true;
  return file.qr_id !== null && ctx.store.sql(`SELECT 1 FROM submissions WHERE qr_id = ? AND answers LIKE ? LIMIT 1`).get(file.qr_id, pattern) !== undefined;
}

function listLogos(ctx: RequestContext) {
  const rows = ctx.store.sql(`SELECT * FROM files WHERE account_id = ? AND category = 'logo' ORDER BY created_at, id`).all(ctx.account.id) as FileRow[];
  return rows.map((f) => ({ fileId: f.id, fileUrl: fileUrl(ctx, f.id), mime: f.mime, fileUsed: fileInUse(ctx, f) }));
}

function deleteFormFile(ctx: RequestContext) {
  const qrId = ctx.params.rawQrId!;
  // spec §4.2: a malformed qrId on DELETE is 400; an unknown form or file is 404
  if (!isQrId(qrId)) throw new ApiFailure(400, `Invalid qrId "${qrId}": expected upper-case letters and digits`);
  const form = formForUpload(ctx, qrId);
  if (ctx.member.user_type === 'Viewer') throw new ApiFailure(400, 'Viewers cannot delete form files');
  const file = ctx.store.sql(`SELECT * FROM files WHERE id = ? AND account_id = ? AND qr_id = ?`).get(ctx.params.fileId, ctx.account.id, form.qr_id) as FileRow | undefined;
  if (!file) throw new ApiFailure(404, 'File not found');
  if (fileInUse(ctx, file)) throw new ApiFailure(400, 'File is in use by the form or one of its submissions; only unused files can be deleted');
  ctx.store.sql(`DELETE FROM files WHERE id = ?`).run(file.id);
  rmSync(join(ctx.store.filesDir, file.id), { force: true });
  return { result: 'File deleted successfully' };
}

export const uploadRoutes: Route[] = [
  { method: 'POST', path: '/forms/:qrId/uploads', handler: uploadFormFile },
  { method: 'DELETE', path: '/forms/:rawQrId/uploads/:fileId', handler: deleteFormFile },
  { method: 'POST', path: '/account/uploads', handler: uploadLogo },
  { method: 'GET', path: '/account/uploads', handler: listLogos },
];
