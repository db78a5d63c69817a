import { closeSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** A temporary name beside `path` (same directory, so the final rename is atomic). */
export function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.part`);
}

/**
 * Moves a fully written and synced temporary file into place and syncs the directory, so that once
 * this returns the file survives a crash (a checkpoint may then move forward).
 */
export function commitTempFile(temp: string, path: string): void {
  renameSync(temp, path);
  try {
    const dir = openSync(dirname(path), 'r');
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  } catch {
    /* directories cannot be synced on every platform; the rename itself is still atomic */
  }
}

/** Writes the whole text to a temporary file, syncs it, then renames it over `path`: readers never see half. */
export function writeFileAtomic(path: string, text: string | Buffer, mode = 0o644): void {
  const temp = tempPathFor(path);
  const fd = openSync(temp, 'w', mode);
  try {
    writeSync(fd, typeof text === 'string' ? Buffer.from(text) : text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  commitTempFile(temp, path);
}
