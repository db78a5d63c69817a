import type { IOStreams } from '../io/streams.js';

// Opening a link in the person's browser, as gh does: $FORMCTL_BROWSER or $BROWSER when set (a
// command with arguments, run by /bin/sh as $EDITOR is; `%s` stands for the link, else the link comes
// last), else the system's opener (xdg-open, open, or start on Windows). Off a terminal, or
// with CI set, nothing is opened: the link is printed for whoever reads the output.

/** how long an opener may take to say it failed (xdg-open, open and a browser's launcher answer at once; a browser itself runs on) */
const OPENER_VERDICT_MS = 1500;

/** The command that opens a URL here: through the shell when it is the person's own (`shell`: its exit 127 is a command not found). */
export function browserCommand(env: NodeJS.ProcessEnv, url: string, platform: NodeJS.Platform = process.platform): { file: string; args: string[]; shell: boolean; name: string } {
  const chosen = env.FORMCTL_BROWSER || env.BROWSER;
  if (chosen) {
    const name = env.FORMCTL_BROWSER ? 'FORMCTL_BROWSER' : 'BROWSER';
    // Windows: the program alone, the link its one argument
    if (platform === 'win32') return { file: chosen, args: [url], shell: false, name };
    // the link reaches the shell as "$1", never as text of the command line: however the person
    // quoted %s, and whatever a link holds, the shell does not read it as a command
    // (a %s the person quoted, '%s' or "%s", is the argument too: inside single quotes "$1" would be text)
    const line = chosen.includes('%s') ? chosen.replace(/'%s'|"%s"|%s/g, '"$1"') : `${chosen} "$1"`;
    return { file: '/bin/sh', args: ['-c', line, 'sh', url], shell: true, name };
  }
  if (platform === 'darwin') return { file: 'open', args: [url], shell: false, name: 'open' };
  if (platform === 'win32') return { file: 'cmd', args: ['/c', 'start', '""', url], shell: false, name: 'start' };
  return { file: 'xdg-open', args: [url], shell: false, name: 'xdg-open' };
}

/** what came of opening: not tried (off a terminal, CI), opened, or why not */
export type Opened = { tried: false; why: string } | { tried: true; ok: true } | { tried: true; ok: false; why: string };

/**
 * Opens `url` in a browser when a person is at the terminal. The opener runs detached (formctl does
 * not wait for the browser); one that ends with a failure at once (xdg-open with no browser: exit 3)
 * is a failure, as gh reports it.
 */
export async function openInBrowser(io: IOStreams, url: string): Promise<Opened> {
  if (io.ci) return { tried: false, why: 'CI is set' };
  if (!io.isStdoutTTY || !io.isStdinTTY) return { tried: false, why: 'not on a terminal' };
  const cmd = browserCommand(io.env, url);
  const { spawn } = await import('node:child_process');
  return new Promise((resolve) => {
    const child = spawn(cmd.file, cmd.args, { detached: true, stdio: 'ignore', env: io.env });
    const timer = setTimeout(() => {
      child.unref();
      resolve({ tried: true, ok: true });
    }, OPENER_VERDICT_MS);
    child.once('error', () => {
      clearTimeout(timer);
      resolve({ tried: true, ok: false, why: `no ${cmd.name} here (set BROWSER to your browser)` });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve({ tried: true, ok: true });
      const how = signal ? `was ended by ${signal}` : code === 127 && cmd.shell ? 'names no command found' : `exited with ${code}`;
      resolve({ tried: true, ok: false, why: `${cmd.shell ? `$${cmd.name}` : cmd.name} ${how}` });
    });
  });
}
