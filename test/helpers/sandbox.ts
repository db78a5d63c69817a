import type { ResultPromise } from 'execa';
import { cleanEnv, runCli, spawnCli, tempDir, type CliResult, type RunOptions } from './cli.js';

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

/** Starts `formctl sandbox serve --port 0` in a temporary data dir, as the e2e tests' server. */
export async function startSandbox(args: string[] = []): Promise<SandboxHandle> {
  const dir = tempDir('formctl-sandbox-');
  const proc: ResultPromise = spawnCli(['sandbox', 'serve', '--port', '0', '--data', `${dir.path}/data`, '-o', 'json', ...args], {});
  const info = await new Promise<{ baseUrl: string; origin: string; dataDir: string; keys: SandboxHandle['keys'] }>((resolve, reject) => {
    let buf = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`sandbox did not start: ${err}`)), 20_000);
    proc.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    proc.stdout!.on('data', (c: Buffer) => {
      buf += c.toString();
      const nl = buf.indexOf('\n');
      if (nl !== -1) {
        clearTimeout(timer);
        resolve(JSON.parse(buf.slice(0, nl)));
      }
    });
    void proc.then((r) => reject(new Error(`sandbox exited (${r.exitCode}): ${err}`)));
  });
  const configDir = `${dir.path}/config`;
  const handle: SandboxHandle = {
    ...info,
    configDir,
    cli: (cliArgs, opts = {}) =>
      runCli(cliArgs, {
        ...opts,
        env: { FORMCTL_CONFIG_DIR: configDir, FORMCTL_BASE_URL: info.baseUrl, FORMCTL_API_KEY: info.keys[opts.role ?? 'owner'], ...opts.env },
      }),
    async admin(method, path, body) {
      const res = await fetch(`${info.origin}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      const json = (await res.json()) as { data: unknown };
      return json.data as never;
    },
    async api(method, path, opts = {}) {
      const res = await fetch(`${info.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${opts.key ?? info.keys.owner}`, 'content-type': 'application/json' },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch { /* binary or text */ }
      return { status: res.status, body };
    },
    async requestCount() {
      return (await handle.requestsSince(0)).length;
    },
    async lastRequestId() {
      return (await handle.requestsSince(0)).at(-1)?.id ?? 0;
    },
    requestsSince: (id) => handle.admin<LoggedRequest[]>('GET', `/_sandbox/requests?since=${id}`),
    async stop() {
      const contract = await handle.admin<{ enabled: boolean; violations: unknown[] }>('GET', '/_sandbox/contract');
      proc.kill('SIGTERM');
      await proc;
      dir.remove();
      if (!contract.enabled) throw new Error('the sandbox ran without contract checks');
      if (contract.violations.length) throw new Error(`contract violations:\n${JSON.stringify(contract.violations, null, 2)}`);
    },
  };
  return handle;
}

export { cleanEnv };
