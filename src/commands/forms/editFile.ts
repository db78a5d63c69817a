import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { configDir } from '../../config/store.js';
import { UsageError } from '../../errors.js';

// The file an edit lives in. It is never a temporary file: it stays until its edit was sent, so a
// refused edit, a dropped connection, a "No" or Ctrl-C never cost the work typed into it. Edits that
// formctl itself started live under the config dir (edits/, 0700; each file 0600); a --from file
// is the user's and is never removed.

/** Where `forms edit` keeps the files of its sessions. */
export function editsDir(env: NodeJS.ProcessEnv): string {
  return join(configDir(env), 'edits');
}

/** A new file for an edit of `id`: ID.json, or ID-2.json and so on when an earlier unsent edit keeps the name. */
export function newEditFile(env: NodeJS.ProcessEnv, id: string, ext: string, text: string): string {
  const dir = editsDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  for (let n = 1; ; n++) {
    const path = join(dir, `${id}${n === 1 ? '' : `-${n}`}.${ext}`);
    try {
      // exclusive: a kept edit is never overwritten
      writeFileSync(path, text, { mode: 0o600, flag: 'wx' });
      return path;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
}

/** Edits of `id` that earlier sessions kept (not sent), oldest name first. */
export function keptEdits(env: NodeJS.ProcessEnv, id: string): string[] {
  try {
    const pattern = new RegExp(`^${id}(-\\d+)?\\.(json|ya?ml)$`);
    return readdirSync(editsDir(env)).filter((n) => pattern.test(n)).sort().map((n) => join(editsDir(env), n));
  } catch {
    return [];
  }
}

/** Whether `path` is one of formctl's own edit files (removed once sent), not a file of the user's. */
export function isOwnEdit(env: NodeJS.ProcessEnv, path: string): boolean {
  const rel = relative(editsDir(env), resolve(path));
  return rel !== '' && !rel.startsWith('..') && !rel.includes('/');
}

/** An empty file, or one of whitespace and comments only (# or //): the way to abort an edit. */
export function isEmptyEdit(text: string): boolean {
  return text.split('\n').every((line) => /^\s*((#|\/\/).*)?$/.test(line));
}

/** The text of --from FILE, read before any request; a file that cannot be read is a usage error. */
export function readFromFile(path: string): string {
  try {
    if (statSync(path).isDirectory()) throw new UsageError(`--from ${path}: is a directory; name the file of an edit`);
    return readFileSync(path, 'utf8');
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`--from ${path}: cannot read it (${code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : String(code)})`);
  }
}

export function removeOwnEdit(env: NodeJS.ProcessEnv, path: string): void {
  if (isOwnEdit(env, path)) rmSync(path, { force: true });
}
