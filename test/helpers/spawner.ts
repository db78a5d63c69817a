import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

// The commands a test runs to completion (runCli, the documentation's shell lines) are started by a
// small process of the worker's (spawnerChild.cjs), not by the worker itself. Starting a process
// copies the page tables of the one that starts it: a test worker grows to 300–550 MB over a run,
// and each command it started cost it about 9 ms of CPU and 18 ms of waiting, against 1.5 ms from a
// 45 MB process, for some 200 commands a run. Commands a test talks to while they run (a prompt, a
// signal, a server) are still started by the worker (execa).

export interface Ran {
  /** the exit code; -1 when a signal ended the command (a timeout: SIGTERM) */
  exitCode: number;
  stdout: Buffer;
  stderr: Buffer;
}

export interface RunToEnd {
  /** the whole environment (nothing is inherited); undefined values are left out */
  env: Record<string, string | undefined>;
  cwd?: string;
  input?: string | Buffer;
  /** ms until SIGTERM */
  timeout?: number;
}

interface Reply {
  id: number;
  code?: number | null;
  stdout?: Uint8Array;
  stderr?: Uint8Array;
  error?: string;
}

let spawner: ChildProcess | undefined;
let next = 0;
const pending = new Map<number, { resolve(r: Ran): void; reject(e: Error): void }>();

function startSpawner(): ChildProcess {
  const child = fork(join(import.meta.dirname, 'spawnerChild.cjs'), [], {
    // not the worker's own flags (a profiler, vitest's loaders)
    execArgv: [],
    env: { PATH: process.env.PATH },
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('message', (r: Reply) => {
    const p = pending.get(r.id);
    pending.delete(r.id);
    if (pending.size === 0) child.channel?.unref();
    if (!p) return;
    if (r.error !== undefined) return p.reject(new Error(r.error));
    p.resolve({ exitCode: r.code ?? -1, stdout: Buffer.from(r.stdout!), stderr: Buffer.from(r.stderr!) });
  });
  child.on('exit', (code, signal) => {
    spawner = undefined;
    for (const p of pending.values()) p.reject(new Error(`the tests' spawner stopped (${signal ?? `exit ${code}`})`));
    pending.clear();
  });
  // an idle spawner does not keep the worker alive
  child.unref();
  child.channel?.unref();
  return child;
}

/** Runs `file args` to its end from the worker's spawner: how it ended, and what it printed. */
export function runToEnd(file: string, args: readonly string[], opts: RunToEnd): Promise<Ran> {
  const s = (spawner ??= startSpawner());
  const id = next++;
  const env = Object.fromEntries(Object.entries(opts.env).filter((e): e is [string, string] => e[1] !== undefined));
  return new Promise<Ran>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    s.channel?.ref();
    s.send({ id, file, args, env, cwd: opts.cwd ?? process.cwd(), input: opts.input ?? '', timeout: opts.timeout });
  });
}
