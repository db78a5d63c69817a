import { writeSync } from 'node:fs';

/**
 * Writes the whole text to fd 1 without creating `process.stdout` (a stream whose set-up costs more
 * than the rest of `--version`). A closed pipe ends quietly with 141, as everywhere else.
 */
export function writeOut(text: string): number {
  const buf = Buffer.from(text);
  try {
    for (let off = 0; off < buf.length; ) {
      try {
        off += writeSync(1, buf, off);
      } catch (err) {
        // a non-blocking pipe that is full: wait a moment and write the rest
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
      }
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EPIPE') return 141;
    throw err;
  }
  return 0;
}
