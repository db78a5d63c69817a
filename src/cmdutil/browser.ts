import type { IOStreams } from '../io/streams.js';

// Opening a link in the person's browser, as gh does: $FORMCTL_BROWSER or $BROWSER when set, else
// the system's opener (xdg-open, open, or start on Windows). Off a terminal nothing is opened: the
// link is printed for whoever reads the output.

/** The command that opens a URL here (whether it exists shows when it is started). */
function browserCommand(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): { file: string; args: string[] } {
  const chosen = env.FORMCTL_BROWSER || env.BROWSER;
  if (chosen) return { file: chosen, args: [] };
  if (platform === 'darwin') return { file: 'open', args: [] };
  if (platform === 'win32') return { file: 'cmd', args: ['/c', 'start', '""'] };
  return { file: 'xdg-open', args: [] };
}

/**
 * Opens `url` in a browser when a person is at the terminal; true when an opener was started. The
 * opener runs detached (formctl does not wait for the browser), its output discarded.
 */
export async function openInBrowser(io: IOStreams, url: string): Promise<boolean> {
  if (!io.isStdoutTTY || !io.isStdinTTY) return false;
  const cmd = browserCommand(io.env);
  const { spawn } = await import('node:child_process');
  return new Promise((resolve) => {
    const child = spawn(cmd.file, [...cmd.args, url], { detached: true, stdio: 'ignore', env: io.env });
    child.once('error', () => resolve(false)); // no such opener (xdg-open missing on a server)
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
}
