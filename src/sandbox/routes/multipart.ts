import type { BusboyInstance } from '@fastify/busboy';
import { createWriteStream, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { SNIFF_BYTES } from '../../domain/fileTypes.js';
import { MAX_UPLOAD_BYTES } from '../../domain/limits.js';
import { newHexId } from '../repo/forms.js';
import { onClientGone } from '../http.js';
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
    let busboy: BusboyInstance;
    try {
      // required on the first multipart body, not when the sandbox starts (most runs never see one)
      const { Busboy } = require('@fastify/busboy') as typeof import('@fastify/busboy');
      busboy = new Busboy({ headers: req.headers as never, limits: busboyLimits(limits) });
    } catch {
      req.resume();
      reject(new MultipartError('Expected a multipart/form-data body'));
      return;
    }
    const read = new MultipartRead(req, busboy, filesDir, limits, resolve, reject);
    busboy.on('field', (name: string, value: string, _nameTruncated: boolean, valueTruncated: boolean) => read.field(name, value, valueTruncated));
    busboy.on('file', (field: string, stream: NodeJS.ReadableStream, filename: string) => read.filePart(field, stream, filename));
    busboy.on('filesLimit', () => read.fail(new MultipartError(`At most ${limits.files} files in one request`)));
    busboy.on('fieldsLimit', () => read.fail(new MultipartError(`At most ${limits.fields} fields in one request`)));
    busboy.on('partsLimit', () => read.fail(new MultipartError(`At most ${limits.files + limits.fields} parts in one request`)));
    busboy.on('error', (e: Error) => read.fail(new MultipartError(`Malformed multipart body: ${e.message}`)));
    busboy.on('finish', () => read.finish());
    watchBody(req, limits, (err) => read.fail(err));
    req.pipe(busboy);
  });
}

/** The route's limits and the shared per-part ones, as Busboy takes them. */
function busboyLimits(limits: MultipartLimits) {
  const { files, fields, fieldSize } = limits;
  return { fileSize: PART_LIMITS.fileSize, files, fields, fieldSize, parts: files + fields, headerPairs: PART_LIMITS.headerPairs, headerSize: PART_LIMITS.partHeaderBytes };
}

/** What Busboy does not check on the raw body: its total size, the size of each part's headers, the client going away. */
function watchBody(req: IncomingMessage, limits: MultipartLimits, fail: (err: MultipartError) => void): void {
  let received = 0;
  // Busboy cuts a longer part header to headerSize without a word: refused here instead
  const headersFit = partHeaderWatch(boundaryOf(req.headers['content-type']), PART_LIMITS.partHeaderBytes);
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > limits.totalBytes) fail(new MultipartError(`The request body is larger than ${limits.totalBytes} bytes`, true));
    else if (!headersFit(chunk)) fail(new MultipartError(`The headers of a part are longer than ${PART_LIMITS.partHeaderBytes} bytes`));
  });
  // the client went away, before the body or in it: nothing more will come, and the parts written so
  // far are no files
  req.on('error', () => fail(new MultipartError('The request body ended early')));
  onClientGone(req, () => fail(new MultipartError('The request body ended early')));
}

/** One body being read: what it holds so far, the files it is writing, and the one way it settles. */
class MultipartRead {
  private readonly body: MultipartBody = { fields: new Map(), files: [], fileParts: 0 };
  private readonly outs: Array<{ destroy(): void }> = [];
  private readonly writes: Promise<void>[] = [];
  private settled = false;

  constructor(
    private readonly req: IncomingMessage,
    private readonly busboy: BusboyInstance,
    private readonly filesDir: string,
    private readonly limits: MultipartLimits,
    private readonly resolve: (body: MultipartBody) => void,
    private readonly reject: (err: MultipartError) => void,
  ) {}

  field(name: string, value: string, valueTruncated: boolean): void {
    if (valueTruncated) return this.fail(new MultipartError(`The part ${JSON.stringify(name.slice(0, 60))} is longer than ${this.limits.fieldSize} bytes`));
    const list = this.body.fields.get(name) ?? [];
    list.push(value);
    this.body.fields.set(name, list);
  }

  filePart(field: string, stream: NodeJS.ReadableStream, filename: string): void {
    // a truncated body ends the part with an error: handled on every part, stored or drained
    stream.on('error', (e: Error) => this.fail(new MultipartError(`Malformed multipart body: ${e.message}`)));
    const index = this.body.fileParts++;
    if (this.settled || !(this.limits.keep ?? keepChosen)(field, filename, index)) {
      stream.resume(); // a part the route does not take (by default: a file input left empty)
      return;
    }
    this.writes.push(this.store(stream, field, filename));
  }

  /** Busboy has read the whole body: settled once every file is on disk. */
  finish(): void {
    Promise.all(this.writes).then(
      () => {
        if (this.settled) return;
        this.settled = true;
        this.resolve(this.body);
      },
      (e: Error) => this.fail(new MultipartError(`The file could not be stored: ${e.message}`)),
    );
  }

  /** The one way out on failure: stop reading, drain what the client still sends, remove every file. */
  fail(err: MultipartError): void {
    if (this.settled) return;
    this.settled = true;
    this.req.unpipe(this.busboy);
    this.req.resume();
    for (const out of this.outs) out.destroy();
    for (const f of this.body.files) rmSync(join(this.filesDir, f.fileId), { force: true });
    this.reject(err);
  }

  /** A file part written under a new server id, its first bytes kept for sniffing; over the size limit it is drained and removed. */
  private store(stream: NodeJS.ReadableStream, field: string, filename: string): Promise<void> {
    const file: PostedFile = { field, fileId: newHexId(), name: safeName(filename), size: 0, head: Buffer.alloc(0), tooLarge: false };
    this.body.files.push(file);
    const path = join(this.filesDir, file.fileId); // the server's id, never the client's file name
    const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
    this.outs.push(out);
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
        if (file.tooLarge || this.settled) rmSync(path, { force: true });
        res();
      });
      // after the size limit or a failure the writer is destroyed on purpose: not an error then
      out.on('error', (e) => (file.tooLarge || this.settled ? res() : rej(e)));
    });
  }
}
