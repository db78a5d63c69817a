import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { UsageError } from '../errors.js';
import { refuseFile, sniffFile, SNIFF_BYTES, type Sniffed } from '../domain/fileTypes.js';
import { MAX_UPLOAD_BYTES } from '../domain/limits.js';


/** Before any request: the file exists, is at most 20 MB, and its content is a type the route takes. */
export function checkUploadFile(path: string, category: 'logo' | 'form' | 'submission'): { size: number; sniffed: Sniffed } {
  let size: number;
  try {
    const st = statSync(path);
    if (st.isDirectory()) throw new UsageError(`cannot upload ${path}: is a directory; name a file`);
    if (!st.isFile()) throw new UsageError(`cannot upload ${path}: not a regular file`);
    size = st.size;
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`cannot read ${path}: ${unreadable(e)}`);
  }
  if (size > MAX_UPLOAD_BYTES) throw new UsageError(`${path} is ${size.toLocaleString('en')} bytes; uploads are limited to 20 MB (${MAX_UPLOAD_BYTES.toLocaleString('en')} bytes)`);
  const head = Buffer.alloc(Math.min(size, SNIFF_BYTES));
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    throw new UsageError(`cannot read ${path}: ${unreadable(e)}`);
  }
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

/** Why a file cannot be read, in words (the bad-input exit, not a crash). */
function unreadable(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return (e as Error).message;
}
