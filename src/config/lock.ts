import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { ConfigFileError } from '../errors.js';

// One writer of the profile file at a time: parallel `auth login`s each read, change and write the
// whole file, and without a lock the last rename wins over the others' profiles. The lock is a file
// created exclusively beside it, holding the owner's pid; a lock whose owner died, or that is older
// than any write takes, is taken over.

const STALE_MS = 30_000;
const WAIT_MS = 15_000;

function ownerAlive(path: string): boolean {
  try {
    const pid = Number(readFileSync(path, 'utf8'));
    if (!Number.isSafeInteger(pid) || pid <= 0) return false;
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function stale(path: string): boolean {
  try {
    return Date.now() - statSync(path).mtimeMs > STALE_MS || !ownerAlive(path);
  } catch {
    return false; // gone already: the next try takes it
  }
}

/** Runs `work` holding the lock `path`; waits (briefly, bounded) while another process holds it. */
export async function withFileLock<T>(path: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  for (let delay = 5; ; delay = Math.min(delay * 2, 100)) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      if (stale(path)) {
        rmSync(path, { force: true });
        continue;
      }
      if (Date.now() - started > WAIT_MS) throw new ConfigFileError(`the config file is locked by another formctl (${path}); if none is running, remove that file`);
      await new Promise((r) => setTimeout(r, delay + Math.random() * delay));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(path, { force: true });
  }
}
