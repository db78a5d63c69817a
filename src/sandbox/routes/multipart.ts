import { Busboy, type BusboyInstance } from '@fastify/busboy';
import { createWriteStream, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { SNIFF_BYTES } from '../../domain/fileTypes.js';
import { MAX_UPLOAD_BYTES } from '../../domain/limits.js';
import { newHexId } from '../repo/forms.js';
import { boundaryOf, partHeaderWatch } from './partHeaders.js';

/**
 * The ONE multipart reader of the sandbox: the API's upload routes (spec §4.2) and the public form
 * page's POST read their bodies here, with one set of limits and one way to fail. Whatever happens
 * to a body (truncated, malformed, too big, the client gone), the promise settles once, every stream
 * it made has its errors handled, and every file it wrote is removed unless it is returned.
 */

export interface PostedFile {
  field: string;
  fileId: string;
  name: string;
  size: number;
  head: Buffer;
  /** over the per-file limit: its bytes were drained and nothing of it is on disk */
  tooLarge: boolean;
}

export interface MultipartBody {
  /** null-prototype free: a Map, so a part named `__proto__` is just a name */
  fields: Map<string, string[]>;
  files: PostedFile[];
  /** file parts seen, stored or not */
  fileParts: number;
}

export interface MultipartLimits {
  files: number;
  fields: number;
  fieldSize: number;
  /** bytes of the whole body, files included */
  totalBytes: number;
  /** which file parts are written to disk (the rest are drained); by default those with a file name */
  keep?: (field: string, filename: string, index: number) => boolean;
}

/** Limits shared by every multipart body (spec §8: 20 MB a file). */
export const PART_LIMITS = { fileSize: MAX_UPLOAD_BYTES, headerPairs: 20, partHeaderBytes: 8 * 1024 } as const;

/** A body the reader cannot accept: the caller answers 400 (or 413 when `tooLarge`). */
export class MultipartError extends Error {
  constructor(message: string, readonly tooLarge = false) {
    super(message);
  }
}

const keepChosen = (_field: string, filename: string) => filename !== '';
const safeName = (filename: string) => (filename || 'file').replace(/[^\w.\- ]+/g, '_').slice(0, 120);

/** Reads a multipart/form-data (or urlencoded) body. See the module comment for its promises. */
export function readMultipart(req: IncomingMessage, filesDir: string, limits: MultipartLimits): Promise<MultipartBody> {
  return new Promise((resolve, reject) => {
    const body: MultipartBody = { fields: new Map(), files: [], fileParts: 0 };
    const outs: Array<{ destroy(): void }> = [];
    const writes: Promise<void>[] = [];
    let settled = false;
    let received = 0;
    let busboy: BusboyInstance;

    const removeAll = () => {
      for (const out of outs) out.destroy();
      for (const f of body.files) rmSync(join(filesDir, f.fileId), { force: true });
    };
    /** the one way out on failure: stop reading, drain what the client still sends, remove every file */
    const fail = (err: MultipartError) => {
      if (settled) return;
      settled = true;
      req.unpipe(busboy);
      req.resume();
      removeAll();
      reject(err);
    };
    try {
      busboy = new Busboy({
        headers: req.headers as never,
        limits: { fileSize: PART_LIMITS.fileSize, files: limits.files, fields: limits.fields, fieldSize: limits.fieldSize, parts: limits.files + limits.fields, headerPairs: PART_LIMITS.headerPairs, headerSize: PART_LIMITS.partHeaderBytes },
      });
    } catch {
      req.resume();
      reject(new MultipartError('Expected a multipart/form-data body'));
      return;
    }
    busboy.on('field', (name: string, value: string, _nameTruncated: boolean, valueTruncated: boolean) => {
      if (valueTruncated) return fail(new MultipartError(`The part ${JSON.stringify(name.slice(0, 60))} is longer than ${limits.fieldSize} bytes`));
      const list = body.fields.get(name) ?? [];
      list.push(value);
      body.fields.set(name, list);
    });
    busboy.on('file', (field: string, stream: NodeJS.ReadableStream, filename: string) => {
      // a truncated body ends the part with an error: handled on every part, stored or drained
      stream.on('error', (e: Error) => fail(new MultipartError(`Malformed multipart body: ${e.message}`)));
      const index = body.fileParts++;
      if (settled || !(limits.keep ?? keepChosen)(field, filename, index)) {
        stream.resume(); // a part the route does not take (by default: a file input left empty)
        return;
      }
      writes.push(storePart(stream, field, filename));
    });
    busboy.on('filesLimit', () => fail(new MultipartError(`At most ${limits.files} files in one request`)));
    busboy.on('fieldsLimit', () => fail(new MultipartError(`At most ${limits.fields} fields in one request`)));
    busboy.on('partsLimit', () => fail(new MultipartError(`At most ${limits.files + limits.fields} parts in one request`)));
    busboy.on('error', (e: Error) => fail(new MultipartError(`Malformed multipart body: ${e.message}`)));
    busboy.on('finish', () => {
      Promise.all(writes).then(
        () => {
          if (settled) return;
          settled = true;
          resolve(body);
        },
        (e: Error) => fail(new MultipartError(`The file could not be stored: ${e.message}`)),
      );
    });
    // Busboy cuts a longer part header to headerSize without a word: refused here instead
    const headersFit = partHeaderWatch(boundaryOf(req.headers['content-type']), PART_LIMITS.partHeaderBytes);
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > limits.totalBytes) fail(new MultipartError(`The request body is larger than ${limits.totalBytes} bytes`, true));
      else if (!headersFit(chunk)) fail(new MultipartError(`The headers of a part are longer than ${PART_LIMITS.partHeaderBytes} bytes`));
    });
    // the client went away mid-body: nothing more will come, and the parts written so far are no files
    req.on('error', () => fail(new MultipartError('The request body ended early')));
    req.on('aborted', () => fail(new MultipartError('The request body ended early')));
    req.pipe(busboy);

    function storePart(stream: NodeJS.ReadableStream, field: string, filename: string): Promise<void> {
      const file: PostedFile = { field, fileId: newHexId(), name: safeName(filename), size: 0, head: Buffer.alloc(0), tooLarge: false };
      body.files.push(file);
      const path = join(filesDir, file.fileId); // the server's id, never the client's file name
      const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
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
      stream.pipe(out);
      return new Promise<void>((res, rej) => {
        out.on('close', () => {
          file.head = Buffer.concat(head);
          if (file.tooLarge || settled) rmSync(path, { force: true });
          res();
        });
        // after the size limit or a failure the writer is destroyed on purpose: not an error then
        out.on('error', (e) => (file.tooLarge || settled ? res() : rej(e)));
      });
    }
  });
}
