import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanEnv, runCli, type CliResult, type RunOptions } from './cli.js';
import type { SandboxOptions } from '../../src/sandbox/server.js';
import { inProcessSandbox } from './inProcessSandbox.js';

type Role = keyof SandboxHandle['keys'];
/** the environment that points a command at this sandbox as `role`, with `extra` */
type EnvFor = (role?: Role, extra?: Record<string, string | undefined>) => Record<string, string | undefined>;

/** One line of the sandbox's request log (GET /_sandbox/requests). */
export interface LoggedRequest {
  id: number;
  method: string;
  path: string;
  status: number;
  fault: string | null;
}

export interface SandboxHandle {
  baseUrl: string;
  origin: string;
  dataDir: string;
  keys: Record<'owner' | 'admin' | 'editor' | 'editor2' | 'viewer' | 'other', string>;
  configDir: string;
  /** runs formctl against this sandbox as `role` (owner by default) with its own config dir */
  cli(args: string[], opts?: RunOptions & { role?: keyof SandboxHandle['keys'] }): Promise<CliResult>;
  /** sandbox-only routes (/_sandbox/...) */
  admin<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** a raw API call with a key, for checking state without the CLI */
  api(method: string, path: string, opts?: { key?: string; body?: unknown }): Promise<{ status: number; body: any }>;
  requestCount(): Promise<number>;
  /** id of the newest logged request (0 when none): pass it to requestsSince */
  lastRequestId(): Promise<number>;
  requestsSince(id: number): Promise<LoggedRequest[]>;
  stop(): Promise<void>;
}

/** `sandbox serve` flags (as the end-to-end helper takes them) as options. */
function fromServeFlags(args: string[]): Partial<SandboxOptions> {
  const opts: Partial<SandboxOptions> = {};
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i], args[i + 1]!];
    if (flag === '--plan') opts.plan = value as SandboxOptions['plan'];
    else if (flag === '--quota') opts.quota = Number(value);
    else throw new Error(`startSandbox: unsupported flag ${flag}`);
  }
  return opts;
}

/**
 * The end-to-end tests' server: the sandbox served from the test's own process (the server
 * `formctl sandbox serve` runs, without a process of its own to start in every file), with `cli()`
 * running formctl as a real process against it; `sandbox serve` itself is tested as a process by
 * test/e2e/sandbox.test.ts, sandbox-links.test.ts and others. So a test must not block its event loop
 * (spawnSync) while a command talks to this server. `options`: SandboxOptions, or serve's flags.
 */
export async function startSandbox(options: Partial<SandboxOptions> | string[] = []): Promise<SandboxHandle & { env: EnvFor }> {
  const sb = await inProcessSandbox(Array.isArray(options) ? fromServeFlags(options) : options);
  const configDir = mkdtempSync(join(tmpdir(), 'formctl-config-'));
  const env: EnvFor = (role = 'owner', extra = {}) => ({ FORMCTL_CONFIG_DIR: configDir, FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: sb.keys[role], ...extra });
  const handle = {
    baseUrl: sb.baseUrl,
    origin: sb.origin,
    dataDir: sb.dataDir,
    keys: sb.keys,
    configDir,
    env,
    cli: (args: string[], opts: RunOptions & { role?: Role } = {}) => runCli(args, { ...opts, env: env(opts.role, opts.env) }),
    admin: sb.admin,
    async api(method: string, path: string, opts: { key?: string; body?: unknown } = {}) {
      const r = await sb.api(method, path, { key: opts.key ?? sb.keys.owner, body: opts.body });
      return { status: r.status, body: r.body };
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

export { cleanEnv };
