import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { UsageError } from '../errors.js';
import { refuseFile, sniffFile, SNIFF_BYTES, type Sniffed } from '../domain/fileTypes.js';
import { MAX_UPLOAD_BYTES } from '../domain/limits.js';


/** Before any request: the file exists, is at most 20 MB, and its content is a type the route takes. */
export function checkUploadFile(path: string, category: 'logo' | 'form' | 'submission'): { size: number; sniffed: Sniffed } {
  let size: number;
  try {
    const st = statSync(path);
    if (!st.isFile()) throw new Error('not a file');
    size = st.size;
  } catch {
    throw new UsageError(`cannot read ${path}: no such file`);
  }
  if (size > MAX_UPLOAD_BYTES) throw new UsageError(`${path} is ${size.toLocaleString('en')} bytes; uploads are limited to 20 MB (${MAX_UPLOAD_BYTES.toLocaleString('en')} bytes)`);
  const head = Buffer.alloc(Math.min(size, SNIFF_BYTES));
  const fd = openSync(path, 'r');
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  const sniffed = sniffFile(head);
  const refusal = refuseFile(category, sniffed);
  if (refusal) throw new UsageError(`${path}: ${refusal}`);
  return { size, sniffed: sniffed! };
}
