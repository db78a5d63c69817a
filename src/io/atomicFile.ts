import { renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** A temporary name beside `path` (same directory, so the final rename is atomic). */
export function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.part`);
}

/** Writes the whole text to a temporary file, then renames it over `path`: readers never see half. */
export function writeFileAtomic(path: string, text: string | Buffer, mode = 0o644): void {
  const temp = tempPathFor(path);
  writeFileSync(temp, text, { mode });
  renameSync(temp, path);
}
