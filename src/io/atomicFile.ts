import { closeSync, fsyncSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { processAlive } from './pid.js';

// Files are written beside their target under a temporary name, then renamed into place: readers
// never see half a file. The temporary file is created exclusively (O_EXCL, a random part in its
// name), so a name planted in advance, a symlink included, is never opened; and the temporary files
// a killed run left (its pid no longer alive) are removed by the next write of the same file.

const PART = /^\.(.+)\.(\d+)\.[0-9a-f]{12}\.part$/;

/** Removes the temporary files of `path` that dead processes left behind. */
function removeStaleTemps(path: string): void {
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch {
    return;
  }
  for (const name of names) {
    const m = PART.exec(name);
    if (m && m[1] === basename(path) && Number(m[2]) !== process.pid && !processAlive(Number(m[2]))) rmSync(join(dirname(path), name), { force: true });
  }
}

/** A new temporary file beside `path` (same directory, so the final rename is atomic), opened for writing. */
export function openTempFile(path: string, mode = 0o644): { temp: string; fd: number } {
  removeStaleTemps(path);
  // node:crypto on first write, not at load: `forms list` loads this module and seldom writes
  const { randomBytes } = require('node:crypto') as typeof import('node:crypto');
  for (;;) {
    const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.part`);
    try {
      return { temp, fd: openSync(temp, 'wx', mode) };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
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

/** Writes all of `buf` to `fd` (one write(2) may take only part of it). */
export function writeAllSync(fd: number, buf: Buffer): void {
  for (let off = 0; off < buf.length; ) off += writeSync(fd, buf, off);
}

/** Writes the whole text to a temporary file, syncs it, then renames it over `path`: readers never see half. */
export function writeFileAtomic(path: string, text: string | Buffer, mode = 0o644, opts: { sync?: boolean } = {}): void {
  const { temp, fd } = openTempFile(path, mode);
  try {
    try {
      writeAllSync(fd, typeof text === 'string' ? Buffer.from(text) : text);
      if (opts.sync !== false) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (opts.sync === false) renameSync(temp, path);
    else commitTempFile(temp, path);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
}
