import { linkSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { ConfigFileError } from '../errors.js';
import { processAlive } from '../io/pid.js';

// One writer of the profile file at a time: parallel `auth login`s each read, change and write the
// whole file, and without a lock the last rename wins over the others' profiles. The lock is a file
// beside it holding the owner's pid, made whole before it appears: the pid is written to a private
// file first and hard-linked to the lock's name (link fails when the name exists), so no reader ever
// sees an empty lock and takes it for a dead owner's. A lock whose owner died, or that is older than
// any write takes, is taken over: renamed aside (only one taker can move a given file), and put back
// if what was moved turns out to be a fresh lock another process took meanwhile.

const STALE_MS = 30_000;
const WAIT_MS = 15_000;

/** The lock's inode when it is stale (its owner is gone, or it is older than any write), else undefined. */
function staleLock(path: string): number | undefined {
  try {
    const st = statSync(path);
    const pid = Number(readFileSync(path, 'utf8'));
    return Date.now() - st.mtimeMs > STALE_MS || !processAlive(pid) ? st.ino : undefined;
  } catch {
    return undefined; // gone already: the next try takes it
  }
}

/** Moves a stale lock aside; puts it back when what moved is not the file judged stale. */
function breakStale(path: string, ino: number): void {
  const aside = `${path}.${randomBytes(6).toString('hex')}.stale`;
  try {
    renameSync(path, aside);
  } catch {
    return; // another taker moved it first
  }
  try {
    if (statSync(aside).ino !== ino) linkSync(aside, path); // a live lock taken meanwhile: restore it
  } catch { /* the name was taken again: that owner holds it */ }
  rmSync(aside, { force: true });
}

/** Runs `work` holding the lock `path`; waits (briefly, bounded) while another process holds it. */
export async function withFileLock<T>(path: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const mine = `${path}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(mine, String(process.pid), { mode: 0o600, flag: 'wx' });
  try {
    for (let delay = 5; ; delay = Math.min(delay * 2, 100)) {
      try {
        linkSync(mine, path);
        break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        const ino = staleLock(path);
        if (ino !== undefined) {
          breakStale(path, ino);
          continue;
        }
        if (Date.now() - started > WAIT_MS) throw new ConfigFileError(`the config file is locked by another formctl (${path}); if none is running, remove that file`);
        await new Promise((r) => setTimeout(r, delay + Math.random() * delay));
      }
    }
  } finally {
    rmSync(mine, { force: true });
  }
  try {
    return await work();
  } finally {
    rmSync(path, { force: true });
  }
}
