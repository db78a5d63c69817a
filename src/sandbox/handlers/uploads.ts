import { Busboy, type BusboyInstance } from '@fastify/busboy';
import { createWriteStream, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ApiFailure, type RequestContext } from '../http.js';
import type { Route } from '../router.js';
import { newHexId, type FormRow } from '../store.js';
import { fileUrl } from './submissions.js';

// spec §4.2 / §8: 20 MB per file
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const TOO_LARGE_MESSAGE = 'uploaded file is too large';
const FORM_CATEGORIES = ['form', 'submission'];

interface Upload {
  category?: string;
  fileId?: string;
  name?: string;
  mime?: string;
  size: number;
  tooLarge: boolean;
  files: number;
}

/** Streams the multipart body to disk (never buffered whole), stopping at the size limit. */
function receive(ctx: RequestContext): Promise<Upload> {
  return new Promise((resolve, reject) => {
    let busboy: BusboyInstance;
    try {
      busboy = new Busboy({ headers: ctx.req.headers as never, limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 5 } });
    } catch {
      reject(new ApiFailure(400, 'Expected a multipart/form-data body with the parts userFile and category'));
      return;
    }
    const result: Upload = { size: 0, tooLarge: false, files: 0 };
    const writes: Promise<void>[] = [];
    busboy.on('field', (name: string, value: string) => {
      if (name === 'category') result.category = value;
    });
    busboy.on('file', (name: string, stream: NodeJS.ReadableStream & { truncated?: boolean }, filename: string, _enc: string, mime: string) => {
      result.files++;
      if (name !== 'userFile' || result.files > 1) {
        stream.resume();
        return;
      }
      // the stored name is the server's id, never derived from the client's file name
      const id = newHexId();
      result.fileId = id;
      result.name = (filename || 'file').replace(/[^\w.\- ]+/g, '_').slice(0, 120);
      result.mime = mime || 'application/octet-stream';
      const out = createWriteStream(join(ctx.store.filesDir, id));
      stream.on('data', (c: Buffer) => (result.size += c.length));
      stream.on('limit', () => {
        result.tooLarge = true;
        ctx.req.unpipe(busboy);
        ctx.req.resume();
        out.destroy();
        rmSync(join(ctx.store.filesDir, id), { force: true });
        resolve(result); // answer now: the rest of the body is drained, not read into memory
      });
      writes.push(
        new Promise<void>((res, rej) => {
          out.on('close', () => res());
          out.on('error', rej);
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

/** spec §4.2: on the upload routes an unknown or foreign form is 404, not 400. */
function formForUpload(ctx: RequestContext): FormRow {
  const row = ctx.store.sql(`SELECT * FROM forms WHERE qr_id = ? AND account_id = ? AND archived = 0`).get(ctx.params.qrId, ctx.account.id) as FormRow | undefined;
  if (!row) throw new ApiFailure(404, 'Form not found');
  return row;
}

async function uploadFormFile(ctx: RequestContext) {
  const form = formForUpload(ctx);
  const up = await receive(ctx);
  if (up.tooLarge) throw new ApiFailure(500, TOO_LARGE_MESSAGE);
  const discard = () => up.fileId && rmSync(join(ctx.store.filesDir, up.fileId), { force: true });
  if (!up.category || !FORM_CATEGORIES.includes(up.category)) {
    discard();
    throw new ApiFailure(400, 'category must be "form" or "submission"');
  }
  if (!up.fileId) throw new ApiFailure(400, 'The part userFile is required');
  if (up.files > 1) {
    discard();
    throw new ApiFailure(400, 'One file per request');
  }
  ctx.store.sql(`INSERT INTO files (id, account_id, qr_id, category, name, mime, size, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
    .run(up.fileId, ctx.account.id, form.qr_id, up.category, up.name, up.mime, up.size, ctx.now().toISOString());
  return { fileUrl: fileUrl(ctx, up.fileId), fileId: up.fileId };
}

export const uploadRoutes: Route[] = [{ method: 'POST', path: '/forms/:qrId/uploads', handler: uploadFormFile }];
