import { UsageError } from '../errors.js';

// $VISUAL or $EDITOR on a file, for forms edit and ai draft: the editor gets the terminal, and a
// command with arguments (`code --wait`) runs through the shell, the file's path quoted for it.

/** The editor to run, or a usage error saying how to set one (and `then`: what to do after). */
export function editorCommand(env: NodeJS.ProcessEnv, then: string): string {
  const editor = env.VISUAL || env.EDITOR;
  if (!editor) throw new UsageError(`set VISUAL or EDITOR to your editor (e.g. export EDITOR=nano), ${then}`);
  return editor;
}

/** A path as one shell word. */
export const shellQuoted = (path: string) => (/^[\w./@%+=:,-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`);

/** Runs the editor on `file` and waits for it; the exit status and signal as the editor left them. */
export async function runEditor(editor: string, file: string, env: NodeJS.ProcessEnv): Promise<{ status: number | null; signal: NodeJS.Signals | null }> {
  const { spawnSync } = await import('node:child_process');
  const r = spawnSync(`${editor} ${shellQuoted(file)}`, { stdio: 'inherit', shell: true, env });
  return { status: r.status, signal: r.signal };
}
