import { accessSync, constants, createWriteStream, renameSync, rmSync, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { openTempFile } from '../io/atomicFile.js';
import type { Deps } from './factory.js';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../errors.js';

/**
 * A file the command will write, checked before the first request (quota is money): not a
 * directory, in a directory that exists and can be written. Messages name the path as typed.
 * stdout: the flag also takes - for standard output (the caller handles that one before).
 */
export function checkOutputPath(flag: string, path: string, opts: { force?: boolean; stdout?: boolean } = {}): void {
  // `-` is standard output only for a flag that takes it (--out): anywhere else it would be a file named "-"
  if (path === '-' && !opts.stdout) throw new UsageError(`${flag} -: this takes a file name (- for standard output is --out's)`);
  let st: ReturnType<typeof statSync> | undefined;
  try {
    st = statSync(path);
  } catch { /* does not exist yet: its directory is checked below */ }
  if (st?.isDirectory()) throw new UsageError(`${flag} ${path}: is a directory; name a file in it`);
  // a device, a FIFO or a socket (or a symlink to one) would be replaced by a regular file: for
  // standard output the flag takes -
  if (st && !st.isFile()) throw new UsageError(`${flag} ${path}: not a regular file (a device, pipe or socket); name a file${opts.stdout ? ', or - for standard output' : ''}`);
  // one rule for every command that writes a file: an existing one is replaced only when asked
  if (st && opts.force === false) throw new UsageError(`${flag} ${path}: the file exists; pass --force to overwrite it`);
  const dir = dirname(resolve(path));
  let dirStat: ReturnType<typeof statSync>;
  try {
    dirStat = statSync(dir);
  } catch {
    throw new UsageError(`${flag} ${path}: the directory ${dirname(path)} does not exist`);
  }
  if (!dirStat.isDirectory()) throw new UsageError(`${flag} ${path}: ${dirname(path)} is not a directory`);
  try {
    accessSync(dir, constants.W_OK);
    if (st) accessSync(path, constants.W_OK);
  } catch {
    throw new UsageError(`${flag} ${path}: cannot write there (permission denied)`);
  }
}

/**
 * Streams a body into `target` through a temporary file beside it, renamed into place when complete:
 * never a half-written file, and nothing left behind on failure or Ctrl-C (a cleanup of the run).
 * `mode` 0600 for what holds people's data (scans, submissions).
 */
export async function saveStream(deps: Pick<Deps, 'onCleanup'>, body: NodeJS.ReadableStream, target: string, mode = 0o644): Promise<void> {
  const { temp, fd } = openTempFile(target, mode);
  let finished = false;
  deps.onCleanup(() => {
    if (!finished) rmSync(temp, { force: true });
  });
  try {
    await pipeline(body, createWriteStream('', { fd }));
    renameSync(temp, target);
    finished = true;
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
}
