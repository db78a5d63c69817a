import { Busboy } from '@fastify/busboy';
import { createWriteStream, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { SNIFF_BYTES } from '../../domain/fileTypes.js';
import { MAX_UPLOAD_BYTES } from '../../domain/limits.js';
import { newHexId } from '../repo/forms.js';

export interface PostedFile {
  field: string;
  fileId: string;
  name: string;
  size: number;
  head: Buffer;
  tooLarge: boolean;
}

export interface FormPost {
  fields: Map<string, string[]>;
  files: PostedFile[];
}

/** Limits of one page submit: as many files as a form could take, each under the upload limit. */
const MAX_FILES = 50;
const MAX_FIELDS = 2000;

/**
 * Reads a submitted page (multipart/form-data, or urlencoded when there is no file input). Each file
 * streams to the data dir under a new id, stopped at the upload limit (spec §8, 20 MB); empty file
 * inputs (nothing chosen) are skipped. The caller records or deletes each file.
 */
export function receiveFormPost(req: IncomingMessage, filesDir: string): Promise<FormPost> {
  return new Promise((resolve, reject) => {
    const post: FormPost = { fields: new Map(), files: [] };
    let busboy: InstanceType<typeof Busboy>;
    try {
      busboy = new Busboy({ headers: req.headers as never, limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_FILES, fields: MAX_FIELDS, fieldSize: 100_000 } });
    } catch {
      reject(new Error('expected a form submission (multipart/form-data or application/x-www-form-urlencoded)'));
      return;
    }
    const writes: Promise<void>[] = [];
    const outs: Array<{ destroy(): void }> = [];
    let aborted = false;
    busboy.on('field', (name: string, value: string) => {
      const list = post.fields.get(name) ?? [];
      list.push(value);
      post.fields.set(name, list);
    });
    busboy.on('file', (field: string, stream: NodeJS.ReadableStream, filename: string) => {
      if (!filename) {
        stream.resume(); // a file input left empty
        return;
      }
      const file: PostedFile = { field, fileId: newHexId(), name: filename.replace(/[^\w.\- ]+/g, '_').slice(0, 120), size: 0, head: Buffer.alloc(0), tooLarge: false };
      post.files.push(file);
      const path = join(filesDir, file.fileId);
      const out = createWriteStream(path);
      outs.push(out);
      const head: Buffer[] = [];
      stream.on('data', (c: Buffer) => {
        if (file.size < SNIFF_BYTES) head.push(c.subarray(0, SNIFF_BYTES - file.size));
        file.size += c.length;
      });
      stream.on('limit', () => {
        file.tooLarge = true;
        stream.unpipe(out);
        stream.resume(); // the rest of this file is drained, never stored
        out.destroy();
      });
      writes.push(
        new Promise<void>((res, rej) => {
          out.on('close', () => {
            file.head = Buffer.concat(head);
            if (file.tooLarge) rmSync(path, { force: true });
            res();
          });
          // after the size limit or an abort the writer is destroyed on purpose: not an error then
          out.on('error', (e) => (file.tooLarge || aborted ? res() : rej(e)));
        }),
      );
      stream.pipe(out);
    });
    busboy.on('error', (e: Error) => reject(e));
    busboy.on('finish', () => {
      Promise.all(writes).then(() => resolve(post), reject);
    });
    // the visitor went away mid-body: nothing more will come, and the parts written so far are no files
    req.on('error', (e) => {
      aborted = true;
      req.unpipe(busboy);
      for (const out of outs) out.destroy();
      for (const f of post.files) rmSync(join(filesDir, f.fileId), { force: true });
      reject(e);
    });
    req.pipe(busboy);
  });
}
