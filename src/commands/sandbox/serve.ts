import { OTHER_ACCOUNT } from '../../sandbox/repo/accountIds.js';
import type { Deps } from '../../cmdutil/factory.js';
import { sandboxDataDir } from '../../config/store.js';
import { UsageError } from '../../errors.js';
import { signalExit, untilInterrupted } from '../../cmdutil/interrupt.js';
import { parseIntFlag } from '../../cmdutil/flags.js';
import { isLoopbackHost } from '../../domain/urls.js';
import type { Plan } from '../../domain/plans.js';
import { paint } from '../../io/streams.js';

interface Opts {
  host: string;
  port?: string;
  data?: string;
  plan?: Plan;
  quota?: string;
  faults?: string;
}

export async function run(deps: Deps, _args: unknown[], opts: Opts): Promise<void> {
  const { findServedSandbox, removeServed, sandboxPort, writeServed } = await import('../../config/sandboxAddress.js');
  const port = parseIntFlag('--port', opts.port, 0, 65535) ?? sandboxPort(deps.io.env, deps.config().settings);
  const quota = parseIntFlag('--quota', opts.quota, 0, 1_000_000_000);
  const { parseFaultProfile } = await (await import('../../sandbox/entry.js')).sandboxFaults();
  let faults;
  try {
    faults = opts.faults === undefined ? undefined : parseFaultProfile(opts.faults);
  } catch (e) {
    throw new UsageError(`--faults: ${(e as Error).message.replace(/^faults: /, '')}`);
  }
  const format = deps.flags.output ?? (deps.flags.json ? 'json' : undefined);
  const dataDir = opts.data ?? sandboxDataDir(deps.io.env);
  const already = await findServedSandbox(dataDir);
  if (already) throw new UsageError(`${dataDir} is already served at ${already.origin} (pid ${already.pid}): --sandbox commands use that one; stop it first, or pass another --data`);
  const { startSandbox, contractChecks } = await (await import('../../sandbox/entry.js')).sandboxServer();
  // beyond loopback, anyone who can reach the sandbox could read its keys: the admin routes need a token
  const adminToken = isLoopbackHost(opts.host) ? undefined : (await import('node:crypto')).randomBytes(18).toString('base64url');
  const sb = await listening(startSandbox({ dataDir, host: opts.host, port, plan: opts.plan, quota, faults, adminToken, contract: contractChecks(deps.io.env) }), opts.host, port);
  const keys = Object.fromEntries(sb.keys.map((k) => [k.role, k.key]));
  // --sandbox commands over this data dir find it here (and its links are live while it serves)
  if (isLoopbackHost(opts.host)) {
    writeServed(dataDir, { pid: process.pid, baseUrl: sb.baseUrl, origin: sb.origin, ownerKey: keys.owner! });
    deps.onCleanup(() => removeServed(dataDir));
  }
  if (format === 'json' || format === 'jsonl' || deps.flags.query !== undefined) {
    await deps.printJson({ baseUrl: sb.baseUrl, origin: sb.origin, dataDir, keys, ...(adminToken ? { adminToken } : {}) }, true);
  } else {
    const p = paint(deps.io.color);
    const lines = [
      `${p.green('formctl sandbox')} listening on ${p.bold(sb.baseUrl)}`,
      `data: ${dataDir}`,
      '',
      'Sandbox keys (local test keys, not real credentials):',
      ...sb.keys.map((k) => `  ${k.role.padEnd(8)} ${k.key}${k.account === OTHER_ACCOUNT ? '  (a second account)' : ''}`),
      '',
      'Point formctl at it:',
      `  export FORMCTL_BASE_URL=${sb.baseUrl} FORMCTL_API_KEY=${keys.owner}`,
      '',
      ...(adminToken ? [`The /_sandbox routes need the header  X-Sandbox-Token: ${adminToken}`, ''] : []),
      'Press Ctrl-C to stop.',
    ];
    deps.io.stdout.write(`${lines.join('\n')}\n`);
  }
  if (!isLoopbackHost(opts.host)) deps.warn(`serving on ${opts.host}: the sandbox is for local development; anyone who can reach it can use its keys`);
  const signal = await untilInterrupted();
  await sb.close();
  throw signalExit(signal);
}

/** A port or address that cannot be had is one sentence with what to do, not a raw EADDRINUSE. */
async function listening<T>(started: Promise<T>, host: string, port: number): Promise<T> {
  try {
    return await started;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`port ${port} on ${host} is in use by another program: pass another --port (or --port 0 for a free one); the sandbox's links follow FORMCTL_SANDBOX_PORT or \`formctl config set sandbox-port N\``);
    if (code === 'EADDRNOTAVAIL') throw new UsageError(`--host ${host}: not an address of this machine`);
    if (code === 'EACCES') throw new UsageError(`port ${port} needs privileges: pick one above 1023, or --port 0`);
    throw e;
  }
}
