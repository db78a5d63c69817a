import { Busboy, type BusboyInstance } from '@fastify/busboy';
import { createWriteStream, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SNIFF_BYTES } from '../../domain/fileTypes.js';
import { MAX_UPLOAD_BYTES } from '../../domain/limits.js';
import { ApiFailure } from '../http.js';
import type { RequestContext } from '../instance.js';
import { newHexId } from '../repo/forms.js';

export interface Upload {
  category?: string;
  fileId?: string;
  name?: string;
  head: Buffer;
  size: number;
  tooLarge: boolean;
  files: number;
}

/** Streams a multipart body's `userFile` to disk (never buffered whole), stopping at the size limit. */
export function receiveUpload(ctx: RequestContext): Promise<Upload> {
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
    const outs: Array<{ destroy(): void }> = [];
    let aborted = false;
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
      outs.push(out);
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
          // after the size limit or an abort the writer is destroyed on purpose: not an error then
          out.on('error', (e) => (result.tooLarge || aborted ? res() : rej(e)));
        }),
      );
      stream.pipe(out);
    });
    busboy.on('error', (e: Error) => reject(new ApiFailure(400, `Malformed multipart body: ${e.message}`)));
    busboy.on('finish', () => {
      Promise.all(writes).then(() => resolve(result), reject);
    });
    // the client went away mid-body: nothing more will come, and the part written so far is no file
    ctx.req.on('error', (e) => {
      aborted = true;
      ctx.req.unpipe(busboy);
      for (const out of outs) out.destroy();
      if (result.fileId) rmSync(join(ctx.store.filesDir, result.fileId), { force: true });
      reject(e);
    });
    ctx.req.pipe(busboy);
  });
}
