import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import { writeFileAtomic } from '../io/atomicFile.js';
import type { Settings } from './types.js';
import { processAlive } from '../io/pid.js';

// The sandbox has one address, so that the links it issues keep working after the command that
// printed them has ended: http://127.0.0.1:<sandbox port>. `formctl sandbox serve` listens there,
// and a `--sandbox` command either talks to the sandbox being served from its data dir, or runs one
// in-process that still writes links to that address (they open once `sandbox serve` runs).
// The served sandbox announces itself with a file in its data dir; a `--sandbox` command reads it.

const DEFAULT_SANDBOX_PORT = 4010;
const SANDBOX_HOST = '127.0.0.1';

/** The sandbox's port: FORMCTL_SANDBOX_PORT, else the sandbox-port setting, else 4010. */
export function sandboxPort(env: NodeJS.ProcessEnv, settings: Settings): number {
  const raw = env.FORMCTL_SANDBOX_PORT;
  if (raw !== undefined && raw !== '') {
    if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 65535) throw new UsageError(`FORMCTL_SANDBOX_PORT: expected a port from 1 to 65535, got "${raw}"`);
    return Number(raw);
  }
  return settings.sandboxPort ?? DEFAULT_SANDBOX_PORT;
}

/** The origin of the links the sandbox issues when it is not being served. */
export function sandboxLinkOrigin(port: number): string {
  return `http://${SANDBOX_HOST}:${port}`;
}

/** What `sandbox serve` writes in its data dir while it serves (0600: it holds the owner key). */
export interface ServedSandbox {
  pid: number;
  baseUrl: string;
  origin: string;
  /** the owner's key, so that a `--sandbox` command needs no look into the database */
  ownerKey: string;
}

const SERVED_FILE = 'served.json';

export function writeServed(dataDir: string, served: ServedSandbox): void {
  writeFileAtomic(join(dataDir, SERVED_FILE), `${JSON.stringify(served)}\n`, 0o600);
}

/** Removes the record when it is this process's (a later server's record stays). */
export function removeServed(dataDir: string): void {
  if (readServed(dataDir)?.pid === process.pid) rmSync(join(dataDir, SERVED_FILE), { force: true });
}

function readServed(dataDir: string): ServedSandbox | undefined {
  try {
    const v = JSON.parse(readFileSync(join(dataDir, SERVED_FILE), 'utf8')) as Partial<ServedSandbox>;
    if (typeof v.pid !== 'number' || typeof v.baseUrl !== 'string' || typeof v.origin !== 'string' || typeof v.ownerKey !== 'string') return undefined;
    return v as ServedSandbox;
  } catch {
    return undefined;
  }
}

/** Whether something accepts connections at `origin` (loopback: an answer within a few ms). */
async function accepting(origin: string, timeoutMs = 500): Promise<boolean> {
  const { connect } = await import('node:net');
  const u = new URL(origin);
  return new Promise((resolve) => {
    const socket = connect({ host: u.hostname.replace(/^\[|\]$/g, ''), port: Number(u.port) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * The sandbox being served from `dataDir`, when there is one: its record names a live process and
 * its address takes connections. A record left by a server that was killed is ignored.
 */
export async function findServedSandbox(dataDir: string): Promise<ServedSandbox | undefined> {
  const served = readServed(dataDir);
  if (!served || !processAlive(served.pid)) return undefined;
  return (await accepting(served.origin)) ? served : undefined;
}
