import { runInProcess, type InProcessOptions } from './inProcessCli.js';
import type { SandboxOptions } from '../../src/sandbox/server.js';
import type { RunOptions } from './cli.js';
import { startSandbox as startServed, type SandboxHandle } from './sandbox.js';

export type { SandboxHandle };

/**
 * The command tests' sandbox: the end-to-end tests' one (served from the test process), with `cli()`
 * and `run()` running formctl in the same process against it, without process starts.
 */
export async function startSandbox(options: Partial<SandboxOptions> | string[] = {}) {
  const sb = await startServed(options);
  type Role = keyof SandboxHandle['keys'];
  const handle = {
    ...sb,
    cli: (args: string[], o: RunOptions & { role?: Role } = {}) => runInProcess(args, { input: o.input, env: sb.env(o.role, o.env) }),
    run: (args: string[], o: InProcessOptions & { role?: Role } = {}) => runInProcess(args, { ...o, env: sb.env(o.role, o.env) }),
    /** the account's forms with this title (one page of 100: tests make fewer) */
    async formsNamed(title: string) {
      return ((await sb.api('GET', '/forms?limit=100')).body.data.items as Array<{ qrId: string; title: string }>).filter((f) => f.title === title);
    },
  };
  return handle;
}

export type CommandSandbox = Awaited<ReturnType<typeof startSandbox>>;
