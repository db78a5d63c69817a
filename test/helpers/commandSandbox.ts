import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SandboxOptions } from '../../src/sandbox/server.js';
import type { RunOptions } from './cli.js';
import { runInProcess, type InProcessOptions } from './inProcessCli.js';
import { inProcessSandbox } from './inProcessSandbox.js';
import type { LoggedRequest, SandboxHandle } from './sandbox.js';

export type { SandboxHandle };

/**
 * The command tests' sandbox: served from the test process, with `cli()` running formctl in the
 * same process against it. The same handle as the end-to-end helper, without process starts.
 */
export async function startSandbox(options: Partial<SandboxOptions> | string[] = {}): Promise<SandboxHandle & { run(args: string[], opts?: InProcessOptions & { role?: keyof SandboxHandle['keys'] }): ReturnType<typeof runInProcess>; formsNamed(title: string): Promise<Array<{ qrId: string; title: string }>> }> {
  const sb = await inProcessSandbox(Array.isArray(options) ? fromServeFlags(options) : options);
  const configDir = mkdtempSync(join(tmpdir(), 'formctl-config-'));
  const env = (role: keyof SandboxHandle['keys'] = 'owner', extra: Record<string, string | undefined> = {}) => ({
    FORMCTL_CONFIG_DIR: configDir,
    FORMCTL_BASE_URL: sb.baseUrl,
    FORMCTL_API_KEY: sb.keys[role],
    ...extra,
  });
  const handle = {
    baseUrl: sb.baseUrl,
    origin: sb.origin,
    dataDir: sb.dataDir,
    keys: sb.keys,
    configDir,
    cli: (args: string[], o: RunOptions & { role?: keyof SandboxHandle['keys'] } = {}) => runInProcess(args, { input: o.input, env: env(o.role, o.env) }),
    run: (args: string[], o: InProcessOptions & { role?: keyof SandboxHandle['keys'] } = {}) => runInProcess(args, { ...o, env: env(o.role, o.env) }),
    admin: sb.admin,
    async api(method: string, path: string, o: { key?: string; body?: unknown } = {}) {
      const r = await sb.api(method, path, { key: o.key ?? sb.keys.owner, body: o.body });
      return { status: r.status, body: r.body };
    },
    /** the account's forms with this title (one page of 100: tests make fewer) */
    async formsNamed(title: string) {
      return ((await handle.api('GET', '/forms?limit=100')).body.data.items as Array<{ qrId: string; title: string }>).filter((f) => f.title === title);
    },
    async requestCount() {
      return (await handle.requestsSince(0)).length;
    },
    async lastRequestId() {
      return (await handle.requestsSince(0)).at(-1)?.id ?? 0;
    },
    requestsSince: (id: number) => sb.admin<LoggedRequest[]>('GET', `/_sandbox/requests?since=${id}`),
    async stop() {
      rmSync(configDir, { recursive: true, force: true });
      await sb.stop();
    },
  };
  return handle;
}

/** `sandbox serve` flags (as the end-to-end helper takes them) as options. */
function fromServeFlags(args: string[]): Partial<SandboxOptions> {
  const opts: Partial<SandboxOptions> = {};
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i], args[i + 1]!];
    if (flag === '--plan') opts.plan = value as SandboxOptions['plan'];
    else if (flag === '--quota') opts.quota = Number(value);
    else throw new Error(`commandSandbox: unsupported flag ${flag}`);
  }
  return opts;
}

export type CommandSandbox = Awaited<ReturnType<typeof startSandbox>>;
